import pg from 'pg';

/** The channel migration 0011's triggers notify with the id of each changed house group. */
export const CATALOGUE_CHANNEL = 'catalogue_changed';

export type CatalogueListener = {
  /**
   * Resolves once every notification committed before the call has been handed to `onChange`:
   * PostgreSQL sends a listening session the notifications it has received before the
   * ReadyForQuery of its next statement, so one round trip on the listening connection is enough.
   */
  barrier: () => Promise<void>;
  close: () => Promise<void>;
};

/**
 * Listens on its own connection (not one of the pool's: it is held for the life of the process and
 * must not keep `pool.end()` waiting). `onLost` runs once when the connection drops; notifications
 * may have been missed from then on.
 */
export async function listenForCatalogueChanges(
  pool: pg.Pool,
  onChange: (houseGroupId: string) => void,
  onLost: (err: Error) => void,
): Promise<CatalogueListener> {
  const client = new pg.Client(pool.options);
  let lost = false;
  const lose = (err: Error) => {
    if (lost) return;
    lost = true;
    onLost(err);
  };
  client.on('notification', (msg) => {
    if (msg.channel === CATALOGUE_CHANNEL && msg.payload) onChange(msg.payload);
  });
  client.on('error', lose);
  client.on('end', () => lose(new Error('the listening connection ended')));
  await client.connect();
  try {
    await client.query(`LISTEN ${CATALOGUE_CHANNEL}`);
  } catch (err) {
    lost = true;
    await client.end().catch(() => undefined);
    throw err;
  }
  return {
    barrier: async () => {
      await client.query('SELECT 1');
    },
    close: async () => {
      lost = true;
      await client.end().catch(() => undefined);
    },
  };
}
