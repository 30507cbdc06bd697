import {
  getUnreadNotificationCount,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from '@yado/contract/notification.contract';
import { confirmBooking, createGuestUseTentativeBooking } from '@yado/contract/booking.contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { registeredUser } from '../../test-support/user-factory.js';
import { bookableHouseGroup, guestWithCard, stayRequest } from '../booking/booking.test-factory.js';
import { enqueueNotification } from './notification-event.service.js';
import { forgetUser } from './notification.service.js';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ LOG_LEVEL: 'error' });
});

const notify = (userId: string, dedupeKey: string, extra: Partial<Parameters<typeof enqueueNotification>[2]> = {}) =>
  enqueueNotification(t.pool, t.clock.now(), {
    userId,
    kind: 'STATEMENT_ISSUED',
    params: { statementNumber: dedupeKey, periodFrom: '2026-10-01', periodTo: '2026-10-31' },
    link: '/owner/statements',
    dedupeKey,
    ...extra,
  });

const rowsOf = async (userId: string) =>
  (
    await t.pool.query<{ kind: string; read_at: Date | null }>(
      'SELECT kind, read_at FROM notifications WHERE user_id = $1 ORDER BY id',
      [userId],
    )
  ).rows;

describe('notifications of the events that exist', () => {
  it('a confirmed booking notifies its guest once, in the reader’s language, linking to the booking', async () => {
    const { houseGroupId, today } = await bookableHouseGroup(t);
    const g = await guestWithCard(t);
    const held = await t.call(createGuestUseTentativeBooking, stayRequest(houseGroupId, today, 30, 2), {
      token: g.token,
    });
    const { bookingId } = held.body;
    const input = { bookingId, paymentMethodId: g.paymentMethodId, pointPaymentAmount: 0, returnPath: '/mypage' };
    expect((await t.call(confirmBooking, input, { token: g.token })).body.status).toBe('PAID');
    // Confirming again answers PAID again and tells nobody twice.
    expect((await t.call(confirmBooking, input, { token: g.token })).body.status).toBe('PAID');

    const en = await t.call(listNotifications, {}, { token: g.token, language: 'en' });
    expect(en.status).toBe(200);
    expect(en.body.unreadCount).toBe(1);
    expect(en.body.notifications).toHaveLength(1);
    const n = en.body.notifications[0]!;
    expect(n).toMatchObject({ kind: 'BOOKING_CONFIRMED', title: 'Your booking is confirmed', read: false });
    expect(n.link).toBe(`/mypage/bookings/${bookingId}`);
    expect(n.body).toMatch(
      /^Your stay \d+ [A-Z][a-z]{2} \d{4} – \d+ [A-Z][a-z]{2} \d{4} \(booking no\. .+\) is booked\./,
    );
    const ja = await t.call(listNotifications, {}, { token: g.token, language: 'ja' });
    expect(ja.body.notifications[0]!.title).toBe('ご予約が確定しました');
    expect(ja.body.notifications[0]!.body).toMatch(/^\d{4}年\d+月\d+日〜\d{4}年\d+月\d+日のご滞在（予約番号 .+）/);
    // One mail and one push job wait for the delivery task.
    const jobs = await t.pool.query('SELECT channel, status FROM notification_deliveries WHERE notification_id = $1', [
      n.id,
    ]);
    expect(jobs.rows.map((r) => `${r.channel}:${r.status}`).sort()).toEqual(['EMAIL:PENDING', 'PUSH:PENDING']);
  });

  it('a refused card notifies the guest that the payment failed, linking to the payment page', async () => {
    const { houseGroupId, today } = await bookableHouseGroup(t);
    const g = await guestWithCard(t, '4000000000000002');
    const held = await t.call(createGuestUseTentativeBooking, stayRequest(houseGroupId, today, 40, 1), {
      token: g.token,
    });
    const res = await t.call(
      confirmBooking,
      { bookingId: held.body.bookingId, paymentMethodId: g.paymentMethodId, pointPaymentAmount: 0, returnPath: '/' },
      { token: g.token },
    );
    expect(res.status).toBe(402);
    const list = await t.call(listNotifications, {}, { token: g.token, language: 'en' });
    expect(list.body.notifications.map((x) => [x.kind, x.link])).toEqual([
      ['PAYMENT_FAILED', `/mypage/bookings/${held.body.bookingId}/payment`],
    ]);
    expect(list.body.notifications[0]!.title).toBe('A payment did not go through');
  });
});

