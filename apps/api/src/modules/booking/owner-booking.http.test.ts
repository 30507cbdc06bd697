import { addDays } from '@yado/contract/civil-date';
import {
  cancelBooking,
  confirmBooking,
  createGuestUseTentativeBooking,
  createMutualUseTentativeBooking,
  createOwnUseTentativeBooking,
  getBooking,
  getBookingQuote,
  getCancellationFee,
  updateBookingDebtOption,
} from '@yado/contract/booking.contract';
import { payBilling } from '@yado/contract/billing.contract';
import { acceptFamilyInvitation, removeFamilyMember } from '@yado/contract/family.contract';
import { getSlotBalance, staffGrantShare, staffUpdateOwnerSettings } from '@yado/contract/ownership.contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { signInStaff } from '../staff-catalogue/staff-catalogue.test-factory.js';
import { invitation } from '../family/family.test-factory.js';
import { registeredUser } from '../../test-support/user-factory.js';
import { addCard, bookableHouseGroup, daysAheadInOneYear, guestWithCard, stayRequest } from './booking.test-factory.js';

let t: TestApi;
let staffToken: string;

beforeAll(async () => {
  t = await createTestApi();
  staffToken = (await signInStaff(t)).idToken;
});

/** A house group owners may book (own and mutual use), with a fee and an extra charge, and HIGH days. */
async function ownerGroup(o: { highDays?: number[]; ownUseFee?: number; extra?: number; houses?: number } = {}) {
  const g = await bookableHouseGroup(t, {
    bookingTypes: ['GUEST_USE', 'OWN_USE', 'MUTUAL_USE'],
    houses: o.houses ?? 2,
    days: 400,
  });
  for (const d of o.highDays ?? []) {
    await t.pool.query(`UPDATE house_group_days SET price_type = 'HIGH' WHERE house_group_id = $1 AND date = $2`, [
      g.houseGroupId,
      addDays(g.today, d),
    ]);
  }
  const res = await t.call(
    staffUpdateOwnerSettings,
    {
      houseGroupId: g.houseGroupId,
      ownUseFee: o.ownUseFee ?? 5_000,
      mutualUseExtraChargePerDay: o.extra ?? 2_000,
      allowHighSubstitute: true,
      inOwnerNetwork: true,
    },
    { token: staffToken },
  );
  expect(res.status).toBe(200);
  return g;
}

async function ownerOf(houseGroupId: string, numerator = 1, denominator = 12) {
  const owner = await guestWithCard(t);
  const res = await t.call(
    staffGrantShare,
    { accountId: owner.accountId, houseGroupId, numerator, denominator },
    { token: staffToken },
  );
  expect(res.status).toBe(200);
  return { ...owner, shareId: res.body.share.shareId };
}

async function remaining(token: string, shareId: string, year: number) {
  const res = await t.call(getSlotBalance, { shareId, slotYear: year }, { token });
  const y = res.body.shares[0]!.years[0]!;
  return { standard: y.standard.remaining, high: y.high.remaining, substitute: y.highSubstituteUsed };
}

