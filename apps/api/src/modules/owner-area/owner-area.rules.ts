import {
  addDays,
  addMonths,
  datesBetween,
  daysBetween,
  firstOfMonth,
  monthOf,
  type IsoDate,
} from '@yado/contract/civil-date';
import type { OwnerFeeSubjectValue, OwnerNightOccupancyValue } from '@yado/contract/owner-area.contract';
import { OwnerFeeSubject } from '@yado/contract/owner-area.contract';

export type Fraction = { numerator: number; denominator: number };

/** An owner stay that is not cancelled, as the owner home counts its nights. */
export type OwnerStayNights = { shareId: string; checkinDate: IsoDate; checkoutDate: IsoDate };

/**
 * Per share and year ("shareId|year"), twelve numbers, January first: the nights of the share's
 * stays in each month (a night is the date of its check-in day).
 */
export function nightsUsedByMonth(stays: readonly OwnerStayNights[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  const add = (shareId: string, year: number, month: number, n: number) => {
    const key = `${shareId}|${year}`;
    let months = out.get(key);
    if (!months) out.set(key, (months = Array.from({ length: 12 }, () => 0)));
    months[month - 1]! += n;
  };
  for (const s of stays) {
    // Most stays fall in one month: their nights are the difference of the days of the month.
    if (s.checkinDate.slice(0, 7) === s.checkoutDate.slice(0, 7)) {
      const { year, month } = monthOf(s.checkinDate);
      add(s.shareId, year, month, Number(s.checkoutDate.slice(8)) - Number(s.checkinDate.slice(8)));
      continue;
    }
    // Month by month rather than night by night: an owner's years of stays are thousands of nights.
    for (let ym = monthOf(s.checkinDate); firstOfMonth(ym) < s.checkoutDate; ym = addMonths(ym, 1)) {
      const start = firstOfMonth(ym) > s.checkinDate ? firstOfMonth(ym) : s.checkinDate;
      const next = firstOfMonth(addMonths(ym, 1));
      const end = next < s.checkoutDate ? next : s.checkoutDate;
      add(s.shareId, ym.year, ym.month, daysBetween(start, end));
    }
  }
  return out;
}

/**
 * The fees owed (the expenditure ledger's sums per subject), one line per subject (every subject,
 * 0 when none) and the total. Every entry counts until owner statements settle them.
 */
export function feesOwed(totals: readonly { subject: OwnerFeeSubjectValue; amount: number }[]) {
  const bySubject = OwnerFeeSubject.values.map((subject) => ({
    subject,
    amount: totals.filter((t) => t.subject === subject).reduce((s, t) => s + t.amount, 0),
  }));
  return { bySubject, total: bySubject.reduce((s, l) => s + l.amount, 0) };
}

export type StayForCalendar = {
  houseId: string;
  checkinDate: IsoDate;
  checkoutDate: IsoDate;
  bookingId: string | null;
  bookingType: string | null;
  shareId: string | null;
};

/**
 * What a stay is to the owner looking: their own (a booking on one of their shares, whoever of the
 * family booked it), a co-owner's, a mutual-use owner's from another house group, a guest's, or a
 * block (a stay no booking holds).
 */
export function occupancyOf(stay: StayForCalendar, callerShareIds: ReadonlySet<string>): OwnerNightOccupancyValue {
  if (stay.bookingId === null) return 'BLOCKED';
  if (stay.shareId !== null && callerShareIds.has(stay.shareId)) return 'OWN';
  if (stay.bookingType === 'MUTUAL_USE') return 'MUTUAL';
  if (stay.shareId !== null) return 'OTHER_OWNER';
  return 'GUEST';
}

export type CalendarNight = { houseId: string; occupancy: OwnerNightOccupancyValue; bookingId: string | null };

/**
 * The nights of [from, to) with, per house in the given order, what occupies it. Active stays of a
 * house never overlap (the database's exclusion constraint), so each night has at most one stay.
 */
export function calendarNights(input: {
  from: IsoDate;
  to: IsoDate;
  houseIds: readonly string[];
  stays: readonly StayForCalendar[];
  callerShareIds: ReadonlySet<string>;
}): { date: IsoDate; houses: CalendarNight[] }[] {
  const byHouseNight = new Map<string, CalendarNight>();
  for (const s of input.stays) {
    const occupancy = occupancyOf(s, input.callerShareIds);
    const night: Omit<CalendarNight, 'houseId'> = { occupancy, bookingId: occupancy === 'OWN' ? s.bookingId : null };
    const first = s.checkinDate > input.from ? s.checkinDate : input.from;
    const end = s.checkoutDate < input.to ? s.checkoutDate : input.to;
    for (let d = first; d < end; d = addDays(d, 1))
      byHouseNight.set(`${s.houseId}|${d}`, { houseId: s.houseId, ...night });
  }
  return datesBetween(input.from, input.to).map((date) => ({
    date,
    houses: input.houseIds.map(
      (houseId) => byHouseNight.get(`${houseId}|${date}`) ?? { houseId, occupancy: 'FREE', bookingId: null },
    ),
  }));
}

/** A share's part of an amount of its house group: amount × fraction, rounded down to whole yen. */
export function shareOf(amount: number, f: Fraction): number {
  return Math.floor((amount * f.numerator) / f.denominator);
}

/**
 * One share's revenue of a year: per month the house group's guest nights and accommodation revenue
 * and the share's part (each month rounded down on its own), and the totals.
 */
export function shareRevenue(months: readonly { month: number; amount: number; nights: number }[], fraction: Fraction) {
  const rows = Array.from({ length: 12 }, (_, i) => {
    const m = months.filter((x) => x.month === i + 1);
    const houseGroupRevenue = m.reduce((s, x) => s + x.amount, 0);
    return {
      month: i + 1,
      guestNights: m.reduce((s, x) => s + x.nights, 0),
      houseGroupRevenue,
      revenue: shareOf(houseGroupRevenue, fraction),
    };
  });
  return {
    months: rows,
    totalGuestNights: rows.reduce((s, r) => s + r.guestNights, 0),
    totalHouseGroupRevenue: rows.reduce((s, r) => s + r.houseGroupRevenue, 0),
    totalRevenue: rows.reduce((s, r) => s + r.revenue, 0),
  };
}
