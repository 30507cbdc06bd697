import { createHash } from 'node:crypto';
import { AppError } from '../app-error.js';
import type { Deps } from '../deps.js';
import type { Task } from '../scheduler.js';
import * as repo from './idempotency.repo.js';

/** Kept at least 24 hours (the promise to clients); pruned a day later so a slow prune never breaks it. */
export const IDEMPOTENCY_RETENTION_MS = 48 * 3_600_000;
/** How long a first call may run before another node may assume its process died and take the key over. */
const LEASE_MS = 120_000;
/** A retry that arrives while the first call still runs waits this long for its answer. */
const WAIT_MS = 30_000;
const POLL_MS = 100;

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,200}$/;

export type StoredAnswer = { status: number; body: unknown };

export function checkKey(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new AppError('CodeIdempotencyKeyInvalid');
}

export function requestHash(body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(body ?? {}))
    .digest('hex');
}

/**
 * Runs `run` once per (account, method, key). A retry with the same body gets
 * the first answer (errors included, except the server's own failures, which
 * free the key so the retry runs again); the same key with another body is
 * refused with 422. A retry while the first call still runs waits for it.
 */
export async function runOnce(
  deps: Deps,
  ref: repo.KeyRef,
  hash: string,
  run: () => Promise<StoredAnswer>,
): Promise<StoredAnswer & { replayed: boolean }> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const now = deps.clock.now();
    const claimed = await repo.insertKey(
      deps.db,
      ref,
      hash,
      new Date(now.getTime() + LEASE_MS),
      new Date(now.getTime() + IDEMPOTENCY_RETENTION_MS),
    );
    if (claimed) return { ...(await runAndStore(deps, ref, run)), replayed: false };

    const row = await repo.findKey(deps.db, ref);
    if (!row) continue; // released between our insert and read: claim it again
    if (row.request_hash !== hash) throw new AppError('CodeIdempotencyKeyReused');
    if (row.state === 'DONE') {
      return { status: row.response_status ?? 200, body: row.response_body, replayed: true };
    }
    if (await repo.takeOverKey(deps.db, ref, now, new Date(now.getTime() + LEASE_MS))) {
      return { ...(await runAndStore(deps, ref, run)), replayed: false };
    }
    if (Date.now() > deadline) throw new AppError('CodeRequestInProgress');
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function runAndStore(deps: Deps, ref: repo.KeyRef, run: () => Promise<StoredAnswer>): Promise<StoredAnswer> {
  let answer: StoredAnswer;
  try {
    answer = await run();
  } catch (err) {
    await repo.releaseKey(deps.db, ref).catch(() => undefined);
    throw err;
  }
  if (answer.status >= 500) await repo.releaseKey(deps.db, ref);
  else await repo.completeKey(deps.db, ref, answer.status, answer.body);
  return answer;
}

export const pruneIdempotencyKeysTask: Task = {
  name: 'prune-idempotency-keys',
  everyMs: 3_600_000,
  run: async (deps) => {
    await repo.deleteExpiredKeys(deps.db, deps.clock.now());
  },
};
