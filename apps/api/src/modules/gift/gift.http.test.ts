import { randomUUID } from 'node:crypto';
import { addDays, civilFromIso as civil } from '@yado/contract/civil-date';
import { dateTimeFromDate } from '@yado/contract/date-time';
import { cancelBooking, createGuestUseTentativeBooking, getBooking } from '@yado/contract/booking.contract';
import {
  acceptGift,
  cancelGift,
  createDatedSlotsGift,
  createGiftTentativeBooking,
  createSlotsGift,
  createSlotsGiftTentativeBooking,
  declineGift,
  getGift,
  listReceivedGifts,
  listSentGifts,
} from '@yado/contract/gift.contract';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { chargeDefaultBillings } from '../booking/booking-jobs.service.js';
import { holdGiftStay } from '../booking/gift-booking.service.js';
import { freshToken, guestWithCard, stayRequest } from '../booking/booking.test-factory.js';
import { signInStaff } from '../staff-catalogue/staff-catalogue.test-factory.js';
import { expireGifts } from './gift.service.js';
import { giftHouseGroup, giftingOwner, slotBalance } from './gift.test-factory.js';

let t: TestApi;
let staffToken: string;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApi();
  staffToken = (await signInStaff(t)).idToken;
});

afterEach(() => {
  t.clock.set(new Date());
});

const adults = (n: number) => ({ males: n, females: 0, children: 0, largeDogs: 0, mediumDogs: 0, smallDogs: 0 });
const yearOf = (iso: string) => Number(iso.slice(0, 4));

type Group = Awaited<ReturnType<typeof giftHouseGroup>>;
type Owner = Awaited<ReturnType<typeof giftingOwner>>;

