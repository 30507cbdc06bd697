import { addDays, civilFromIso } from '@yado/contract/civil-date';
import {
  createCancellationSubscription,
  deleteCancellationSubscription,
  listCancellationSubscriptions,
} from '@yado/contract/waitlist.contract';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { runWaitlistSweep } from './waitlist-offers.service.js';
import { forgetUser } from './waitlist.service.js';
import { cancel, holdNights, subscriptionInput, waitlistGroup, waitlistGuest } from './waitlist.test-factory.js';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ LOG_LEVEL: 'error' });
});

/** A one-house group whose nights [10, 12) are held by someone else. */
async function takenGroup() {
  const group = await waitlistGroup(t);
  const holder = await waitlistGuest(t);
  const held = await holdNights(t, holder, group.houseGroupId, group.today, 10, 2);
  expect(held.status).toBe(200);
  return { group, holder, bookingId: held.body.bookingId };
}

const subscriptionRows = async (userId: string) =>
  (await t.pool.query('SELECT state FROM cancellation_subscriptions WHERE user_id = $1', [userId])).rows;

describe('create_cancellation_subscription', () => {
  it('waits for taken nights: WAITING, listed with the group, no offer yet', async () => {
    const { group } = await takenGroup();
    const g = await waitlistGuest(t);
    const res = await t.call(
      createCancellationSubscription,
      subscriptionInput(group.houseGroupId, group.nights(10), { adults: 2, children: 1 }),
      { token: g.token, language: 'ja' },
    );
    expect(res.status).toBe(200);
    const s = res.body.cancellationSubscription;
    expect(s).toMatchObject({
      houseGroup: { id: group.houseGroupId, timezone: 'Asia/Tokyo' },
      checkinDate: civilFromIso(addDays(group.today, 10)),
      checkoutDate: civilFromIso(addDays(group.today, 12)),
      headcount: { adults: 2, children: 1, infants: 0 },
      state: 'WAITING',
      offer: null,
    });
    expect(s.houseGroup.name).toMatch(/^スノーシャレー/);
    const list = await t.call(listCancellationSubscriptions, {}, { token: g.token });
    expect(list.body.cancellationSubscriptions.map((x) => x.id)).toEqual([s.id]);
  });

  it('waits for nights that only partly overlap a taken stay (the whole stay must be free)', async () => {
    const { group } = await takenGroup();
    const g = await waitlistGuest(t);
    const res = await t.call(
      createCancellationSubscription,
      subscriptionInput(group.houseGroupId, group.nights(9, 2)),
      {
        token: g.token,
      },
    );
    expect(res.status).toBe(200);
  });

  it('refuses a house group booked by the hour, and stores nothing', async () => {
    const { group } = await takenGroup();
    await t.pool.query(`UPDATE house_groups SET usage_label = 'TIME' WHERE id = $1`, [group.houseGroupId]);
    // The catalogue is kept in memory and follows its change notifications.
    await vi.waitFor(async () => {
      const g = await waitlistGuest(t);
      const res = await t.call(
        createCancellationSubscription,
        subscriptionInput(group.houseGroupId, group.nights(10)),
        { token: g.token },
      );
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ errorInfo: { reason: 'CodeWaitlistHourlyGroup' } });
      expect(await subscriptionRows(g.userId)).toEqual([]);
    });
  });

  it('refuses nights that are free, with its own reason, and stores nothing', async () => {
    const { group } = await takenGroup();
    const g = await waitlistGuest(t);
    const res = await t.call(createCancellationSubscription, subscriptionInput(group.houseGroupId, group.nights(20)), {
      token: g.token,
      language: 'ja',
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ errorInfo: { reason: 'CodeWaitlistDatesAvailable' } });
    expect((res.body as unknown as { localizedMessage: string }).localizedMessage).toContain('空いています');
    expect(await subscriptionRows(g.userId)).toEqual([]);
  });

  it('refuses past nights, too long a stay, a check-out before the check-in, and guests the group cannot take', async () => {
    const { group } = await takenGroup();
    const g = await waitlistGuest(t);
    const cases: [ReturnType<typeof subscriptionInput>, number, string][] = [
      [subscriptionInput(group.houseGroupId, group.nights(-1, 2)), 400, 'CodeWaitlistDatesPast'],
      [subscriptionInput(group.houseGroupId, group.nights(10, 15)), 400, 'CodeWaitlistStayTooLong'],
      [
        subscriptionInput(group.houseGroupId, {
          checkin: addDays(group.today, 12),
          checkout: addDays(group.today, 10),
        }),
        400,
        'CodeWaitlistStayTooLong',
      ],
      [
        subscriptionInput(group.houseGroupId, group.nights(10), { adults: 4, children: 1 }),
        400,
        'CodeWaitlistGuestsInvalid',
      ],
      [subscriptionInput('hg-nowhere', group.nights(10)), 404, 'CodeNotFound'],
    ];
    for (const [input, status, reason] of cases) {
      const res = await t.call(createCancellationSubscription, input, { token: g.token });
      expect({
        status: res.status,
        reason: (res.body as { errorInfo?: { reason: string } }).errorInfo?.reason,
      }).toEqual({ status, reason });
    }
    const noAdult = await t.callRaw(
      createCancellationSubscription,
      { ...subscriptionInput(group.houseGroupId, group.nights(10)), headcount: { adults: 0 } },
      { token: g.token },
    );
    expect(noAdult.status).toBe(400);
    expect(await subscriptionRows(g.userId)).toEqual([]);
  });

  it('refuses a duplicate of an open subscription', async () => {
    const { group } = await takenGroup();
    const g = await waitlistGuest(t);
    const input = subscriptionInput(group.houseGroupId, group.nights(10));
    expect((await t.call(createCancellationSubscription, input, { token: g.token })).status).toBe(200);
    const again = await t.call(createCancellationSubscription, input, { token: g.token });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ errorInfo: { reason: 'CodeWaitlistDuplicate' } });
    expect(await subscriptionRows(g.userId)).toHaveLength(1);
  });

  it('refuses an eleventh open subscription, also when they are asked for at once', async () => {
    const group = await waitlistGroup(t);
    const holder = await waitlistGuest(t);
    expect((await holdNights(t, holder, group.houseGroupId, group.today, 10, 14)).status).toBe(200);
    const g = await waitlistGuest(t);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.call(createCancellationSubscription, subscriptionInput(group.houseGroupId, group.nights(10 + i, 1)), {
          token: g.token,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    const refused = results.filter((r) => r.status !== 200);
    expect(
      refused.map((r) => [r.status, (r.body as unknown as { errorInfo: { reason: string } }).errorInfo.reason]),
    ).toEqual([
      [429, 'CodeWaitlistLimitReached'],
      [429, 'CodeWaitlistLimitReached'],
    ]);
    expect(await subscriptionRows(g.userId)).toHaveLength(10);
  });

  it('asks for a signed-in user', async () => {
    const res = await t.call(listCancellationSubscriptions, {});
    expect(res.status).toBe(401);
  });
});

