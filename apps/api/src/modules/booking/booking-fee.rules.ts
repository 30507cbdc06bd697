import type { HouseGroup } from '@yado/contract/catalogue.contract';
import { cancellationFeeSchedule } from '@yado/contract/cancellation-fee';
import { addDays, isoFromCivil, todayIn } from '@yado/contract/civil-date';
import { ownerCancellationSchedule } from './owner-quote.rules.js';
import type { OwnerUse } from './use-types/use-type.js';
import { useTypeOf } from './use-types/use-types.registry.js';
import type { BookingRecord } from './booking.repo.js';

/** What cancelling (or not showing) today would cost, per stay date. */
export function feeScheduleOf(b: BookingRecord, hg: HouseGroup, now: Date, noShow = false) {
  const owner = useTypeOf(b.bookingType).owner;
  if (owner) return ownerScheduleOf(b, hg, now, noShow, owner);
  return cancellationFeeSchedule({
    policy: hg.cancellationPolicy,
    nights: b.quote.nightAmounts,
    today: todayIn(hg.timezone, now),
    noShow,
  });
}

/** An owner stay's schedule (decision 0030): free until a month before, then its nights consumed and its fees kept. */
function ownerScheduleOf(b: BookingRecord, hg: HouseGroup, now: Date, noShow: boolean, owner: OwnerUse) {
  const q = b.quote.quote;
  const schedule = ownerCancellationSchedule({
    nights: q.nights.map((n) => ({ date: isoFromCivil(n.date), priceType: n.priceType })),
    nightAmounts: b.quote.nightAmounts,
    slotHigh: q.consumptionSlotHigh,
    freeCancellationLimitDate: isoFromCivil(q.freeCancellationLimitDate),
    today: todayIn(hg.timezone, now),
    confirmed: b.status !== 'TENTATIVE',
    source: owner.cancellationSource,
  });
  if (!noShow || schedule.totalFee > 0 || !schedule.underFreeCancellationPeriod) return schedule;
  // Not showing up is never free: the nights are consumed, as late.
  return ownerCancellationSchedule({
    nights: q.nights.map((n) => ({ date: isoFromCivil(n.date), priceType: n.priceType })),
    nightAmounts: b.quote.nightAmounts,
    slotHigh: q.consumptionSlotHigh,
    freeCancellationLimitDate: addDays(todayIn(hg.timezone, now), -1),
    today: todayIn(hg.timezone, now),
    confirmed: true,
    source: owner.cancellationSource,
  });
}

/** The fee of cancelling (or not showing) now: a hold that was never confirmed cancels free. */
export function scheduleFor(b: BookingRecord, hg: HouseGroup, now: Date, noShow: boolean) {
  const owner = useTypeOf(b.bookingType).owner;
  if (owner) return ownerScheduleOf(b, hg, now, noShow, owner);
  const schedule = feeScheduleOf(b, hg, now, noShow);
  if (b.status !== 'TENTATIVE') return schedule;
  return {
    ...schedule,
    underFreeCancellationPeriod: true,
    totalFee: 0,
    perDate: schedule.perDate.map((d) => ({
      ...d,
      amount: 0,
      details: d.details.map((x) => ({ ...x, percentage: 0, amount: 0 })),
    })),
  };
}