describe('list_notifications', () => {
  it('pages newest first with the unread count, and only the caller’s own', async () => {
    const a = await registeredUser(t);
    const b = await registeredUser(t);
    for (let i = 1; i <= 25; i++) await notify(a.user.id, `s-${i}`);
    await notify(b.user.id, 'theirs');
    // The same event twice is one notification.
    expect(await notify(a.user.id, 's-25')).toBeNull();

    const first = await t.call(listNotifications, { pageRequest: { pageSize: 10 } }, { token: a.token });
    expect(first.body.unreadCount).toBe(25);
    expect(first.body.notifications.map((n) => n.body.match(/S? ?no\. (s-\d+)/)?.[1])).toEqual(
      Array.from({ length: 10 }, (_, i) => `s-${25 - i}`),
    );
    const second = await t.call(
      listNotifications,
      { pageRequest: { pageSize: 10, pageToken: first.body.nextPageToken } },
      { token: a.token },
    );
    const third = await t.call(
      listNotifications,
      { pageRequest: { pageSize: 10, pageToken: second.body.nextPageToken } },
      { token: a.token },
    );
    expect(third.body.notifications).toHaveLength(5);
    expect(third.body.nextPageToken).toBe('');
    const ids = [...first.body.notifications, ...second.body.notifications, ...third.body.notifications].map(
      (n) => n.id,
    );
    expect(new Set(ids).size).toBe(25);
    const theirs = await t.call(listNotifications, {}, { token: b.token });
    expect(theirs.body.notifications).toHaveLength(1);
    expect(ids).not.toContain(theirs.body.notifications[0]!.id);
  });

  it('keeps values as plain text: markup stays characters, line breaks and long values are tamed', async () => {
    const a = await registeredUser(t);
    await notify(a.user.id, 'chat-1', {
      kind: 'CHAT_MESSAGE',
      params: { senderName: '<img src=x onerror=alert(1)>', preview: `line one\nline two ${'x'.repeat(300)}` },
      link: null,
    });
    const res = await t.call(listNotifications, {}, { token: a.token, language: 'en' });
    const n = res.body.notifications[0]!;
    expect(n.title).toBe('New message from <img src=x onerror=alert(1)>');
    // The line break became a space and the value was cut at 120 characters with an ellipsis.
    expect(n.body).toContain(`line one line two ${'x'.repeat(101)}…`);
    expect(n.body.length).toBeLessThanOrEqual(120);
    expect(n.link).toBeNull();
  });

  it('refuses a page token it did not give, and an unknown field, in the caller’s language', async () => {
    const a = await registeredUser(t);
    const bad = await t.call(
      listNotifications,
      { pageRequest: { pageSize: 10, pageToken: 'abc' } },
      { token: a.token },
    );
    expect([bad.status, bad.error.errorInfo.reason]).toEqual([400, 'CodeInvalidArgument']);
    const extra = await t.callRaw(listNotifications, { unread: true }, { token: a.token, language: 'ja' });
    expect(extra.status).toBe(400);
    expect(extra.error.localizedMessage).toMatch(/[ぁ-んァ-ン一-龯]/);
    const anonymous = await t.call(listNotifications, {});
    expect(anonymous.status).toBe(401);
  });
});

describe('reading notifications', () => {
  it('marks one read (its first time kept), counts the badge, and marks all read', async () => {
    const a = await registeredUser(t);
    const [x, y] = [await notify(a.user.id, 'r-1'), await notify(a.user.id, 'r-2')];
    await notify(a.user.id, 'r-3');
    expect((await t.call(getUnreadNotificationCount, {}, { token: a.token })).body).toEqual({ unreadCount: 3 });

    const one = await t.call(markNotificationRead, { notificationId: String(x) }, { token: a.token });
    expect(one.status).toBe(200);
    expect(one.body.notification).toMatchObject({ id: String(x), read: true });
    expect(one.body.unreadCount).toBe(2);
    const firstReadAt = one.body.notification.readAt;
    t.clock.advance(60_000);
    const again = await t.call(markNotificationRead, { notificationId: String(x) }, { token: a.token });
    expect(again.body.notification.readAt).toEqual(firstReadAt);
    expect(again.body.unreadCount).toBe(2);

    const all = await t.call(markAllNotificationsRead, {}, { token: a.token });
    expect(all.body).toEqual({ markedCount: 2, unreadCount: 0 });
    expect((await rowsOf(a.user.id)).every((r) => r.read_at !== null)).toBe(true);
    expect((await t.call(getUnreadNotificationCount, {}, { token: a.token })).body.unreadCount).toBe(0);
    expect(y).not.toBeNull();
    // Marking all read reached y, and left x with the time it was first read.
    const listed = (await t.call(listNotifications, {}, { token: a.token })).body.notifications;
    expect(listed.find((n) => n.id === String(y))).toMatchObject({ read: true, readAt: expect.anything() });
    expect(listed.find((n) => n.id === String(x))?.readAt).toEqual(firstReadAt);
  });

  it('answers another user’s or an unknown notification as not found, changing nothing', async () => {
    const a = await registeredUser(t);
    const b = await registeredUser(t);
    const theirs = await notify(b.user.id, 'private');
    await notify(a.user.id, 'mine');
    for (const language of ['en', 'ja'] as const) {
      const res = await t.call(markNotificationRead, { notificationId: String(theirs) }, { token: a.token, language });
      expect([res.status, res.error.errorInfo.reason]).toEqual([404, 'CodeNotificationNotFound']);
      expect(res.error.localizedMessage).toBe(
        language === 'en' ? 'This notification was not found.' : 'このお知らせは見つかりませんでした。',
      );
    }
    const unknown = await t.call(markNotificationRead, { notificationId: '999999999' }, { token: a.token });
    expect(unknown.error.errorInfo.reason).toBe('CodeNotificationNotFound');
    const malformed = await t.call(markNotificationRead, { notificationId: '1; DROP' }, { token: a.token });
    expect([malformed.status, malformed.error.errorInfo.reason]).toEqual([400, 'CodeInvalidArgument']);
    // Marking all of a's touches none of b's.
    await t.call(markAllNotificationsRead, {}, { token: a.token });
    expect((await rowsOf(b.user.id)).map((r) => r.read_at)).toEqual([null]);
  });

  it('forgets a deleted user’s notifications and their jobs', async () => {
    const a = await registeredUser(t);
    const id = await notify(a.user.id, 'gone');
    await forgetUser(t.api.deps, a.user.id);
    expect(await rowsOf(a.user.id)).toEqual([]);
    const jobs = await t.pool.query('SELECT 1 FROM notification_deliveries WHERE notification_id = $1', [id]);
    expect(jobs.rowCount).toBe(0);
  });
});