describe('delete_cancellation_subscription', () => {
  it("deletes the caller's own subscription and refuses another user's", async () => {
    const { group } = await takenGroup();
    const g = await waitlistGuest(t);
    const other = await waitlistGuest(t);
    const created = await t.call(
      createCancellationSubscription,
      subscriptionInput(group.houseGroupId, group.nights(10)),
      {
        token: g.token,
      },
    );
    const id = created.body.cancellationSubscription.id;
    const stranger = await t.call(
      deleteCancellationSubscription,
      { cancellationSubscriptionId: id },
      { token: other.token },
    );
    expect(stranger.status).toBe(404);
    expect(stranger.body).toMatchObject({ errorInfo: { reason: 'CodeWaitlistSubscriptionNotFound' } });
    expect(await subscriptionRows(g.userId)).toHaveLength(1);

    const own = await t.call(deleteCancellationSubscription, { cancellationSubscriptionId: id }, { token: g.token });
    expect(own.status).toBe(200);
    expect(
      (await t.call(listCancellationSubscriptions, {}, { token: g.token })).body.cancellationSubscriptions,
    ).toEqual([]);
    const gone = await t.call(deleteCancellationSubscription, { cancellationSubscriptionId: id }, { token: g.token });
    expect(gone.status).toBe(404);
  });

  it('lets the same nights be waited for again once the subscription is gone', async () => {
    const { group, holder, bookingId } = await takenGroup();
    const g = await waitlistGuest(t);
    const input = subscriptionInput(group.houseGroupId, group.nights(10));
    const first = await t.call(createCancellationSubscription, input, { token: g.token });
    await t.call(
      deleteCancellationSubscription,
      { cancellationSubscriptionId: first.body.cancellationSubscription.id },
      {
        token: g.token,
      },
    );
    expect((await t.call(createCancellationSubscription, input, { token: g.token })).status).toBe(200);
    // A release of nights nobody waits for any more writes nothing for the sweep.
    await t.call(
      deleteCancellationSubscription,
      {
        cancellationSubscriptionId: (await t.call(listCancellationSubscriptions, {}, { token: g.token })).body
          .cancellationSubscriptions[0]!.id,
      },
      { token: g.token },
    );
    await t.pool.query('DELETE FROM waitlist_releases WHERE house_group_id = $1', [group.houseGroupId]);
    await cancel(t, holder, bookingId);
    const notes = await t.pool.query('SELECT 1 FROM waitlist_releases WHERE house_group_id = $1', [group.houseGroupId]);
    expect(notes.rowCount).toBe(0);
  });
});