async function giveDated(
  g: Group,
  o: Owner,
  fromToday: number,
  nights = 2,
  method: typeof createGiftTentativeBooking | typeof createDatedSlotsGift = createGiftTentativeBooking,
) {
  const res = await t.call(
    method,
    {
      houseGroupId: g.houseGroupId,
      checkinDate: civil(addDays(g.today, fromToday)),
      checkoutDate: civil(addDays(g.today, fromToday + nights)),
      message: 'Enjoy the snow!',
    },
    { token: o.token },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.gift;
}

const choices = (over: Record<string, unknown> = {}) => ({
  headcount: adults(2),
  childrenAge: [],
  meals: [],
  extraOptions: [],
  ...over,
});

async function bookingRow(id: string) {
  const r = await t.pool.query<{ status: string; account_id: string; user_id: string; males: number }>(
    'SELECT status, account_id::text AS account_id, user_id, males FROM bookings WHERE id = $1',
    [id],
  );
  return r.rows[0]!;
}

const giftRow = async (id: string) =>
  (await t.pool.query<{ status: string }>('SELECT status FROM gifts WHERE id = $1', [id])).rows[0]!.status;

/** Nights returned to the share per ledger key (each RETURN entry counted once). */
const returnsOf = async (key: string) =>
  (
    await t.pool.query<{ n: number }>(
      `SELECT COALESCE(sum(nights), 0)::int AS n FROM slot_ledger WHERE booking_id = $1 AND kind = 'RETURN'`,
      [key],
    )
  ).rows[0]!.n;

describe('GIFT_USE: a stay given, accepted by its recipient', () => {
  it('holds the nights GIFTED on the slots; the recipient chooses guests, dinner and a bed, and the stay is theirs', async () => {
    const g = await giftHouseGroup(t, staffToken);
    const o = await giftingOwner(t, staffToken, g.houseGroupId);
    const year = yearOf(addDays(g.today, 20));
    const before = await slotBalance(t, o.shareId, year);
    const gift = await giveDated(g, o, 20);
    expect(gift).toMatchObject({
      giftType: 'GIFT_USE',
      status: 'OPEN',
      recipientName: null,
      message: 'Enjoy the snow!',
    });
    expect(gift.giftToken.length).toBeGreaterThanOrEqual(40);
    expect(await slotBalance(t, o.shareId, year)).toEqual({ standard: before.standard - 2, high: before.high });

    // The owner sees the held stay as GIFTED, with the gifted status extension.
    const held = (await t.call(getBooking, { bookingId: gift.bookingId! }, { token: o.token })).body.booking;
    expect(held).toMatchObject({ bookingStatus: 'GIFTED', bookingType: 'GIFT_USE', tentative: null });
    expect(held.gifted).toMatchObject({ mealAmount: 0, extraOptionAmount: 0 });
    expect(held.giftUse?.consumption).toMatchObject({ slotStandard: 2, slotHigh: 0 });

    // A stranger sees the house group and the nights, nothing of the sender.
    const seen = await t.call(getGift, { giftToken: gift.giftToken });
    expect(seen.status).toBe(200);
    expect(seen.body.gift).toMatchObject({
      status: 'OPEN',
      houseGroup: { id: g.houseGroupId },
      checkinDate: civil(addDays(g.today, 20)),
      senderLastName: null,
      sender: null,
      message: null,
      bookingId: null,
    });

    const r = await guestWithCard(t);
    const signedIn = (await t.call(getGift, { giftToken: gift.giftToken }, { token: r.token })).body.gift;
    expect(signedIn.senderLastName).toBeTruthy();
    // In English the last name is written in Latin letters; the sender carries both.
    expect(signedIn.senderLastName).toBe(signedIn.sender?.romanizedLastName);
    expect(signedIn.message).toBe('Enjoy the snow!');

    const checkin = addDays(g.today, 20);
    const accepted = await t.call(
      acceptGift,
      {
        giftToken: gift.giftToken,
        ...choices({
          meals: [{ date: civil(checkin), mealId: g.dinnerId, quantities: [{ age: 30, number: 2 }] }],
          extraOptions: [{ extraOptionId: g.bedId, quantity: 1 }],
          allergy: 'shellfish',
        }),
      },
      { token: r.token },
    );
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.bookingId).toBe(gift.bookingId);
    expect(accepted.body.gift).toMatchObject({ status: 'ACCEPTED', acceptedByCaller: true, bookingId: gift.bookingId });
    // The owner who gave the nights is told they were received, once.
    const told = await t.pool.query(
      `SELECT link, params FROM notifications WHERE user_id = $1 AND kind = 'GIFT_RECEIVED'`,
      [o.userId],
    );
    expect(told.rows).toEqual([
      { link: '/owner/gifts', params: { checkinDate: expect.any(String), checkoutDate: expect.any(String) } },
    ]);

    const row = await bookingRow(gift.bookingId!);
    expect(row).toMatchObject({ status: 'BOOKED', account_id: r.accountId, user_id: r.userId, males: 2 });
    const detail = (await t.call(getBooking, { bookingId: gift.bookingId! }, { token: r.token })).body.booking;
    expect(detail).toMatchObject({
      bookingStatus: 'BOOKED',
      bookingType: 'GIFT_USE',
      gifted: null,
      allergy: 'shellfish',
    });
    expect(detail.user.id).toBe(r.userId);
    expect(detail.giftUse?.sender.lastName).toBe(signedIn.sender?.lastName);
    expect(detail.quote.mealAmount).toBeGreaterThan(0);
    expect(detail.quote.extraOptionAmount).toBeGreaterThan(0);
    // The slots stay consumed; the own-use fee is the owner's, in their next statement.
    expect(await slotBalance(t, o.shareId, year)).toEqual({ standard: before.standard - 2, high: before.high });
    const owed = await t.pool.query<{ subject: string; user_id: string }>(
      'SELECT subject, user_id FROM owner_expenditures WHERE booking_id = $1',
      [gift.bookingId],
    );
    expect(owed.rows).toEqual([{ subject: 'OWN_USE_FEE', user_id: o.userId }]);

    // The orders bill the recipient: the DEFAULT billing before check-in is theirs, without the owner's fee.
    t.clock.set(new Date(Date.now() + 18 * DAY));
    await chargeDefaultBillings(t.api.deps);
    const billed = await t.pool.query<{ account_id: string; subject: string }>(
      `SELECT b.account_id::text AS account_id, l.subject FROM billings b JOIN billing_lines l ON l.billing_id = b.id
       WHERE b.booking_id = $1 AND b.billing_type = 'DEFAULT' ORDER BY l.line_no`,
      [gift.bookingId],
    );
    expect(billed.rows.length).toBeGreaterThan(0);
    expect(new Set(billed.rows.map((x) => x.account_id))).toEqual(new Set([r.accountId]));
    expect(billed.rows.map((x) => x.subject)).not.toContain('OWN_USE_FEE');
    t.clock.set(new Date());

    const received = (await t.call(listReceivedGifts, {}, { token: r.token })).body.gifts;
    expect(received).toEqual([expect.objectContaining({ giftType: 'GIFT_USE', bookingId: gift.bookingId })]);
    const sent = (await t.call(listSentGifts, {}, { token: o.token })).body.gifts;
    expect(sent[0]).toMatchObject({ giftId: gift.giftId, status: 'ACCEPTED' });
    expect(sent[0]!.recipientName).toBeTruthy();
  });

  it('refuses, each with its reason and nothing changed: a second acceptance, another recipient, the owner, a withdrawal after acceptance', async () => {
    const g = await giftHouseGroup(t, staffToken);
    const o = await giftingOwner(t, staffToken, g.houseGroupId);
    const gift = await giveDated(g, o, 15);
    const own = await t.call(acceptGift, { giftToken: gift.giftToken, ...choices() }, { token: o.token });
    expect(own.error.errorInfo.reason).toBe('CodeGiftOwnGift');
    const r = await guestWithCard(t);
    expect((await t.call(acceptGift, { giftToken: gift.giftToken, ...choices() }, { token: r.token })).status).toBe(
      200,
    );
    const events = async () =>
      (await t.pool.query('SELECT count(*)::int AS n FROM booking_events WHERE booking_id = $1', [gift.bookingId]))
        .rows[0].n;
    const eventsBefore = await events();

    const again = await t.call(acceptGift, { giftToken: gift.giftToken, ...choices() }, { token: r.token });
    expect(again.status).toBe(409);
    expect(again.error.errorInfo.reason).toBe('CodeGiftAlreadyAccepted');
    const other = await guestWithCard(t);
    const theirs = await t.call(acceptGift, { giftToken: gift.giftToken, ...choices() }, { token: other.token });
    expect(theirs.status).toBe(403);
    expect(theirs.error.errorInfo.reason).toBe('CodeGiftOfAnotherRecipient');
    expect((await t.call(getGift, { giftToken: gift.giftToken }, { token: other.token })).error.errorInfo.reason).toBe(
      'CodeGiftOfAnotherRecipient',
    );
    expect((await t.call(getGift, { giftToken: gift.giftToken })).status).toBe(403);
    const withdraw = await t.call(cancelGift, { giftId: gift.giftId }, { token: o.token });
    expect(withdraw.error.errorInfo.reason).toBe('CodeGiftAlreadyAccepted');
    const unknown = await t.call(getGift, { giftToken: 'x'.repeat(43) });
    expect(unknown.status).toBe(404);
    expect(unknown.error.errorInfo.reason).toBe('CodeGiftNotFound');

    expect(await events()).toBe(eventsBefore);
    expect(await bookingRow(gift.bookingId!)).toMatchObject({ status: 'BOOKED', account_id: r.accountId });
  });

  it('a headcount the house does not take is refused and the gift stays open', async () => {
    const g = await giftHouseGroup(t, staffToken);
    const o = await giftingOwner(t, staffToken, g.houseGroupId);
    const gift = await giveDated(g, o, 15);
    const r = await guestWithCard(t);
    const res = await t.call(
      acceptGift,
      { giftToken: gift.giftToken, ...choices({ headcount: adults(9) }) },
      { token: r.token },
    );
    expect(res.error.errorInfo.reason).toBe('CodeHeadcountNotAllowed');
    expect(await giftRow(gift.giftId)).toBe('OPEN');
    expect((await bookingRow(gift.bookingId!)).status).toBe('GIFTED');
  });
});

