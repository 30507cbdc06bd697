import type { Db } from '../../platform/db/pool.js';
import * as repo from './booking.repo.js';

/*
 * One-call owner holds of one share, sent together when they come faster than the database takes
 * them (decision 0057). Holds of one share cannot pass each other in the database: each takes the
 * share's balance lock with its slots and keeps it until its commit. Sent one call each, fifty
 * holds at once were fifty transactions queued on that lock, each keeping a connection, its
 * stay's night locks and its rows' key locks while it waited, then committing one after another.
 *
 * Here at most CALLS_PER_SHARE calls of a share are under way; a hold that finds fewer goes at
 * once (alone, when nothing else waits: a hold without company waits for nothing), and holds that
 * arrive meanwhile wait in memory and go in the next call together (hold_owner_stays): their
 * stays are written first, each in a subtransaction of its own, and all their slots in one last
 * statement, so the balance lock is taken once per call and held only for that statement and the
 * commit, while the other call of the share writes its stays. When the ledger's guard refuses a
 * slot of such a call (a balance spent) nothing of it stands and each of its holds goes again
 * alone, held or refused by itself; so does each when anything else undoes the call (a deadlock
 * between night locks of its stays and another hold's, say), so that an error reaches only the
 * hold that caused it.
 */

/** The most holds in one call: each is a subtransaction, and a transaction keeps 64 of them cheaply. */
const MAX_HOLDS_PER_CALL = 32;
/**
 * Calls of one share under way at once: two let one call write its stays while the other holds
 * the balance lock for its slots and commits; a third would only queue on that lock.
 */
const CALLS_PER_SHARE = 2;

type Waiting = {
  hold: repo.OwnerHoldArgs;
  resolve: (outcome: repo.OwnerHoldOutcome) => void;
  reject: (err: unknown) => void;
};

type ShareTurn = { calls: number; waiting: Waiting[] };

// Per pool (tests start several API instances) and share.
const turns = new WeakMap<Db, Map<string, ShareTurn>>();

function turnsOf(db: Db): Map<string, ShareTurn> {
  let m = turns.get(db);
  if (!m) {
    m = new Map();
    turns.set(db, m);
  }
  return m;
}

/** Holds `hold` (repo.holdOwnerStay's outcomes), in one call with other holds of its share when they wait together. */
export function holdOwnerStayInTurn(db: Db, hold: repo.OwnerHoldArgs): Promise<repo.OwnerHoldOutcome> {
  const shareId = hold.owner.shareId;
  const m = turnsOf(db);
  let turn = m.get(shareId);
  if (!turn) {
    turn = { calls: 0, waiting: [] };
    m.set(shareId, turn);
  }
  const held = new Promise<repo.OwnerHoldOutcome>((resolve, reject) => turn.waiting.push({ hold, resolve, reject }));
  sendWhileRoom(db, shareId, turn);
  return held;
}

/** Starts calls for the waiting holds while fewer than CALLS_PER_SHARE are under way; forgets an idle share. */
function sendWhileRoom(db: Db, shareId: string, turn: ShareTurn): void {
  while (turn.calls < CALLS_PER_SHARE && turn.waiting.length > 0) {
    const batch = turn.waiting.splice(0, MAX_HOLDS_PER_CALL);
    turn.calls += 1;
    void send(db, batch).finally(() => {
      turn.calls -= 1;
      sendWhileRoom(db, shareId, turn);
    });
  }
  const m = turnsOf(db);
  if (turn.calls === 0 && turn.waiting.length === 0 && m.get(shareId) === turn) m.delete(shareId);
}

/** One call for `batch`; every hold of it is answered (resolved or rejected) when this settles. */
async function send(db: Db, batch: readonly Waiting[]): Promise<void> {
  const eachAlone = () => Promise.all(batch.map((w) => holdAlone(db, w.hold).then(w.resolve, w.reject)));
  if (batch.length === 1) {
    await eachAlone();
    return;
  }
  let outcomes: repo.OwnerHoldOutcome[] | 'send-each-alone';
  try {
    outcomes = await repo.holdOwnerStays(
      db,
      batch.map((w) => w.hold),
    );
  } catch {
    // Something other than a hold's own refusal undid the whole call (nothing of it was written):
    // each hold goes alone, so that the error reaches only the hold that caused it.
    await eachAlone();
    return;
  }
  // A balance ran short (or a planned substitute was not needed): nothing of the call was written,
  // and each hold alone is held, or refused by the guard, by itself (the last holds of a balance).
  if (outcomes === 'send-each-alone') {
    await eachAlone();
    return;
  }
  if (outcomes.length !== batch.length) {
    const err = new Error(`hold_owner_stays answered ${outcomes.length} rows for ${batch.length} holds`);
    for (const w of batch) w.reject(err);
    return;
  }
  batch.forEach((w, i) => w.resolve(outcomes[i]!));
}

/**
 * One hold in a call of its own. A deadlock between its night or balance locks and another
 * transaction's (PostgreSQL aborts one of them, 40P01) undid only this call, which runs again, as a
 * guest hold does: the other transaction has its locks by then.
 */
async function holdAlone(db: Db, hold: repo.OwnerHoldArgs, attempts = 4): Promise<repo.OwnerHoldOutcome> {
  for (let i = 1; ; i++) {
    try {
      return await repo.holdOwnerStay(db, hold);
    } catch (err) {
      if ((err as { code?: string }).code !== '40P01' || i >= attempts) throw err;
    }
  }
}
