import { createGuestUseTentativeBooking } from '@yado/contract/booking.contract';
import {
  createCancellationSubscription,
  deleteCancellationSubscription,
  listCancellationSubscriptions,
  WAITLIST_EXCLUSIVE_MINUTES,
} from '@yado/contract/waitlist.contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { expireTentativeBookings } from '../booking/booking-jobs.service.js';
import { stayRequest } from '../booking/booking.test-factory.js';
import { createExtraOption } from '../meal/meal.service.js';
import { runWaitlistSweep, sweepGroup } from './waitlist-offers.service.js';
import {
  cancel,
  holdNights,
  refreshTokens,
  subscriptionInput,
  waitlistGroup,
  waitlistGuest,
  type Guest,
} from './waitlist.test-factory.js';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ LOG_LEVEL: 'error' });
});

type Group = Awaited<ReturnType<typeof waitlistGroup>>;

const EXCLUSIVE_MS = WAITLIST_EXCLUSIVE_MINUTES * 60_000;

async function subscribe(group: Group, g: Guest, from = 10, n = 2) {
  const res = await t.call(
    createCancellationSubscription,
    subscriptionInput(group.houseGroupId, group.nights(from, n)),
    {
      token: g.token,
    },
  );
  expect(res.status).toBe(200);
  return res.body.cancellationSubscription.id;
}

const stateOf = async (id: string) =>
  (await t.pool.query<{ state: string }>('SELECT state FROM cancellation_subscriptions WHERE id = $1', [id])).rows[0]
    ?.state;

const activeOffers = async (houseGroupId: string) =>
  (
    await t.pool.query<{ subscription_id: string; house_id: string }>(
      `SELECT subscription_id, house_id FROM waitlist_offers WHERE house_group_id = $1 AND state = 'ACTIVE'
       ORDER BY subscription_id`,
      [houseGroupId],
    )
  ).rows;

const notificationsOf = async (userId: string) =>
  (
    await t.pool.query<{ kind: string; link: string; params: Record<string, string> }>(
      'SELECT kind, link, params FROM notifications WHERE user_id = $1 ORDER BY id',
      [userId],
    )
  ).rows;

const hold = (group: Group, g: Guest, from = 10, n = 2) =>
  t.call(createGuestUseTentativeBooking, stayRequest(group.houseGroupId, group.today, from, n), { token: g.token });

const reasonOf = (body: unknown) => (body as { errorInfo?: { reason: string } }).errorInfo?.reason;

/** A one-house group whose nights [10, 12) a holder has, and three subscribers waiting for them in order. */
async function queue() {
  const group = await waitlistGroup(t);
  const holder = await waitlistGuest(t);
  const held = await holdNights(t, holder, group.houseGroupId, group.today, 10);
  expect(held.status).toBe(200);
  const [s1, s2, other] = [await waitlistGuest(t), await waitlistGuest(t), await waitlistGuest(t)];
  const sub1 = await subscribe(group, s1);
  const sub2 = await subscribe(group, s2);
  return { group, holder, bookingId: held.body.bookingId, s1, s2, other, sub1, sub2 };
}

