import type pg from 'pg';
import { openListeningConnection } from '../../platform/db/listening-connection.js';
import type { IsoDate } from '@yado/contract/civil-date';

/** The channel migration 0011's triggers notify with the id of each changed house group. */
export const CATALOGUE_CHANNEL = 'catalogue_changed';
export type StayNights = { houseId: string; checkin: IsoDate; checkout: IsoDate };

/**
 * The ACTIVE stays of one house group that one statement changed (a row of migration 0014's
 * stay_changes): `removed` were active before it, `added` after it (apply in that order). Null
 * `delta` when there were too many to write, or the row cannot be read: the group's stays must
 * be read again.
 */
export type StaysChange = {
  houseGroupId: string;
  delta: { removed: StayNights[]; added: StayNights[] } | null;
};

type StayTuple = [string, IsoDate, IsoDate];

const isStayTuple = (x: unknown): x is StayTuple =>
  Array.isArray(x) && x.length === 3 && x.every((v) => typeof v === 'string');

/** A stay_changes row as the change log read gives it: [house group, removed, added]. */
export function toStaysChange([houseGroupId, removed, added]: [string, unknown, unknown]): StaysChange {
  if (!Array.isArray(removed) || !Array.isArray(added) || ![...removed, ...added].every(isStayTuple)) {
    return { houseGroupId, delta: null };
  }
  const nights = ([houseId, checkin, checkout]: StayTuple) => ({ houseId, checkin, checkout });
  return { houseGroupId, delta: { removed: removed.map(nights), added: added.map(nights) } };
}

/**
 * The stay_changes rows of every transaction the previous read's snapshot did not see (an xid at
 * or above its xmax, or one it lists as in progress) and that this read's snapshot sees, in xid
 * order, with this read's snapshot for the next one. Rows of a transaction still in progress now
 * are left for a later read: its xid is in the new snapshot's list, or above its xmax.
 */
const READ_STAY_CHANGES = `
  SELECT pg_current_snapshot()::text AS snapshot,
         coalesce(json_agg(json_build_array(c.house_group_id, c.removed, c.added) ORDER BY c.xid), '[]') AS changes
  FROM stay_changes c
  WHERE c.xid >= pg_snapshot_xmax($1::pg_snapshot)
     OR c.xid = ANY (ARRAY(SELECT pg_snapshot_xip($1::pg_snapshot)))`;

/** Rows are pruned after an hour; a reader that has not read for half of that may have missed some. */
const MAX_READ_GAP_MS = 30 * 60_000;

/** Drops the rows of the stay and catalogue change logs (migrations 0014 and 0015) older than an hour. */
export async function pruneChangeLogs(db: pg.Pool, now: Date): Promise<void> {
  await db.query(`DELETE FROM stay_changes WHERE at < $1::timestamptz - interval '1 hour'`, [now]);
  await db.query(`DELETE FROM catalogue_changes WHERE at < $1::timestamptz - interval '1 hour'`, [now]);
}

export type CatalogueListener = {
  /**
   * Resolves once every change committed before the call has been handed to `onChange` and
   * `onStaysChange`: PostgreSQL sends a listening session the notifications it has received before
   * the ReadyForQuery of its next statement, and that statement reads the stay changes committed
   * since the last one, so one round trip on the listening connection is enough.
   */
  barrier: () => Promise<void>;
  close: () => Promise<void>;
};

/**
 * Listens (and reads the stay change log) on a connection of its own (platform/db's
 * openListeningConnection). `onLost` runs once when the connection drops; changes may have been
 * missed from then on.
 */
export async function listenForCatalogueChanges(
  pool: pg.Pool,
  onChange: (houseGroupId: string) => void,
  onStaysChange: (change: StaysChange) => void,
  onLost: (err: Error) => void,
): Promise<CatalogueListener> {
  const { client, lose, close } = await openListeningConnection(pool, CATALOGUE_CHANNEL, onChange, onLost);
  let snapshot: string;
  try {
    // This connection runs one statement over and over: its plan for any snapshot reads the log by
    // its index, but PostgreSQL would plan it again for every read, at more than it costs to run.
    await client.query('SET plan_cache_mode = force_generic_plan');
    // Stay changes are read from here on; whoever keeps copies loads them after `up`.
    snapshot = (await client.query<{ s: string }>('SELECT pg_current_snapshot()::text AS s')).rows[0]!.s;
  } catch (err) {
    await close();
    throw err;
  }
  let readAt = Date.now();
  return {
    barrier: async () => {
      if (Date.now() - readAt > MAX_READ_GAP_MS) {
        const err = new Error('the stay change log was not read for too long');
        lose(err);
        throw err;
      }
      const r = await client.query<{ snapshot: string; changes: [string, unknown, unknown][] }>({
        name: 'read_stay_changes',
        text: READ_STAY_CHANGES,
        values: [snapshot],
      });
      snapshot = r.rows[0]!.snapshot;
      readAt = Date.now();
      for (const row of r.rows[0]!.changes) onStaysChange(toStaysChange(row));
    },
    close,
  };
}