describe('own use', () => {
  it('quotes the slots and the fee, holds them, confirms under DEFAULT without a card', async () => {
    const g = await ownerGroup({ highDays: [40] });
    const o = await ownerOf(g.houseGroupId);
    const req = stayRequest(g.houseGroupId, g.today, 39, 3);
    const q = await t.call(getBookingQuote, { ...req, bookingType: 'OWN_USE' }, { token: o.token });
    expect(q.status).toBe(200);
    expect(q.body.quote).toMatchObject({
      consumptionSlotStandard: 2,
      consumptionSlotHigh: 1,
      consumptionSlotHighSubstitute: 0,
      accommodationAmount: 0,
      depositAmount: 0,
      totalOwnUseFee: 5_000,
      totalAmount: 5_500,
      consumptionShareId: o.shareId,
    });
    expect(q.body.quote.consumptionHouseGroup?.id).toBe(g.houseGroupId);
    const year = Number(addDays(g.today, 39).slice(0, 4));
    const before = await remaining(o.token, o.shareId, year);
    const held = await t.call(createOwnUseTentativeBooking, req, { token: o.token });
    expect(held.status).toBe(200);
    const after = await remaining(o.token, o.shareId, year);
    expect(after.standard + after.high).toBe(before.standard + before.high - 3);
    const confirmed = await t.call(confirmBooking, { bookingId: held.body.bookingId }, { token: o.token });
    expect(confirmed.body).toMatchObject({ bookingStatus: 'BOOKED', status: 'PAID' });
    const detail = (await t.call(getBooking, { bookingId: held.body.bookingId }, { token: o.token })).body.booking;
    expect(detail.bookingType).toBe('OWN_USE');
    expect(detail.ownUse).toMatchObject({
      totalOwnUseFee: 5_500,
      consumption: { slotStandard: 2, slotHigh: 1, slotHighSubstitute: 0 },
      debtOptionUi: { debtOption: 'DEFAULT', canUpdateDebtOption: true },
    });
    expect(detail.guestUse).toBeNull();
    expect(detail.billings).toHaveLength(0);
    const owed = await t.pool.query('SELECT subject, amount FROM owner_expenditures WHERE booking_id = $1', [
      held.body.bookingId,
    ]);
    expect(owed.rows).toEqual([{ subject: 'OWN_USE_FEE', amount: 5_500 }]);
  });

  it('takes a standard slot as high-substitute once the high slots are spent', async () => {
    // 1/36 of a year: 10 nights, 4 high and 6 standard.
    const g = await ownerGroup({ highDays: [50, 51, 52, 53, 54] });
    const o = await ownerOf(g.houseGroupId, 1, 36);
    const res = await t.call(createOwnUseTentativeBooking, stayRequest(g.houseGroupId, g.today, 50, 5), {
      token: o.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.quote).toMatchObject({
      consumptionSlotHigh: 4,
      consumptionSlotHighSubstitute: 1,
      consumptionSlotStandard: 0,
    });
  });

  it('refuses more nights than the balance, outside the window, and a guest or another group', async () => {
    const g = await ownerGroup();
    const o = await ownerOf(g.houseGroupId, 1, 365);
    const tooMany = await t.call(createOwnUseTentativeBooking, stayRequest(g.houseGroupId, g.today, 30, 3), {
      token: o.token,
    });
    expect(tooMany.status).toBe(409);
    expect(tooMany.error.errorInfo.reason).toBe('CodeInsufficientSlots');
    const far = await t.call(createOwnUseTentativeBooking, stayRequest(g.houseGroupId, g.today, 380, 1), {
      token: o.token,
    });
    expect(far.error.errorInfo.reason).toBe('CodeOutsideBookingWindow');
    expect(far.error.errorInfo.fields?.map((f) => f.field)).toContain('windowLastDate');
    const guest = await guestWithCard(t);
    const notOwner = await t.call(createOwnUseTentativeBooking, stayRequest(g.houseGroupId, g.today, 30, 1), {
      token: guest.token,
    });
    expect(notOwner.status).toBe(403);
    expect(notOwner.error.errorInfo.reason).toBe('CodeNotOwner');
    const other = await ownerGroup();
    const wrongGroup = await t.call(createOwnUseTentativeBooking, stayRequest(other.houseGroupId, g.today, 30, 1), {
      token: o.token,
    });
    expect(wrongGroup.error.errorInfo.reason).toBe('CodeNotOwner');
    const otherOwner = await ownerOf(other.houseGroupId);
    const foreignShare = await t.call(
      createOwnUseTentativeBooking,
      { ...stayRequest(g.houseGroupId, g.today, 30, 1), shareId: otherOwner.shareId },
      { token: o.token },
    );
    expect(foreignShare.status).toBe(404);
    expect(foreignShare.error.errorInfo.reason).toBe('CodeShareNotFound');
  });

  it('never lets concurrent holds of one share overdraw it', async () => {
    const g = await ownerGroup({ houses: 12 });
    // 1/73: 5 nights a year (2 high, 3 standard); no HIGH days, so 3 one-night holds can succeed.
    const o = await ownerOf(g.houseGroupId, 1, 73);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.call(createOwnUseTentativeBooking, stayRequest(g.houseGroupId, g.today, 20 + i, 1), { token: o.token }),
      ),
    );
    const ok = results.filter((r) => r.status === 200).length;
    expect(ok).toBe(3);
    expect(
      results.filter((r) => r.status !== 200).every((r) => r.error.errorInfo.reason === 'CodeInsufficientSlots'),
    ).toBe(true);
    const sum = await t.pool.query<{ n: string }>(
      `SELECT coalesce(sum(nights), 0) AS n FROM slot_ledger WHERE share_id = $1 AND tier = 'STANDARD'
         AND slot_year = $2`,
      [o.shareId, Number(addDays(g.today, 20).slice(0, 4))],
    );
    expect(Number(sum.rows[0]!.n)).toBeGreaterThanOrEqual(0);
  });
});

