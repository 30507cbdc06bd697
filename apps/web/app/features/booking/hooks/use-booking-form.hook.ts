import type { HouseGroup } from '@yado/contract/catalogue.contract';
import type { IsoDate } from '@yado/contract/civil-date';
import type { Meal, MealAgeBand } from '@yado/contract/meal.contract';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { mealDates } from '../booking-dates';
import { bookingRequestOf, formProblem, mealKey, withFormQuery, type BookingFormState } from '../booking-form-state';
import { mealDeadline } from '../meal-deadline';
import { useBookingQuote } from './use-booking-quote.hook';

/**
 * The booking form's state: what the guest chose, the request it makes, the
 * API's live quote for it, and the address kept in step with the dates and
 * guests.
 */
export function useBookingForm(
  g: HouseGroup,
  meals: Meal[],
  initial: BookingFormState,
  nowLocal: string,
  /** Called on every edit (the booking form clears a refused hold's message). */
  onEdit: () => void,
) {
  const { t } = useTranslation();
  const [s, setS] = useState<BookingFormState>(initial);
  const [appliedCoupon, setAppliedCoupon] = useState(Boolean(initial.couponCode));
  const exclusive = g.type === 'EXCLUSIVE';

  const datesOf = useMemo(() => {
    const byId = new Map(meals.map((m) => [m.id, m]));
    return (mealId: string): IsoDate[] => {
      const meal = byId.get(mealId);
      if (!meal || !s.checkin || !s.checkout) return [];
      return mealDates(meal.type, s.checkin, s.checkout).filter((d) => mealDeadline(meal, d) > nowLocal);
    };
  }, [meals, s.checkin, s.checkout, nowLocal]);

  const request = useMemo(
    () =>
      bookingRequestOf(g.id, appliedCoupon ? s : { ...s, couponCode: '' }, { mealDates: datesOf, coupon: !exclusive }),
    [g.id, s, appliedCoupon, datesOf, exclusive],
  );
  const quoteState = useBookingQuote(
    request,
    exclusive ? 'EXCLUSIVE_ACCOMMODATION_USE' : 'GUEST_USE',
    t('booking:quote.failed'),
  );
  useAddressFollowsForm(s);

  const update = (patch: Partial<BookingFormState>) => {
    onEdit();
    setS((current) => ({ ...current, ...patch }));
  };
  const setMeal = (mealId: string, date: IsoDate, band: MealAgeBand, n: number) =>
    update({
      meals: {
        ...s.meals,
        [mealKey(mealId, date)]: { ADULT: 0, CHILD: 0, INFANT: 0, ...s.meals[mealKey(mealId, date)], [band]: n },
      },
    });

  return {
    s,
    update,
    setMeal,
    appliedCoupon,
    setAppliedCoupon,
    exclusive,
    request,
    quoteState,
    problem: formProblem(s),
    guests: s.males + s.females + s.childAges.length + s.infantAges.length,
  };
}

/**
 * The address follows the dates and guests, so a reload or a shared link keeps them. Replacing the
 * entry in place (not a navigation) adds no history step and does not load the page's data again.
 */
function useAddressFollowsForm(s: BookingFormState) {
  const addressState = withFormQuery('', s);
  useEffect(() => {
    const search = withFormQuery(window.location.search, s);
    if (search !== window.location.search) {
      window.history.replaceState(
        window.history.state,
        '',
        `${window.location.pathname}${search}${window.location.hash}`,
      );
    }
    // Only what the address carries matters; `s` itself changes with every keystroke of the notes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [addressState]);
}
