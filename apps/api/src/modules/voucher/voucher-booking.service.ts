import type { BookingRequest } from '@yado/contract/booking.contract';
import { todayIn } from '@yado/contract/civil-date';
import type { Language } from '@yado/contract/headers';
import { AppError } from '../../platform/app-error.js';
import { withTx } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import type { Task } from '../../platform/scheduler.js';
import { stayDates } from '../booking/booking-quote.service.js';
import type { Created } from '../booking/create-tentative-booking.service.js';
import { holdEntitledStay } from '../booking/entitled-hold.service.js';
import * as vouchers from './accommodation-voucher.repo.js';
import { voucherStayRefusal, voucherTierRefusal, voucherStateOf } from './voucher.rules.js';

/*
 * Stays an accommodation voucher pays (decision 0050): a DAO_USE stay held by the booking core's
 * entitled hold, whose nights leave the voucher's ledger (USE, reference the booking) in the hold's
 * transaction, and come back (RESTORE) once the booking is cancelled.
 */

export type VoucherBookingInput = Omit<BookingRequest, 'coupon'> & { accommodationVoucherId: string };

export async function createVoucherTentativeBooking(
  deps: Deps,
  accountId: string,
  language: Language,
  input: VoucherBookingInput,
): Promise<Created> {
  const { accommodationVoucherId, ...request } = input;
  const voucher = await vouchers.findVoucher(deps.db, accommodationVoucherId);
  if (!voucher || voucher.accountId !== accountId) throw new AppError('CodeAccommodationVoucherNotFound');
  const names = (await vouchers.namesOfVouchers(deps.db, language, [voucher.id])).get(voucher.id);
  if (!names) throw new AppError('CodeInternal');
  const { checkoutDate } = stayDates(request);
  const refusal = voucherStayRefusal(
    voucher,
    { houseGroupId: request.houseGroupId, checkoutDate },
    todayIn(names.timezone, deps.clock.now()),
  );
  if (refusal) throw new AppError(refusal);
  const hold = {
    accountId,
    language,
    bookingType: 'DAO_USE' as const,
    request,
    entitlement: { accommodationVoucherId },
    onlyHouseId: voucher.houseId,
  };
  return holdEntitledStay(deps, hold, async (tx, ctx) => {
    const tier = voucherTierRefusal(voucher.priceType, ctx.nights);
    if (tier) throw new AppError(tier);
    // Under the voucher's lock a revocation or an expiry cannot slip in between the checks above and the USE.
    await vouchers.lockVoucher(tx, voucher.id);
    const now = await vouchers.findVoucher(tx, voucher.id);
    if (!now || now.revokedAt) throw new AppError('CodeAccommodationVoucherRevoked');
    try {
      await vouchers.appendVoucherEntry(tx, {
        voucherId: voucher.id,
        days: -(ctx.nights.standard + ctx.nights.high),
        kind: 'USE',
        reference: ctx.bookingId,
        now: ctx.now,
      });
    } catch (err) {
      if ((err as { constraint?: string }).constraint === 'accommodation_voucher_balance')
        throw new AppError('CodeAccommodationVoucherNotEnoughNights');
      throw err;
    }
  });
}

/**
 * Gives back the nights of voucher stays that were cancelled (or whose hold lapsed), once per booking
 * (the ledger's unique (voucher, kind, reference)). Nights coming back to a voucher that has since
 * expired or been given back leave it again at once (EXPIRE or REVOKE, same reference), so such a
 * voucher keeps showing no nights and its refund is not changed.
 */
export async function restoreNightsOfCancelledStays(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  let restored = 0;
  for (const owed of await vouchers.restoresOwed(deps.db, 200)) {
    const wrote = await withTx(deps.db, async (tx) => {
      await vouchers.lockVoucher(tx, owed.voucherId);
      const back = await vouchers.appendVoucherEntry(tx, {
        voucherId: owed.voucherId,
        days: owed.days,
        kind: 'RESTORE',
        reference: owed.bookingId,
        now,
      });
      if (!back) return false;
      const v = await vouchers.findVoucher(tx, owed.voucherId);
      const names = v && (await vouchers.namesOfVouchers(tx, 'en', [v.id])).get(v.id);
      const state = v && names ? voucherStateOf(v, todayIn(names.timezone, now)) : 'ACTIVE';
      if (state === 'EXPIRED' || state === 'REVOKED') {
        await vouchers.appendVoucherEntry(tx, {
          voucherId: owed.voucherId,
          days: -owed.days,
          kind: state === 'EXPIRED' ? 'EXPIRE' : 'REVOKE',
          reference: owed.bookingId,
          now,
        });
      }
      return true;
    });
    if (wrote) restored += 1;
  }
  return restored;
}

export const voucherNightsRestoreTask: Task = {
  name: 'accommodation-voucher-restores',
  everyMs: 10_000,
  run: async (deps) => void (await restoreNightsOfCancelledStays(deps)),
};