describe('waitlist offers: release → offer → exclusive hold → expiry → next subscriber', () => {
  it('offers freed nights to the first subscriber alone, with a notification and a link to book them', async () => {
    const q = await queue();
    await t.pool.query('DELETE FROM waitlist_releases WHERE house_group_id = $1', [q.group.houseGroupId]);
    await cancel(t, q.holder, q.bookingId);
    const notes = await t.pool.query('SELECT 1 FROM waitlist_releases WHERE house_group_id = $1', [
      q.group.houseGroupId,
    ]);
    expect(notes.rowCount).toBe(1);

    await runWaitlistSweep(t.api.deps);
    expect(await stateOf(q.sub1)).toBe('OFFERED');
    expect(await stateOf(q.sub2)).toBe('WAITING');
    const [n] = await notificationsOf(q.s1.userId);
    expect(n).toMatchObject({
      kind: 'WAITLIST_DATES_FREED',
      link: `/mypage/bookings/new/${q.group.houseGroupId}?checkin=${q.group.nights(10).checkin}&checkout=${q.group.nights(10).checkout}&adults=2&children=0&infants=0`,
      params: { houseGroupId: q.group.houseGroupId, checkinDate: q.group.nights(10).checkin },
    });
    expect(await notificationsOf(q.s2.userId)).toEqual([]);

    const list = await t.call(listCancellationSubscriptions, {}, { token: q.s1.token });
    const [s] = list.body.cancellationSubscriptions;
    expect(s).toMatchObject({ state: 'OFFERED', offer: { active: true, bookingPath: n!.link } });

    // Only the first subscriber may hold the nights during the exclusive period.
    for (const g of [q.other, q.s2]) {
      const refused = await hold(q.group, g);
      expect(refused.status).toBe(409);
      expect(reasonOf(refused.body)).toBe('CodeHouseNotAvailable');
    }
    // Nights the offer does not keep are anyone's.
    expect((await hold(q.group, q.other, 12, 1)).status).toBe(200);
    const booked = await hold(q.group, q.s1);
    expect(booked.status).toBe(200);

    await runWaitlistSweep(t.api.deps);
    expect(await stateOf(q.sub1)).toBe('BOOKED');
    expect(await activeOffers(q.group.houseGroupId)).toEqual([]);
    // The nights are the first subscriber's now: the second is not offered them.
    expect(await stateOf(q.sub2)).toBe('WAITING');
  });

  it('keeps the offered house from a hold with options too (a hold written in a transaction)', async () => {
    const q = await queue();
    const bedId = await createExtraOption(t.pool, {
      houseGroupId: q.group.houseGroupId,
      imageUrl: '',
      freeQuantity: 0,
      isQuantityChangeable: true,
      alternativeDetailUrl: '',
      taxRateType: 'STANDARD',
      type: 'EXTRA_BED',
      captionEn: 'Extra bed',
      captionJa: 'エキストラベッド',
      unitAmount: 5_000,
      chargeBasis: 'PER_NIGHT',
      maxQuantity: 2,
    });
    await cancel(t, q.holder, q.bookingId);
    await runWaitlistSweep(t.api.deps);
    const withBed = (g: Guest) =>
      t.call(
        createGuestUseTentativeBooking,
        stayRequest(q.group.houseGroupId, q.group.today, 10, 2, {
          extraOptions: [{ extraOptionId: bedId, quantity: 1 }],
        }),
        { token: g.token },
      );
    const refused = await withBed(q.other);
    expect(refused.status).toBe(409);
    expect(reasonOf(refused.body)).toBe('CodeHouseNotAvailable');
    expect((await withBed(q.s1)).status).toBe(200);
  });

  it('passes an unused offer to the next subscriber when it lapses, and to everyone once the list is exhausted', async () => {
    const q = await queue();
    await cancel(t, q.holder, q.bookingId);
    await runWaitlistSweep(t.api.deps);
    expect(await stateOf(q.sub1)).toBe('OFFERED');

    // Just before the end of the period nothing moves.
    t.clock.advance(EXCLUSIVE_MS - 1_000);
    await runWaitlistSweep(t.api.deps);
    expect(await stateOf(q.sub1)).toBe('OFFERED');
    expect(await stateOf(q.sub2)).toBe('WAITING');

    t.clock.advance(2_000);
    await runWaitlistSweep(t.api.deps);
    expect(await stateOf(q.sub1)).toBe('OFFER_EXPIRED');
    expect(await stateOf(q.sub2)).toBe('OFFERED');
    expect((await notificationsOf(q.s2.userId)).map((n) => n.kind)).toEqual(['WAITLIST_DATES_FREED']);
    await refreshTokens(t, q.s1, q.s2, q.other);
    // The first subscriber's turn is over; the second's has begun.
    expect(reasonOf((await hold(q.group, q.s1)).body)).toBe('CodeHouseNotAvailable');
    expect(reasonOf((await hold(q.group, q.other)).body)).toBe('CodeHouseNotAvailable');

    t.clock.advance(EXCLUSIVE_MS + 1_000);
    await runWaitlistSweep(t.api.deps);
    expect(await stateOf(q.sub2)).toBe('OFFER_EXPIRED');
    expect(await activeOffers(q.group.houseGroupId)).toEqual([]);
    await refreshTokens(t, q.other);
    expect((await hold(q.group, q.other)).status).toBe(200);
  });

  it('gives an offer the subscriber withdraws from to the next one', async () => {
    const q = await queue();
    await cancel(t, q.holder, q.bookingId);
    await runWaitlistSweep(t.api.deps);
    await t.pool.query('DELETE FROM notifications WHERE user_id = $1', [q.s2.userId]);
    await t.call(deleteCancellationSubscription, { cancellationSubscriptionId: q.sub1 }, { token: q.s1.token });
    await runWaitlistSweep(t.api.deps);
    expect(await stateOf(q.sub2)).toBe('OFFERED');
  });

  it('offers a lapsed hold’s nights, and expires subscriptions whose check-in day passed', async () => {
    const q = await queue();
    const early = await waitlistGuest(t);
    expect((await holdNights(t, early, q.group.houseGroupId, q.group.today, 1, 1)).status).toBe(200);
    const late = await subscribe(q.group, q.other, 1, 1);
    // Three days on, both holds have lapsed unconfirmed (the booking module's expiry releases their stays).
    t.clock.advance(3 * 86_400_000);
    expect(await expireTentativeBookings(t.api.deps)).toBeGreaterThanOrEqual(2);
    await runWaitlistSweep(t.api.deps);
    expect(await stateOf(q.sub1)).toBe('OFFERED');
    expect(await stateOf(late)).toBe('EXPIRED');
    expect(await notificationsOf(q.other.userId)).toEqual([]);
  });
});