describe('a deleted user', () => {
  it('is forgotten by the waitlist: their subscriptions go, and an offer they held is noted as released', async () => {
    const { group } = await takenGroup();
    const g = await waitlistGuest(t);
    const created = await t.call(
      createCancellationSubscription,
      subscriptionInput(group.houseGroupId, group.nights(10)),
      {
        token: g.token,
      },
    );
    const id = created.body.cancellationSubscription.id;
    const house = (
      await t.pool.query<{ id: string }>('SELECT id FROM houses WHERE house_group_id = $1', [group.houseGroupId])
    ).rows[0]!.id;
    // An offer as the sweep makes it, on nights nobody holds any more.
    await t.pool.query(
      `INSERT INTO waitlist_offers (id, subscription_id, account_id, house_group_id, house_id, checkin_date, checkout_date,
         offered_at, exclusive_until)
       SELECT 'offer-' || s.id, s.id, s.account_id, s.house_group_id, $2, s.checkin_date + 30, s.checkout_date + 30, now(), now()
       FROM cancellation_subscriptions s WHERE s.id = $1`,
      [id, house],
    );
    await t.pool.query('DELETE FROM waitlist_releases WHERE house_group_id = $1', [group.houseGroupId]);
    await forgetUser(t.api.deps, g.userId);
    expect(await subscriptionRows(g.userId)).toEqual([]);
    const notes = await t.pool.query('SELECT 1 FROM waitlist_releases WHERE house_group_id = $1', [group.houseGroupId]);
    expect(notes.rowCount).toBe(1);
  });
});

describe('a release racing a subscription', () => {
  it('is not lost: the new subscription is looked at by the next sweep, which offers nights found free', async () => {
    const { group, bookingId } = await takenGroup();
    const g = await waitlistGuest(t);
    const created = await t.call(
      createCancellationSubscription,
      subscriptionInput(group.houseGroupId, group.nights(10)),
      {
        token: g.token,
      },
    );
    // The stay is released by a transaction that committed without seeing the subscription (as
    // when both commit at once): its trigger noted nothing.
    const client = await t.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query("SET LOCAL session_replication_role = 'replica'");
      await client.query(`UPDATE stays SET status = 'RELEASED' WHERE booking_id = $1`, [bookingId]);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    await runWaitlistSweep(t.api.deps);
    const [s] = (await t.call(listCancellationSubscriptions, {}, { token: g.token })).body.cancellationSubscriptions;
    expect(s).toMatchObject({ id: created.body.cancellationSubscription.id, state: 'OFFERED' });
  });
});