describe('a gift held but not yet GIFTED', () => {
  it('shows its holder as the sender until the gift is written (and lapses like any hold otherwise)', async () => {
    const g = await giftHouseGroup(t, staffToken);
    const o = await giftingOwner(t, staffToken, g.houseGroupId);
    const { bookingId } = await holdGiftStay(t.api.deps, {
      accountId: o.accountId,
      language: 'en',
      bookingType: 'GIFT_USE',
      houseGroupId: g.houseGroupId,
      checkinDate: civil(addDays(g.today, 9)),
      checkoutDate: civil(addDays(g.today, 10)),
      shareId: o.shareId,
      bookingId: randomUUID(),
    });
    const res = await t.call(getBooking, { bookingId }, { token: o.token });
    expect(res.status).toBe(200);
    expect(res.body.booking).toMatchObject({ bookingStatus: 'TENTATIVE', bookingType: 'GIFT_USE' });
    expect(res.body.booking.giftUse?.sender.userId).toBe(o.userId);
  });
});

describe('withdrawing and declining', () => {
  it('cancel_gift releases the house and returns the slots once; the link then says withdrawn', async () => {
    const g = await giftHouseGroup(t, staffToken);
    const o = await giftingOwner(t, staffToken, g.houseGroupId);
    const year = yearOf(addDays(g.today, 30));
    const before = await slotBalance(t, o.shareId, year);
    const gift = await giveDated(g, o, 30);
    const guest = await guestWithCard(t);
    // The only house is held by the gift.
    const blocked = await t.call(createGuestUseTentativeBooking, stayRequest(g.houseGroupId, g.today, 30), {
      token: guest.token,
    });
    expect(blocked.error.errorInfo.reason).toBe('CodeHouseNotAvailable');

    const other = await giftingOwner(t, staffToken, g.houseGroupId);
    expect((await t.call(cancelGift, { giftId: gift.giftId }, { token: other.token })).error.errorInfo.reason).toBe(
      'CodeGiftNotFound',
    );
    const res = await t.call(cancelGift, { giftId: gift.giftId }, { token: o.token });
    expect(res.status).toBe(200);
    expect(res.body.gift.status).toBe('WITHDRAWN');
    expect((await bookingRow(gift.bookingId!)).status).toBe('CANCELLED');
    expect(await slotBalance(t, o.shareId, year)).toEqual(before);
    expect((await t.call(cancelGift, { giftId: gift.giftId }, { token: o.token })).error.errorInfo.reason).toBe(
      'CodeGiftNotOpen',
    );
    expect(await slotBalance(t, o.shareId, year)).toEqual(before);

    const r = await guestWithCard(t);
    const late = await t.call(acceptGift, { giftToken: gift.giftToken, ...choices() }, { token: r.token });
    expect(late.status).toBe(410);
    expect(late.error.errorInfo.reason).toBe('CodeGiftWithdrawn');
    const free = await t.call(createGuestUseTentativeBooking, stayRequest(g.houseGroupId, g.today, 30), {
      token: guest.token,
    });
    expect(free.status).toBe(200);
  });

  it('decline_gift gives the nights back and the gift can no longer be accepted', async () => {
    const g = await giftHouseGroup(t, staffToken);
    const o = await giftingOwner(t, staffToken, g.houseGroupId);
    const year = yearOf(addDays(g.today, 12));
    const before = await slotBalance(t, o.shareId, year);
    const gift = await giveDated(g, o, 12, 1, createDatedSlotsGift);
    const r = await guestWithCard(t);
    const res = await t.call(declineGift, { giftToken: gift.giftToken }, { token: r.token });
    expect(res.status).toBe(200);
    expect(res.body.gift.status).toBe('DECLINED');
    expect(await slotBalance(t, o.shareId, year)).toEqual(before);
    const again = await t.call(acceptGift, { giftToken: gift.giftToken, ...choices() }, { token: r.token });
    expect(again.error.errorInfo.reason).toBe('CodeGiftWithdrawn');
  });
});

