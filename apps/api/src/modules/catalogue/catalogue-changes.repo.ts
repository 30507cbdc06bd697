import pg from 'pg';
import type { IsoDate } from './civil-date.js';

/** The channel migration 0011's triggers notify with the id of each changed house group. */
export const CATALOGUE_CHANNEL = 'catalogue_changed';
/** The channel migration 0012's triggers notify with each statement's changes of ACTIVE stays. */
export const STAYS_CHANNEL = 'stays_changed';

export type StayNights = { houseId: string; checkin: IsoDate; checkout: IsoDate };

/**
 * The ACTIVE stays of one house group that one statement changed: `removed` were active before
 * it, `added` after it (apply in that order). Null `delta` when there were too many to send:
 * the group's stays must be read again.
 */
export type StaysChange = {
  houseGroupId: string;
  delta: { removed: StayNights[]; added: StayNights[] } | null;
};

type StayTuple = [string, IsoDate, IsoDate];

const isStayTuple = (x: unknown): x is StayTuple =>
  Array.isArray(x) && x.length === 3 && x.every((v) => typeof v === 'string');

/** A `stays_changed` payload (see migration 0012), or null when it is not one. */
export function parseStaysChange(payload: string): StaysChange | null {
  let p: { g?: unknown; del?: unknown; add?: unknown };
  try {
    p = JSON.parse(payload) as typeof p;
  } catch {
    return null;
  }
  if (typeof p.g !== 'string') return null;
  if (p.del === undefined && p.add === undefined) return { houseGroupId: p.g, delta: null };
  if (!Array.isArray(p.del) || !Array.isArray(p.add) || ![...p.del, ...p.add].every(isStayTuple)) return null;
  const nights = ([houseId, checkin, checkout]: StayTuple) => ({ houseId, checkin, checkout });
  return { houseGroupId: p.g, delta: { removed: p.del.map(nights), added: p.add.map(nights) } };
}

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
  onStaysChange: (change: StaysChange) => void,
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
    if (!msg.payload) return;
    if (msg.channel === CATALOGUE_CHANNEL) onChange(msg.payload);
    else if (msg.channel === STAYS_CHANNEL) {
      const change = parseStaysChange(msg.payload);
      if (change) onStaysChange(change);
      // A change that cannot be read cannot be applied: drop the connection, so that every copy
      // is dropped and loaded again, as after any lost notification.
      else void client.end().catch(() => undefined);
    }
  });
  client.on('error', lose);
  client.on('end', () => lose(new Error('the listening connection ended')));
  await client.connect();
  try {
    await client.query(`LISTEN ${CATALOGUE_CHANNEL}; LISTEN ${STAYS_CHANNEL}`);
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
