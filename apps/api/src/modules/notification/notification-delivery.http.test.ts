import { listNotifications } from '@yado/contract/notification.contract';
import { updateNotificationSettings } from '@yado/contract/user.contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { registeredUser } from '../../test-support/user-factory.js';
import { BACKGROUND_TASKS } from '../registry.js';
import {
  drainNotificationDeliveries,
  MAX_ATTEMPTS,
  SENDING_LEASE_MS,
  type NotificationSenders,
} from './notification-delivery.service.js';
import { enqueueNotification } from './notification-event.service.js';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ LOG_LEVEL: 'error' });
});

type Sent = { channel: 'EMAIL' | 'PUSH'; to: string; title: string; body: string; url?: string };

/** Senders that record what they are given; `fail` makes the next n sends throw, as a dead server would. */
function recordingSenders(o: { delayMs?: number; devices?: number } = {}) {
  const sent: Sent[] = [];
  let failing = 0;
  const senders: NotificationSenders = {
    email: async (_deps, m) => {
      if (o.delayMs) await new Promise((r) => setTimeout(r, o.delayMs));
      if (failing > 0) {
        failing -= 1;
        throw new Error('SMTP server unreachable');
      }
      sent.push({ channel: 'EMAIL', to: m.recipient, title: m.subject, body: m.body });
    },
    push: async (_deps, userId, m) => {
      if (o.delayMs) await new Promise((r) => setTimeout(r, o.delayMs));
      if ((o.devices ?? 1) === 0) return { sent: 0, removed: 0, failed: 0 };
      sent.push({ channel: 'PUSH', to: userId, title: m.title, body: m.body, url: m.url });
      return { sent: 1, removed: 0, failed: 0 };
    },
  };
  return { senders, sent, fail: (n: number) => (failing = n) };
}

// Each test drains only its own user's jobs: jobs of other tests' users are pushed far ahead first.
async function onlyDue(userIds: string[]) {
  await t.pool.query(
    `UPDATE notification_deliveries d SET next_attempt_at = now() + interval '100 years'
       FROM notifications n WHERE n.id = d.notification_id AND d.status = 'PENDING' AND NOT n.user_id = ANY($1)`,
    [userIds],
  );
}

const jobsOf = async (userId: string) =>
  (
    await t.pool.query<{ channel: string; status: string; attempts: number; last_error: string | null }>(
      `SELECT d.channel, d.status, d.attempts, d.last_error FROM notification_deliveries d
         JOIN notifications n ON n.id = d.notification_id WHERE n.user_id = $1 ORDER BY n.id, d.channel`,
      [userId],
    )
  ).rows;

const confirmed = (userId: string, key = 'b-1') =>
  enqueueNotification(t.pool, t.clock.now(), {
    userId,
    kind: 'BOOKING_CONFIRMED',
    params: { bookingNumber: key === 'b-1' ? 'YD-000123' : key, checkinDate: '2026-12-24', checkoutDate: '2026-12-26' },
    link: '/mypage/bookings/bk_1',
    dedupeKey: key,
  });