describe('DATED_SLOTS_GIFT_USE: accepted by 17:00 the day before check-in, else cancelled', () => {
  it('expires at the cut-off: acceptance refused, the job cancels the booking and returns the slots exactly once', async () => {
    const g = await giftHouseGroup(t, staffToken);
    const o = await giftingOwner(t, staffToken, g.houseGroupId);
    const checkin = addDays(g.today, 10);
    const year = yearOf(checkin);
    const before = await slotBalance(t, o.shareId, year);
    const gift = await giveDated(g, o, 10, 2, createDatedSlotsGift);
    // 17:00 in Asia/Tokyo the day before check-in is 08:00 UTC.
    const cutoff = new Date(`${addDays(checkin, -1)}T08:00:00Z`);
    expect(gift.giftExpireDatetime).toEqual(dateTimeFromDate(cutoff));
    const r = await guestWithCard(t);
    const owner = (await t.call(getBooking, { bookingId: gift.bookingId! }, { token: o.token })).body.booking;
    expect(owner.datedSlotsGiftUse).toMatchObject({ giftExpireDatetime: dateTimeFromDate(cutoff) });
    expect(owner.datedSlotsGiftUse?.senderLastName).toBeTruthy();

    // One minute before: nothing expires.
    t.clock.set(new Date(cutoff.getTime() - 60_000));
    expect(await expireGifts(t.api.deps)).toBe(0);
    t.clock.set(cutoff);
    await freshToken(t, r);
    await freshToken(t, o);
    const late = await t.call(acceptGift, { giftToken: gift.giftToken, ...choices() }, { token: r.token });
    expect(late.status).toBe(410);
    expect(late.error.errorInfo.reason).toBe('CodeGiftExpired');
    expect((await bookingRow(gift.bookingId!)).status).toBe('GIFTED');
    // The owner's list shows it expired before the job runs.
    expect((await t.call(listSentGifts, {}, { token: o.token })).body.gifts[0]!.status).toBe('EXPIRED');

    expect(await expireGifts(t.api.deps)).toBe(1);
    expect(await expireGifts(t.api.deps)).toBe(0);
    expect(await giftRow(gift.giftId)).toBe('EXPIRED');
    expect((await bookingRow(gift.bookingId!)).status).toBe('CANCELLED');
    expect(await slotBalance(t, o.shareId, year)).toEqual(before);
    expect(await returnsOf(gift.bookingId!)).toBe(2);
  });

  it('cannot be given once the cut-off of its check-in has passed', async () => {
    const g = await giftHouseGroup(t, staffToken);
    const o = await giftingOwner(t, staffToken, g.houseGroupId);
    const checkin = addDays(g.today, 5);
    t.clock.set(new Date(`${addDays(checkin, -1)}T08:00:00Z`));
    await freshToken(t, o);
    const res = await t.call(
      createDatedSlotsGift,
      { houseGroupId: g.houseGroupId, checkinDate: civil(checkin), checkoutDate: civil(addDays(checkin, 1)) },
      { token: o.token },
    );
    expect(res.status).toBe(409);
    expect(res.error.errorInfo.reason).toBe('CodeGiftDeadlinePassed');
    const held = await t.pool.query('SELECT count(*)::int AS n FROM bookings WHERE account_id = $1', [o.accountId]);
    expect(held.rows[0].n).toBe(0);
  });
});

