import type { Meal } from '@yado/contract/meal.contract';
import { addDays, type IsoDate } from '@yado/contract/civil-date';

/** The moment a meal of `date` stops taking orders, on the house group's clock ("YYYY-MM-DD HH:MM"). */
export function mealDeadline(meal: Pick<Meal, 'orderDeadlineDaysBefore' | 'orderDeadlineTime'>, date: IsoDate): string {
  return `${addDays(date, -meal.orderDeadlineDaysBefore)} ${meal.orderDeadlineTime}`;
}