describe('debt option and cancellation', () => {
  it('NO_DEBT bills the fee, which is paid by card; DEFAULT is then locked; a free cancellation refunds and returns the slots', async () => {
    const g = await ownerGroup({ highDays: [45] });
    const o = await ownerOf(g.houseGroupId);
    const year = Number(addDays(g.today, 45).slice(0, 4));
    const start = await remaining(o.token, o.shareId, year);
    const held = await t.call(createOwnUseTentativeBooking, stayRequest(g.houseGroupId, g.today, 44, 2), {
      token: o.token,
    });
    const bookingId = held.body.bookingId;
    await t.call(confirmBooking, { bookingId }, { token: o.token });
    const changed = await t.call(updateBookingDebtOption, { bookingId, debtOption: 'NO_DEBT' }, { token: o.token });
    expect(changed.status).toBe(200);
    expect(changed.body.booking.ownUse?.debtOptionUi.debtOption).toBe('NO_DEBT');
    const fee = changed.body.booking.billings.find((b) => b.billingStatus === 'REQUESTED')!;
    expect(fee.totalAmount).toBe(5_500);
    const owed = await t.pool.query<{ n: string }>(
      'SELECT coalesce(sum(amount), 0) AS n FROM owner_expenditures WHERE booking_id = $1',
      [bookingId],
    );
    expect(Number(owed.rows[0]!.n)).toBe(0);
    const paid = await t.call(
      payBilling,
      { billingId: fee.billingId, paymentMethodId: o.paymentMethodId },
      { token: o.token },
    );
    expect(paid.status).toBe(200);
    const locked = await t.call(updateBookingDebtOption, { bookingId, debtOption: 'DEFAULT' }, { token: o.token });
    expect(locked.status).toBe(409);
    expect(locked.error.errorInfo.reason).toBe('CodeDebtOptionLocked');
    const feeView = await t.call(getCancellationFee, { bookingId }, { token: o.token });
    expect(feeView.body).toMatchObject({ underFreeCancellationPeriod: true, totalFee: 0, refundAmount: 5_500 });
    const cancelled = await t.call(cancelBooking, { bookingId }, { token: o.token });
    expect(cancelled.status).toBe(200);
    expect(await remaining(o.token, o.shareId, year)).toEqual(start);
  });

  it('after the free month the nights are consumed and the fees owed become the cancellation fee', async () => {
    const g = await ownerGroup({ highDays: [10] });
    const o = await ownerOf(g.houseGroupId);
    const year = Number(addDays(g.today, 10).slice(0, 4));
    const held = await t.call(createOwnUseTentativeBooking, stayRequest(g.houseGroupId, g.today, 10, 2), {
      token: o.token,
    });
    const bookingId = held.body.bookingId;
    await t.call(confirmBooking, { bookingId }, { token: o.token });
    const afterHold = await remaining(o.token, o.shareId, year);
    const feeView = await t.call(getCancellationFee, { bookingId }, { token: o.token });
    expect(feeView.body.underFreeCancellationPeriod).toBe(false);
    expect(feeView.body.cancellationFee.map((d) => d.details[0]!.consumedSlot)).toEqual(['HIGH', 'STANDARD']);
    await t.call(cancelBooking, { bookingId }, { token: o.token });
    expect(await remaining(o.token, o.shareId, year)).toEqual(afterHold);
    const owed = await t.pool.query<{ subject: string; n: string }>(
      `SELECT subject, sum(amount) AS n FROM owner_expenditures WHERE booking_id = $1 GROUP BY subject
       HAVING sum(amount) <> 0`,
      [bookingId],
    );
    expect(owed.rows.map((r) => ({ ...r, n: Number(r.n) }))).toEqual([{ subject: 'CANCELLATION_FEE', n: 5_500 }]);
  });
});

