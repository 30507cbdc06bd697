import pg from 'pg';

export type ListeningConnection = {
  /** The connection, for queries that must run on it (they see what it was notified of). */
  client: pg.Client;
  /** Gives the connection up as lost: ends it and runs `onLost`, once. */
  lose: (err: Error) => void;
  /** Ends the connection without running `onLost`. */
  close: () => Promise<void>;
};

/**
 * A connection that LISTENs on `channel`, opened beside the pool rather than taken from it: it is
 * held for the life of the process, so it must neither take a connection requests would get nor
 * keep `pool.end()` waiting. `onLost` runs once when the connection drops; notifications may have
 * been missed from then on.
 */
export async function openListeningConnection(
  pool: pg.Pool,
  channel: string,
  onNotice: (payload: string) => void,
  onLost: (err: Error) => void,
): Promise<ListeningConnection> {
  const client = new pg.Client(pool.options);
  let closed = false;
  const lose = (err: Error) => {
    if (closed) return;
    closed = true;
    client.end().catch(() => undefined);
    onLost(err);
  };
  client.on('notification', (msg) => {
    if (msg.channel === channel && msg.payload) onNotice(msg.payload);
  });
  client.on('error', lose);
  client.on('end', () => lose(new Error('the listening connection ended')));
  const close = async () => {
    if (closed) return;
    closed = true;
    await client.end().catch(() => undefined);
  };
  try {
    await client.connect();
    await client.query(`LISTEN ${channel}`);
  } catch (err) {
    await close();
    throw err;
  }
  return { client, lose, close };
}