describe('SLOTS_GIFT_USE: undated nights the recipient dates', () => {
  it('takes the nights at once; the recipient books dates with them and the unused ones go back', async () => {
    const g = await giftHouseGroup(t, staffToken, { highDays: [40] });
    const o = await giftingOwner(t, staffToken, g.houseGroupId);
    const year = yearOf(addDays(g.today, 39));
    const before = await slotBalance(t, o.shareId, year);
    const res = await t.call(
      createSlotsGift,
      {
        slotYear: year,
        slotStandard: 2,
        slotHigh: 1,
        giftExpireDatetime: dateTimeFromDate(new Date(Date.now() + 30 * DAY)),
        message: 'Pick your dates',
      },
      { token: o.token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const gift = res.body.gift;
    expect(gift).toMatchObject({ giftType: 'SLOTS_GIFT_USE', slotStandard: 2, slotHigh: 1, checkinDate: null });
    expect(await slotBalance(t, o.shareId, year)).toEqual({ standard: before.standard - 2, high: before.high - 1 });

    const r = await guestWithCard(t);
    const dates = (from: number, nights: number) => ({
      checkinDate: civil(addDays(g.today, from)),
      checkoutDate: civil(addDays(g.today, from + nights)),
    });
    // Four nights need more than the three given.
    const tooLong = await t.call(
      createSlotsGiftTentativeBooking,
      { giftToken: gift.giftToken, ...dates(39, 4), ...choices() },
      { token: r.token },
    );
    expect(tooLong.status).toBe(409);
    expect(tooLong.error.errorInfo.reason).toBe('CodeGiftSlotsExceeded');

    // Nights 39 (standard) and 40 (HIGH), more than a month ahead (free to cancel).
    const booked = await t.call(
      createSlotsGiftTentativeBooking,
      { giftToken: gift.giftToken, ...dates(39, 2), ...choices() },
      { token: r.token },
    );
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    const bookingId = booked.body.bookingId;
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'BOOKED', account_id: r.accountId });
    const detail = (await t.call(getBooking, { bookingId }, { token: r.token })).body.booking;
    expect(detail.bookingType).toBe('SLOTS_GIFT_USE');
    expect(detail.slotsGiftUse).toMatchObject({
      isDatedSlotsGift: false,
      consumption: { slotStandard: 1, slotHigh: 1, slotHighSubstitute: 0 },
    });
    // One standard night was not used: it is the owner's again.
    expect(await slotBalance(t, o.shareId, year)).toEqual({ standard: before.standard - 1, high: before.high - 1 });
    expect(await giftRow(gift.giftId)).toBe('ACCEPTED');
    const second = await t.call(
      createSlotsGiftTentativeBooking,
      { giftToken: gift.giftToken, ...dates(50, 1), ...choices() },
      { token: r.token },
    );
    expect(second.error.errorInfo.reason).toBe('CodeGiftAlreadyAccepted');
    // A recipient cancelling within the free period gives the nights back to the owner.
    const cancelled = await t.call(cancelBooking, { bookingId }, { token: r.token });
    expect(cancelled.status).toBe(200);
    expect(await slotBalance(t, o.shareId, year)).toEqual(before);
  });

  it('an unused gift returns its nights when it expires', async () => {
    const g = await giftHouseGroup(t, staffToken);
    const o = await giftingOwner(t, staffToken, g.houseGroupId);
    const year = yearOf(g.today);
    const before = await slotBalance(t, o.shareId, year);
    const expiresAt = new Date(Date.now() + 2 * DAY);
    const gift = (
      await t.call(
        createSlotsGift,
        { slotStandard: 3, slotHigh: 0, giftExpireDatetime: dateTimeFromDate(expiresAt) },
        { token: o.token },
      )
    ).body.gift;
    expect(gift.slotYear).toBe(year);
    t.clock.set(expiresAt);
    expect(await expireGifts(t.api.deps)).toBe(1);
    expect(await slotBalance(t, o.shareId, year)).toEqual(before);
    expect(await returnsOf(`gift-${gift.giftId}`)).toBe(3);
  });

  it('refuses more nights than the share has, and an expiry in the past', async () => {
    const g = await giftHouseGroup(t, staffToken);
    const o = await giftingOwner(t, staffToken, g.houseGroupId);
    const tooMany = await t.call(
      createSlotsGift,
      { slotStandard: 200, slotHigh: 0, giftExpireDatetime: dateTimeFromDate(new Date(Date.now() + DAY)) },
      { token: o.token },
    );
    expect(tooMany.error.errorInfo.reason).toBe('CodeInsufficientSlots');
    const past = await t.call(
      createSlotsGift,
      { slotStandard: 1, slotHigh: 0, giftExpireDatetime: dateTimeFromDate(new Date(Date.now() - DAY)) },
      { token: o.token },
    );
    expect(past.error.errorInfo.reason).toBe('CodeInvalidArgument');
    const guest = await guestWithCard(t);
    const notOwner = await t.call(
      createSlotsGift,
      { slotStandard: 1, slotHigh: 0, giftExpireDatetime: dateTimeFromDate(new Date(Date.now() + DAY)) },
      { token: guest.token },
    );
    expect(notOwner.status).toBe(403);
  });
});

