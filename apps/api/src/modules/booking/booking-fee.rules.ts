import type { HouseGroup } from '@yado/contract/catalogue.contract';
import { cancellationFeeSchedule } from '../billing/billing.service.js';
import { todayIn } from '@yado/contract/civil-date';
import type { BookingRecord } from './booking.repo.js';

/** What cancelling (or not showing) today would cost, per stay date. */
export function feeScheduleOf(b: BookingRecord, hg: HouseGroup, now: Date, noShow = false) {
  return cancellationFeeSchedule({
    policy: hg.cancellationPolicy,
    nights: b.quote.nightAmounts,
    today: todayIn(hg.timezone, now),
    noShow,
  });
}

/** The fee of cancelling (or not showing) now: a hold that was never confirmed cancels free. */
export function scheduleFor(b: BookingRecord, hg: HouseGroup, now: Date, noShow: boolean) {
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
