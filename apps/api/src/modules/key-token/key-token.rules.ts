import { datesBetween, isRealDate, type IsoDate } from '@yado/contract/civil-date';

/**
 * The entitlement year a stay draws on: the calendar year of its check-in date, for every night
 * (a stay over new year is one stay, paid from one year).
 */
export function entitlementYear(checkinDate: IsoDate): number {
  return Number(checkinDate.slice(0, 4));
}

/** Whether every night of the stay is one of the master key's fixed dates (MM-DD, every year). */
export function onFixedDates(datesFixed: readonly string[], checkinDate: IsoDate, checkoutDate: IsoDate): boolean {
  const fixed = new Set(datesFixed);
  const nights = datesBetween(checkinDate, checkoutDate);
  return nights.length > 0 && nights.every((d) => fixed.has(d.slice(5)));
}

/** The master key's fixed dates from today to the end of next year, in order (MM-DD that a year lacks are skipped). */
export function fixedDatesAhead(datesFixed: readonly string[], today: IsoDate): IsoDate[] {
  const year = Number(today.slice(0, 4));
  const out: IsoDate[] = [];
  for (const y of [year, year + 1]) {
    for (const md of [...datesFixed].sort()) {
      const [month, day] = md.split('-').map(Number) as [number, number];
      if (!isRealDate({ year: y, month, day })) continue;
      const iso = `${y}-${md}` as IsoDate;
      if (iso >= today) out.push(iso);
    }
  }
  return out;
}
