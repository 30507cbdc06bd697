import { civilFromIso, type IsoDate } from '@yado/contract/civil-date';
import type { Meal, MealAgeBand } from '@yado/contract/meal.contract';
import { formatDate } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/i18n';
import { useLanguage } from '../../../lib/use-language.hook';
import { mealDates } from '../booking-dates';
import { mealKey, type BookingFormState } from '../booking-form-state';
import { mealDeadline } from '../meal-deadline';
import { BookingSection } from './booking-section.component';
import { MealBandSelects, MealCard } from './meal-card.component';

type Props = {
  meals: Meal[];
  s: BookingFormState;
  /** Everyone staying: the most portions of one band a date offers. */
  guests: number;
  nowLocal: string;
  setMeal: (mealId: string, date: IsoDate, band: MealAgeBand, n: number) => void;
  /** Meals the chosen stay style suggests: marked as such (and listed first by the form). */
  suggestedIds?: readonly string[];
};

/** Each meal with its dates in the stay; a date past its order deadline is shown closed. */
export function BookingMealsSection({ meals, s, guests, nowLocal, setMeal, suggestedIds = [] }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <BookingSection id="meals" title={t('booking:form.meals.heading')} lead={t('booking:form.meals.lead')}>
      {meals.map((meal) => {
        const dates = s.checkin && s.checkout ? mealDates(meal.type, s.checkin, s.checkout) : [];
        return (
          <MealCard
            key={meal.id}
            meal={meal}
            headingId={`meal-${meal.id}`}
            headingLevel="h3"
            withDescription
            note={
              <>
                {suggestedIds.includes(meal.id) ? (
                  <p className="badge badge--success" data-testid="suggested-meal">
                    {t('questionnaire:stayStyle.suggested')}
                  </p>
                ) : null}
                <p className="muted meal-card__text">
                  {t('booking:form.meals.deadline', {
                    days: meal.orderDeadlineDaysBefore,
                    time: meal.orderDeadlineTime,
                    served: meal.providingTime,
                  })}
                </p>
              </>
            }
          >
            {dates.length === 0 ? (
              <p className="muted">{t('booking:form.meals.chooseDates')}</p>
            ) : (
              dates.map((date) => {
                const closed = mealDeadline(meal, date) <= nowLocal;
                return (
                  <fieldset key={date} className="meal-date" disabled={closed}>
                    <legend className="meal-date__legend">
                      {formatDate(civilFromIso(date), 'date', language)}
                      {closed ? <span className="badge badge--neutral">{t('booking:form.meals.closed')}</span> : null}
                    </legend>
                    <MealBandSelects
                      idPrefix={`meal-${meal.id}-${date}`}
                      bands={s.meals[mealKey(meal.id, date)]}
                      maxPortions={guests}
                      onChange={(band, n) => setMeal(meal.id, date, band, n)}
                    />
                  </fieldset>
                );
              })
            )}
          </MealCard>
        );
      })}
    </BookingSection>
  );
}