describe('waitlist offers under concurrency', () => {
  it('two releases at once never offer the same nights twice', async () => {
    const group = await waitlistGroup(t, 2);
    const [a, b] = [await waitlistGuest(t), await waitlistGuest(t)];
    const ha = await holdNights(t, a, group.houseGroupId, group.today, 10);
    const hb = await holdNights(t, b, group.houseGroupId, group.today, 10);
    expect([ha.status, hb.status]).toEqual([200, 200]);
    const subs: string[] = [];
    for (let i = 0; i < 3; i++) subs.push(await subscribe(group, await waitlistGuest(t)));
    await Promise.all([cancel(t, a, ha.body.bookingId), cancel(t, b, hb.body.bookingId)]);
    // Several sweeps of the group at once (as two nodes would run them).
    await Promise.all([
      sweepGroup(t.api.deps, group.houseGroupId),
      sweepGroup(t.api.deps, group.houseGroupId),
      runWaitlistSweep(t.api.deps),
    ]);
    const offers = await activeOffers(group.houseGroupId);
    expect(offers.map((o) => o.subscription_id).sort()).toEqual([subs[0], subs[1]].sort());
    expect(new Set(offers.map((o) => o.house_id)).size).toBe(2);
    expect(await stateOf(subs[2]!)).toBe('WAITING');
    const offersEver = await t.pool.query('SELECT 1 FROM waitlist_offers WHERE house_group_id = $1', [
      group.houseGroupId,
    ]);
    expect(offersEver.rowCount).toBe(2);
  });

  it('a hold racing the offer of released nights: the house goes to one of them, never both', async () => {
    for (let round = 0; round < 4; round++) {
      const q = await queue();
      await cancel(t, q.holder, q.bookingId);
      const [held] = await Promise.all([hold(q.group, q.other), runWaitlistSweep(t.api.deps)]);
      await runWaitlistSweep(t.api.deps);
      const offers = await activeOffers(q.group.houseGroupId);
      const stays = await t.pool.query(
        `SELECT 1 FROM stays WHERE house_group_id = $1 AND status = 'ACTIVE' AND booking_id IS NOT NULL`,
        [q.group.houseGroupId],
      );
      if (held.status === 200) {
        expect(offers).toEqual([]);
        expect(await stateOf(q.sub1)).toBe('WAITING');
      } else {
        expect(reasonOf(held.body)).toBe('CodeHouseNotAvailable');
        expect(offers.map((o) => o.subscription_id)).toEqual([q.sub1]);
      }
      expect(stays.rowCount).toBe(held.status === 200 ? 1 : 0);
    }
  });
});
