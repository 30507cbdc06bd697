import type { Language } from '@yado/contract/headers';
import { NOTIFICATION_KIND_ITEM } from '@yado/contract/notification.contract';
import type { NotificationItemType } from '@yado/contract/user.contract';
import { withTx } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import type { Task } from '../../platform/scheduler.js';
import * as repo from './notification-event.repo.js';
import { localisedPath, notificationMail, renderNotification } from './notification.messages.js';
import { isItemEnabled } from './notification.service.js';

/*
 * The delivery of notifications by mail and push (docs/decisions/0040-notification-queue.md).
 * enqueueNotification writes one EMAIL and one PUSH job per notification in the transaction of the
 * event; this drains them. A job is sent at most once:
 *   1. a short transaction claims due PENDING jobs with FOR UPDATE SKIP LOCKED, sets them SENDING
 *      (attempts + 1) and commits, so no other drainer can claim them again;
 *   2. the message goes out, outside any transaction;
 *   3. the outcome is written: SENT, SKIPPED (setting off, no address, no device), PENDING again
 *      with a later next_attempt_at when the sender failed (backoff), or FAILED after the last attempt.
 * A process that dies between 1 and 3 leaves SENDING behind: whether the message left is unknown,
 * so after SENDING_LEASE_MS the job is closed FAILED instead of sent a second time.
 */

/** The senders behind the channels; the registry gives the outbox's mail and the push service. */
export type NotificationSenders = {
  email: (deps: Deps, message: { recipient: string; subject: string; body: string }) => Promise<void>;
  push: (
    deps: Deps,
    userId: string,
    message: { item: (typeof NotificationItemType.values)[number]; title: string; body: string; url: string },
  ) => Promise<{ sent: number; removed: number; failed: number }>;
};

/** Waits before attempts 2, 3, …; after the last one the job is FAILED. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000, 12 * 60 * 60_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** Far longer than a send may take (SMTP gives up after 20 s, a push service after 10 s). */
export const SENDING_LEASE_MS = 15 * 60_000;
/** Until a user has used the product in a language, mail and push speak the product's first one. */
const DEFAULT_LANGUAGE: Language = 'ja';

export type DrainResult = { claimed: number; sent: number; skipped: number; retried: number; failed: number };

/**
 * Sends every due job, a batch at a time, until none is due or `budgetMs` has passed (the next run
 * goes on). Several drainers, in one process or many, can run this at once: each job is claimed by one.
 */
export async function drainNotificationDeliveries(
  deps: Deps,
  senders: NotificationSenders,
  o: { batchSize?: number; concurrency?: number; budgetMs?: number } = {},
): Promise<DrainResult> {
  const batchSize = o.batchSize ?? 50;
  const concurrency = o.concurrency ?? 8;
  const started = Date.now();
  const result: DrainResult = { claimed: 0, sent: 0, skipped: 0, retried: 0, failed: 0 };
  const now0 = deps.clock.now();
  result.failed += await repo.failAbandoned(deps.db, new Date(now0.getTime() - SENDING_LEASE_MS), now0);
  for (;;) {
    const jobs = await withTx(deps.db, (tx) => repo.claimDue(tx, deps.clock.now(), batchSize));
    result.claimed += jobs.length;
    let next = 0;
    const worker = async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        const outcome = await deliver(deps, senders, job);
        await repo.finishDelivery(deps.db, job, outcome, deps.clock.now());
        if (outcome.status === 'SENT') result.sent += 1;
        else if (outcome.status === 'SKIPPED') result.skipped += 1;
        else if (outcome.status === 'RETRY') result.retried += 1;
        else result.failed += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker));
    if (jobs.length < batchSize) return result;
    if (o.budgetMs !== undefined && Date.now() - started >= o.budgetMs) return result;
  }
}

function failure(deps: Deps, job: repo.ClaimedDelivery, error: string): repo.DeliveryOutcome {
  if (job.attempts >= MAX_ATTEMPTS) return { status: 'FAILED', error };
  const delay = RETRY_DELAYS_MS[job.attempts - 1]!;
  return { status: 'RETRY', error, nextAttemptAt: new Date(deps.clock.now().getTime() + delay) };
}

async function deliver(
  deps: Deps,
  senders: NotificationSenders,
  job: repo.ClaimedDelivery,
): Promise<repo.DeliveryOutcome> {
  if (job.anonymised) return { status: 'SKIPPED', note: 'the account was deleted' };
  const item = NOTIFICATION_KIND_ITEM[job.kind];
  try {
    if (!(await isItemEnabled(deps, job.userId, job.channel, item))) {
      return { status: 'SKIPPED', note: `${job.channel} ${item} is switched off` };
    }
  } catch (err) {
    return failure(deps, job, `settings not read: ${String(err)}`);
  }
  const language: Language = job.language === 'en' || job.language === 'ja' ? job.language : DEFAULT_LANGUAGE;
  const origin = (deps.env.PUBLIC_URL ?? job.linkOrigin ?? '').replace(/\/+$/, '');
  const path = localisedPath(job.link ?? '/mypage/notifications', language);
  if (job.channel === 'EMAIL') {
    if (!job.email) return { status: 'SKIPPED', note: 'no email address' };
    const mail = notificationMail(job.kind, job.params, language, {
      open: job.link ? `${origin}${path}` : null,
      settings: `${origin}${localisedPath('/mypage/settings/notifications', language)}`,
    });
    try {
      await senders.email(deps, { recipient: job.email, ...mail });
      return { status: 'SENT' };
    } catch (err) {
      return failure(deps, job, err instanceof Error ? err.message : String(err));
    }
  }
  const text = renderNotification(job.kind, job.params, language);
  try {
    const out = await senders.push(deps, job.userId, { item, title: text.title, body: text.body, url: path });
    if (out.sent > 0) return { status: 'SENT' };
    if (out.failed > 0) return failure(deps, job, `no device took it (${out.failed} failed)`);
    return { status: 'SKIPPED', note: out.removed > 0 ? 'every device unsubscribed' : 'no device registered' };
  } catch (err) {
    return failure(deps, job, err instanceof Error ? err.message : String(err));
  }
}

/** The background task: every few seconds, in whichever process holds the task's turn. */
export function notificationDeliveryTask(senders: NotificationSenders): Task {
  return {
    name: 'notification-deliveries',
    everyMs: 10_000,
    run: async (deps) => {
      const r = await drainNotificationDeliveries(deps, senders, { budgetMs: 50_000 });
      if (r.claimed || r.failed) deps.log.info('notification deliveries', r);
    },
  };
}
