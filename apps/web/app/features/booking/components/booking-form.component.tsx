import type { HouseGroup } from '@yado/contract/catalogue.contract';
import type { IsoDate } from '@yado/contract/civil-date';
import type { ExtraOption, Meal } from '@yado/contract/meal.contract';
import type { StayStyleSuggestion } from '@yado/contract/stay-style.contract';
import type { BookingFormState } from '../booking-form-state';
import { useBookingForm } from '../hooks/use-booking-form.hook';
import { useHoldBooking } from '../hooks/use-hold-booking.hook';
import { BookingDatesSection } from './booking-form-dates.component';
import { BookingCouponSection, BookingNotesSection, BookingOptionsSection } from './booking-form-extras.component';
import { BookingGuestsSection } from './booking-form-guests.component';
import { BookingMealsSection } from './booking-form-meals.component';
import { BookingQuoteCard } from './booking-quote-card.component';
import { BookingStayStyleSection } from './booking-form-stay-style.component';
import { suggestedFirst, suggestedFor } from '../stay-style-suggestions';

type Props = {
  houseGroup: HouseGroup;
  meals: Meal[];
  extraOptions: ExtraOption[];
  initial: BookingFormState;
  /** Today and now on the house group's clock ("YYYY-MM-DD", "YYYY-MM-DD HH:MM"), from the server. */
  today: IsoDate;
  nowLocal: string;
  /** The house group's stay styles with what each suggests (none: the section is left out). */
  stayStyles?: StayStyleSuggestion[];
};

/**
 * The booking page's form: dates, guests (and dogs where the house allows
 * them), meals per date, extra options, a coupon, allergies and requests,
 * with the API's live quote beside it. "Hold and continue" holds a house as a
 * tentative booking and moves on to payment.
 */
export function BookingForm({ houseGroup: g, meals, extraOptions, initial, today, nowLocal, stayStyles = [] }: Props) {
  const holding = useHoldBooking(g.type === 'EXCLUSIVE');
  const form = useBookingForm(g, meals, initial, nowLocal, holding.clearHoldError);
  const { s, update } = form;
  const suggested = suggestedFor(stayStyles, s.stayStyleId);
  return (
    <div className="booking-layout">
      <form
        className="booking-form"
        aria-labelledby="booking-heading"
        // Enter in a field must not hold a house: holding is the quote's button, once the price is known.
        onSubmit={(e) => e.preventDefault()}
        noValidate
      >
        <BookingDatesSection g={g} today={today} s={s} update={update} />
        <BookingGuestsSection g={g} s={s} update={update} />
        {stayStyles.length > 0 ? <BookingStayStyleSection stayStyles={stayStyles} s={s} update={update} /> : null}
        {meals.length > 0 ? (
          <BookingMealsSection
            meals={suggestedFirst(meals, suggested.mealIds)}
            suggestedIds={suggested.mealIds}
            s={s}
            guests={form.guests}
            nowLocal={nowLocal}
            setMeal={form.setMeal}
          />
        ) : null}
        {extraOptions.length > 0 ? (
          <BookingOptionsSection
            extraOptions={suggestedFirst(extraOptions, suggested.extraOptionIds)}
            suggestedIds={suggested.extraOptionIds}
            s={s}
            update={update}
          />
        ) : null}
        {!form.exclusive ? (
          <BookingCouponSection s={s} update={update} applied={form.appliedCoupon} setApplied={form.setAppliedCoupon} />
        ) : null}
        <BookingNotesSection s={s} update={update} />
      </form>

      <aside className="booking-aside" aria-labelledby="quote-heading">
        <BookingQuoteCard
          g={g}
          s={s}
          guests={form.guests}
          today={today}
          problem={form.problem}
          quoteState={form.quoteState}
          holding={holding.holding}
          holdError={holding.holdError}
          onHold={() => void holding.hold(form.request)}
        />
      </aside>
    </div>
  );
}