describe('exactly once under races', () => {
  it('accept, withdraw and decline at once: one wins, and the slots are consumed or returned once', async () => {
    for (let round = 0; round < 3; round++) {
      const g = await giftHouseGroup(t, staffToken);
      const o = await giftingOwner(t, staffToken, g.houseGroupId);
      const year = yearOf(addDays(g.today, 25));
      const before = await slotBalance(t, o.shareId, year);
      const gift = await giveDated(g, o, 25, 3, createDatedSlotsGift);
      const [a, b] = [await guestWithCard(t), await guestWithCard(t)];
      const results = await Promise.all([
        t.call(acceptGift, { giftToken: gift.giftToken, ...choices() }, { token: a.token }),
        t.call(cancelGift, { giftId: gift.giftId }, { token: o.token }),
        t.call(declineGift, { giftToken: gift.giftToken }, { token: b.token }),
        t.call(acceptGift, { giftToken: gift.giftToken, ...choices() }, { token: b.token }),
        expireGifts(t.api.deps),
      ]);
      const wins = results.slice(0, 4).filter((x) => (x as { status: number }).status === 200);
      expect(wins).toHaveLength(1);
      const status = await giftRow(gift.giftId);
      const after = await slotBalance(t, o.shareId, year);
      if (status === 'ACCEPTED') {
        expect(after.standard).toBe(before.standard - 3);
        expect(await returnsOf(gift.bookingId!)).toBe(0);
      } else {
        expect(['WITHDRAWN', 'DECLINED']).toContain(status);
        expect(after).toEqual(before);
        expect(await returnsOf(gift.bookingId!)).toBe(3);
      }
    }
  });

  it('withdraw, decline and the expiry job at once past the expiry: the nights return exactly once', async () => {
    const g = await giftHouseGroup(t, staffToken);
    const o = await giftingOwner(t, staffToken, g.houseGroupId);
    const year = yearOf(g.today);
    const before = await slotBalance(t, o.shareId, year);
    const expiresAt = new Date(Date.now() + DAY);
    const gift = (
      await t.call(
        createSlotsGift,
        { slotStandard: 2, slotHigh: 1, giftExpireDatetime: dateTimeFromDate(expiresAt) },
        { token: o.token },
      )
    ).body.gift;
    const r = await guestWithCard(t);
    t.clock.set(new Date(expiresAt.getTime() + 1_000));
    await freshToken(t, o);
    await freshToken(t, r);
    const results = await Promise.all([
      expireGifts(t.api.deps),
      t.call(cancelGift, { giftId: gift.giftId }, { token: o.token }),
      expireGifts(t.api.deps),
      t.call(declineGift, { giftToken: gift.giftToken }, { token: r.token }),
      t.call(
        createSlotsGiftTentativeBooking,
        {
          giftToken: gift.giftToken,
          checkinDate: civil(addDays(g.today, 3)),
          checkoutDate: civil(addDays(g.today, 4)),
          ...choices(),
        },
        { token: r.token },
      ),
    ]);
    const declined = results[3] as Awaited<ReturnType<typeof t.call<typeof declineGift>>>;
    expect(declined.error.errorInfo.reason).toBe('CodeGiftExpired');
    expect(await giftRow(gift.giftId)).toBe('EXPIRED');
    expect(await slotBalance(t, o.shareId, year)).toEqual(before);
    expect(await returnsOf(`gift-${gift.giftId}`)).toBe(3);
  });
});