describe('the notification delivery task', () => {
  it('is registered as a background task', () => {
    expect(BACKGROUND_TASKS.map((x) => x.name)).toContain('notification-deliveries');
  });

  it('sends mail and push in the language the user last read in, with the link into the product', async () => {
    const en = await registeredUser(t);
    const ja = await registeredUser(t);
    // Reading the list in English is what makes this user's mail English; the other never read any.
    await t.call(listNotifications, {}, { token: en.token, language: 'en' });
    await confirmed(en.user.id);
    await confirmed(ja.user.id);
    await onlyDue([en.user.id, ja.user.id]);
    const r = recordingSenders();
    const result = await drainNotificationDeliveries(t.api.deps, r.senders);
    expect(result).toMatchObject({ claimed: 4, sent: 4, retried: 0, failed: 0 });

    const mailEn = r.sent.find((s) => s.channel === 'EMAIL' && s.to === en.email)!;
    expect(mailEn.title).toBe('[yado] Your booking is confirmed');
    expect(mailEn.body).toContain('Your stay 24 Dec 2026 – 26 Dec 2026 (booking no. YD-000123) is booked.');
    expect(mailEn.body).toContain('http://localhost/mypage/bookings/bk_1');
    expect(mailEn.body).toContain('http://localhost/mypage/settings/notifications');
    const mailJa = r.sent.find((s) => s.channel === 'EMAIL' && s.to === ja.email)!;
    expect(mailJa.title).toBe('【yado】ご予約が確定しました');
    expect(mailJa.body).toContain('2026年12月24日〜2026年12月26日のご滞在（予約番号 YD-000123）');
    expect(r.sent.find((s) => s.channel === 'PUSH' && s.to === ja.user.id)).toMatchObject({
      title: 'ご予約が確定しました',
      url: '/ja/mypage/bookings/bk_1',
    });
    expect(r.sent.find((s) => s.channel === 'PUSH' && s.to === en.user.id)?.url).toBe('/mypage/bookings/bk_1');
    expect((await jobsOf(en.user.id)).map((j) => j.status)).toEqual(['SENT', 'SENT']);
    // Drained jobs are never sent again.
    expect((await drainNotificationDeliveries(t.api.deps, r.senders)).claimed).toBe(0);
    expect(r.sent).toHaveLength(4);
  });

  it('respects the user’s settings per channel and item: a switched-off one is SKIPPED, not sent', async () => {
    const u = await registeredUser(t);
    await t.call(
      updateNotificationSettings,
      { items: [{ channelType: 'EMAIL', itemType: 'BOOKING', enabled: false }] },
      { token: u.token },
    );
    await confirmed(u.user.id);
    // CHAT stays on by default: its mail goes out.
    await enqueueNotification(t.pool, t.clock.now(), {
      userId: u.user.id,
      kind: 'CHAT_MESSAGE',
      params: { senderName: 'Front desk', preview: 'Welcome!' },
      dedupeKey: 'chat-1',
    });
    await onlyDue([u.user.id]);
    const r = recordingSenders();
    await drainNotificationDeliveries(t.api.deps, r.senders);
    expect(await jobsOf(u.user.id)).toMatchObject([
      { channel: 'EMAIL', status: 'SKIPPED', last_error: 'EMAIL BOOKING is switched off' },
      { channel: 'PUSH', status: 'SENT' },
      { channel: 'EMAIL', status: 'SENT' },
      { channel: 'PUSH', status: 'SENT' },
    ]);
    expect(r.sent.filter((s) => s.channel === 'EMAIL').map((s) => s.title)).toEqual([
      '【yado】Front desk様から新しいメッセージ',
    ]);
  });

  it('skips a push for a user with no device, and a deleted account altogether', async () => {
    const u = await registeredUser(t);
    const gone = await registeredUser(t);
    await confirmed(u.user.id);
    await confirmed(gone.user.id);
    await t.pool.query('UPDATE users SET anonymised_at = now() WHERE id = $1', [gone.user.id]);
    await onlyDue([u.user.id, gone.user.id]);
    const r = recordingSenders({ devices: 0 });
    await drainNotificationDeliveries(t.api.deps, r.senders);
    expect((await jobsOf(u.user.id)).map((j) => `${j.channel}:${j.status}:${j.last_error}`)).toEqual([
      'EMAIL:SENT:null',
      'PUSH:SKIPPED:no device registered',
    ]);
    expect((await jobsOf(gone.user.id)).map((j) => j.status)).toEqual(['SKIPPED', 'SKIPPED']);
    expect(r.sent.map((s) => s.to)).toEqual([u.email]);
  });

  it('retries a failed send with backoff, sends it once when the server is back, and gives up after the last attempt', async () => {
    const u = await registeredUser(t);
    await confirmed(u.user.id);
    await onlyDue([u.user.id]);
    const r = recordingSenders();
    r.fail(1);
    const first = await drainNotificationDeliveries(t.api.deps, r.senders);
    expect(first).toMatchObject({ sent: 1, retried: 1 });
    const mail = (await jobsOf(u.user.id))[0]!;
    expect(mail).toMatchObject({ status: 'PENDING', attempts: 1, last_error: 'SMTP server unreachable' });
    // Not due again before its backoff has passed.
    expect((await drainNotificationDeliveries(t.api.deps, r.senders)).claimed).toBe(0);
    t.clock.advance(61_000);
    await onlyDue([u.user.id]);
    expect(await drainNotificationDeliveries(t.api.deps, r.senders)).toMatchObject({ claimed: 1, sent: 1 });
    expect((await jobsOf(u.user.id))[0]).toMatchObject({ status: 'SENT', attempts: 2 });
    expect(r.sent.filter((s) => s.channel === 'EMAIL')).toHaveLength(1);

    // A server that never comes back: FAILED after MAX_ATTEMPTS, never sent.
    const v = await registeredUser(t);
    await confirmed(v.user.id);
    r.fail(1_000);
    for (let i = 0; i < MAX_ATTEMPTS + 2; i++) {
      await onlyDue([v.user.id]);
      await drainNotificationDeliveries(t.api.deps, r.senders);
      t.clock.advance(13 * 60 * 60_000);
    }
    expect((await jobsOf(v.user.id))[0]).toMatchObject({ status: 'FAILED', attempts: MAX_ATTEMPTS });
    expect(r.sent.filter((s) => s.to === v.email)).toHaveLength(0);
  });

  it('shares the queue between drainers running at once: every job is sent exactly once', async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => registeredUser(t)));
    for (const u of users) for (let i = 0; i < 30; i++) await confirmed(u.user.id, `many-${i}`);
    await onlyDue(users.map((u) => u.user.id));
    const r = recordingSenders({ delayMs: 2 });
    const results = await Promise.all(
      [1, 2, 3].map(() => drainNotificationDeliveries(t.api.deps, r.senders, { batchSize: 10, concurrency: 4 })),
    );
    expect(results.reduce((n, x) => n + x.sent, 0)).toBe(240);
    // Each drainer took a share of the work.
    expect(results.filter((x) => x.claimed > 0).length).toBeGreaterThan(1);
    // Every notification's text names its own key, so a job sent twice would show as a repeated line.
    expect(r.sent).toHaveLength(240);
    expect(new Set(r.sent.map((s) => `${s.channel}:${s.to}:${s.body}`)).size).toBe(240);
    const statuses = await t.pool.query<{ status: string; n: number }>(
      `SELECT d.status, count(*)::int AS n FROM notification_deliveries d JOIN notifications n ON n.id = d.notification_id
        WHERE n.user_id = ANY($1) GROUP BY d.status`,
      [users.map((u) => u.user.id)],
    );
    expect(statuses.rows).toEqual([{ status: 'SENT', n: 240 }]);
  });

  it('never sends again a job whose sender died mid-send: it is closed FAILED after the lease', async () => {
    const u = await registeredUser(t);
    await confirmed(u.user.id);
    // A drainer claimed the jobs and its process died before recording the outcome.
    await t.pool.query(
      `UPDATE notification_deliveries d SET status = 'SENDING', attempts = 1, claimed_at = $2
         FROM notifications n WHERE n.id = d.notification_id AND n.user_id = $1`,
      [u.user.id, t.clock.now()],
    );
    const r = recordingSenders();
    await drainNotificationDeliveries(t.api.deps, r.senders);
    expect((await jobsOf(u.user.id)).map((j) => j.status)).toEqual(['SENDING', 'SENDING']);
    t.clock.advance(SENDING_LEASE_MS + 1_000);
    await drainNotificationDeliveries(t.api.deps, r.senders);
    expect(await jobsOf(u.user.id)).toMatchObject([
      { status: 'FAILED', last_error: 'interrupted while sending; not sent again' },
      { status: 'FAILED' },
    ]);
    expect(r.sent.filter((s) => s.to === u.email || s.to === u.user.id)).toHaveLength(0);
  });

  it('sends mail through the outbox with the real senders of the task', async () => {
    const u = await registeredUser(t);
    await t.call(listNotifications, {}, { token: u.token, language: 'en' });
    await confirmed(u.user.id);
    await onlyDue([u.user.id]);
    const task = BACKGROUND_TASKS.find((x) => x.name === 'notification-deliveries')!;
    await task.run(t.api.deps);
    const outbox = await t.pool.query<{ subject: string; body: string }>(
      'SELECT subject, body FROM outbox_messages WHERE recipient = $1',
      [u.email],
    );
    expect(outbox.rows).toHaveLength(1);
    expect(outbox.rows[0]!.subject).toBe('[yado] Your booking is confirmed');
    // No browser registered: the push is skipped, the mail is done.
    expect((await jobsOf(u.user.id)).map((j) => j.status)).toEqual(['SENT', 'SKIPPED']);
  });
});