describe('mutual use', () => {
  it('books another group of the network on the own share, with the extra charge per night', async () => {
    const home = await ownerGroup();
    const away = await ownerGroup({ ownUseFee: 3_000, extra: 2_000 });
    const o = await ownerOf(home.houseGroupId);
    const res = await t.call(createMutualUseTentativeBooking, stayRequest(away.houseGroupId, away.today, 30, 2), {
      token: o.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.quote).toMatchObject({
      consumptionSlotStandard: 2,
      extraChargePerDay: 2_000,
      totalExtraCharge: 4_000,
      totalOwnUseFee: 3_000,
      totalAmount: 7_700,
    });
    expect(res.body.quote.consumptionHouseGroup?.id).toBe(home.houseGroupId);
    await t.call(confirmBooking, { bookingId: res.body.bookingId }, { token: o.token });
    const detail = (await t.call(getBooking, { bookingId: res.body.bookingId }, { token: o.token })).body.booking;
    expect(detail.mutualUse).toMatchObject({ extraCharge: 4_400, totalOwnUseFee: 3_300 });
    const ownGroup = await t.call(createMutualUseTentativeBooking, stayRequest(home.houseGroupId, home.today, 30, 1), {
      token: o.token,
    });
    expect(ownGroup.error.errorInfo.reason).toBe('CodeBookingTypeNotAvailable');
    const beyond = await t.call(createMutualUseTentativeBooking, stayRequest(away.houseGroupId, away.today, 200, 1), {
      token: o.token,
    });
    expect(beyond.error.errorInfo.reason).toBe('CodeOutsideBookingWindow');
  });

  it('a guest stay keeps its deposit path: confirm without a card is refused', async () => {
    const g = await ownerGroup();
    const guest = await guestWithCard(t);
    const held = await t.call(createGuestUseTentativeBooking, stayRequest(g.houseGroupId, g.today, 20, 1), {
      token: guest.token,
    });
    const res = await t.call(confirmBooking, { bookingId: held.body.bookingId }, { token: guest.token });
    expect(res.error.errorInfo.reason).toBe('CodePaymentMethodNotFound');
    const paymentMethodId = await addCard(t, guest.accountId, '4242424242424242');
    const confirmed = await t.call(
      confirmBooking,
      { bookingId: held.body.bookingId, paymentMethodId },
      { token: guest.token },
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ bookingStatus: 'BOOKED', status: 'PAID' });
    const seen = await t.call(getBooking, { bookingId: held.body.bookingId }, { token: guest.token });
    expect(seen.body.booking.bookingType).toBe('GUEST_USE');
    expect(seen.body.booking.billings.map((b) => [b.billingType, b.billingStatus])).toContainEqual(['DEPOSIT', 'PAID']);
  });
});

describe('family sharing', () => {
  it("a member books on the owner's slots; the owner sees and cancels it; a removed member may not book", async () => {
    const g = await ownerGroup();
    const o = await ownerOf(g.houseGroupId);
    const member = await registeredUser(t);
    const inv = await invitation(t, o.token, { email: member.email });
    expect((await t.call(acceptFamilyInvitation, { token: inv.token }, { token: member.token })).status).toBe(200);
    // More than a month ahead (40 days: no month is longer), so the owner's cancellation is free and
    // gives every night back; both nights in one slot year.
    const ahead = daysAheadInOneYear(g.today, 40, 2);
    const year = Number(addDays(g.today, ahead).slice(0, 4));
    const before = await remaining(o.token, o.shareId, year);
    const held = await t.call(createOwnUseTentativeBooking, stayRequest(g.houseGroupId, g.today, ahead, 2), {
      token: member.token,
    });
    expect(held.status).toBe(200);
    expect(held.body.quote.consumptionShareId).toBe(o.shareId);
    await t.call(confirmBooking, { bookingId: held.body.bookingId }, { token: member.token });
    const seen = await t.call(getBooking, { bookingId: held.body.bookingId }, { token: o.token });
    expect(seen.status).toBe(200);
    expect(seen.body.booking.isBookedByFamilySharedUser).toBe(true);
    const owed = await t.pool.query<{ user_id: string }>(
      'SELECT user_id FROM owner_expenditures WHERE booking_id = $1',
      [held.body.bookingId],
    );
    expect(owed.rows.map((r) => r.user_id)).toEqual([o.userId]);
    const stranger = await guestWithCard(t);
    const hidden = await t.call(getBooking, { bookingId: held.body.bookingId }, { token: stranger.token });
    expect(hidden.status).toBe(404);
    const cancelled = await t.call(cancelBooking, { bookingId: held.body.bookingId }, { token: o.token });
    expect(cancelled.body.booking.bookingStatus).toBe('CANCELLED');
    expect(await remaining(o.token, o.shareId, year)).toEqual(before);
    await t.call(removeFamilyMember, { familyMemberId: inv.familyMemberId }, { token: o.token });
    const refused = await t.call(createOwnUseTentativeBooking, stayRequest(g.houseGroupId, g.today, 30, 2), {
      token: member.token,
    });
    expect(refused.status).toBe(403);
    expect(refused.error.errorInfo.reason).toBe('CodeNotOwner');
    const namedShare = await t.call(
      createOwnUseTentativeBooking,
      { ...stayRequest(g.houseGroupId, g.today, 30, 2), shareId: o.shareId },
      { token: member.token },
    );
    expect(namedShare.status).toBe(403);
    expect(namedShare.error.errorInfo.reason).toBe('CodeNotFamilyMember');
  });
});
