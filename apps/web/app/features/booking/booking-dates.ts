import { addDays, datesBetween, type IsoDate } from '@yado/contract/civil-date';

/** The nights of a stay: check-in up to the day before check-out. */
export function nightsOf(checkin: IsoDate, checkout: IsoDate): IsoDate[] {
  return datesBetween(checkin, checkout);
}

/**
 * The dates a meal can be served in a stay (docs/domain.md): dinner on each
 * night, breakfast on each morning after a night.
 */
export function mealDates(type: string, checkin: IsoDate, checkout: IsoDate): IsoDate[] {
  const nights = nightsOf(checkin, checkout);
  return type === 'BREAKFAST' ? nights.map((d) => addDays(d, 1)) : nights;
}
