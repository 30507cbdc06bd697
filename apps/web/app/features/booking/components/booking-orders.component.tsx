import type { BookingDetail } from '@yado/contract/booking.contract';
import { civilFromIso, isoFromCivil, type IsoDate } from '@yado/contract/civil-date';
import { MEAL_AGE_BANDS, type ExtraOption, type Meal, type MealAgeBand } from '@yado/contract/meal.contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { formatDate } from '../../../lib/format-date';
import { formatYen } from '../../../lib/format-yen';
import { useTranslation } from '../../../lib/i18n';
import { useLanguage } from '../../../lib/use-language.hook';
import { mealDates } from '../booking-dates';
import { mealKey } from '../booking-form-state';
import { useOrderAfterBooking, type OrderKind, type OrderMessage } from '../hooks/use-order-after-booking.hook';
import { mealDeadline } from '../meal-deadline';
import { CountSelect } from './count-select.component';
import { MEAL_BANDS, MealBandSelects, MealCard, type MealBands } from './meal-card.component';

type Props = {
  booking: BookingDetail;
  /** The house group's meals (list_meals) and extra options (list_extra_options). */
  meals: Meal[];
  extraOptions: ExtraOption[];
  /** What the booking's stay style suggests: marked "suggested for your stay style". */
  suggested?: { mealIds: readonly string[]; extraOptionIds: readonly string[] } | undefined;
  /** Now on the house group's clock, "YYYY-MM-DD HH:MM", from the server. */
  nowLocal: string;
  onChanged: () => void;
};

/**
 * Ordering after booking: meals per stay date by age band, each date with its
 * order deadline (dates past it are shown closed), and extra options. Before
 * the rest is billed an order joins the booking's total; during the stay (or
 * once the rest is billed) the API bills it on an ADDITIONAL billing, which
 * the Payments list then offers to pay.
 */
export function BookingOrders(p: Props) {
  const { t } = useTranslation();
  const b = p.booking;
  const billedSeparately =
    b.bookingStatus === 'STAYING' || b.billingWithDetails.some((x) => x.billing.billingType === 'DEFAULT');
  const orders = useOrderAfterBooking(billedSeparately, p.onChanged);
  return (
    <section className="card booking-card" aria-labelledby="order-more-heading" data-testid="order-more">
      <h2 id="order-more-heading" className="booking-card__title">
        {t('booking:orders.heading')}
      </h2>
      <p className="muted">{billedSeparately ? t('booking:orders.leadBilled') : t('booking:orders.lead')}</p>
      {p.meals.length > 0 ? <OrderMealsForm {...p} orders={orders} /> : null}
      {p.extraOptions.length > 0 ? <OrderOptionsForm {...p} orders={orders} /> : null}
    </section>
  );
}

type Orders = ReturnType<typeof useOrderAfterBooking>;

/** The meals of the house group, each with the stay's dates still open for ordering, and their estimate. */
function OrderMealsForm(p: Props & { orders: Orders }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const b = p.booking;
  const checkin = isoFromCivil(b.checkinDate);
  const checkout = isoFromCivil(b.checkoutDate);
  const [counts, setCounts] = useState<Record<string, MealBands>>({});
  const { busy } = p.orders;
  const maxPortions =
    b.bookingHeadcount.males +
    b.bookingHeadcount.females +
    b.bookingHeadcount.children +
    (b.bookingHeadcount.infants ?? 0);
  const open = (meal: Meal) =>
    mealDates(meal.type, checkin, checkout).filter((d) => mealDeadline(meal, d) > p.nowLocal);
  const lines = mealOrderLines(p.meals, counts, open);
  const estimate = mealEstimate(p.meals, counts, open);
  const setBand = (key: string, band: MealAgeBand, n: number) =>
    setCounts((c) => ({ ...c, [key]: { ADULT: 0, CHILD: 0, INFANT: 0, ...c[key], [band]: n } }));
  const submit = () => {
    if (lines.length > 0) void p.orders.orderMeals({ bookingId: b.bookingId, meals: lines }, () => setCounts({}));
  };
  return (
    <div className="order-form" aria-labelledby="order-meals-heading">
      <h3 id="order-meals-heading" className="order-form__title">
        {t('booking:orders.mealsHeading')}
      </h3>
      {p.meals.map((meal) => {
        const allDates = mealDates(meal.type, checkin, checkout);
        // A meal whose every date has closed says so once instead of once per date.
        const allClosed = allDates.every((date) => mealDeadline(meal, date) <= p.nowLocal);
        return (
          <MealCard key={meal.id} meal={meal} headingId={`order-meal-${meal.id}`} headingLevel="h4">
            {p.suggested?.mealIds.includes(meal.id) ? (
              <p className="badge badge--success" data-testid="suggested-meal">
                {t('questionnaire:stayStyle.suggested')}
              </p>
            ) : null}
            {allClosed ? <p className="muted meal-date__deadline">{t('booking:orders.allClosed')}</p> : null}
            {(allClosed ? [] : allDates).map((date) => (
              <MealDate
                key={date}
                meal={meal}
                date={date}
                closed={mealDeadline(meal, date) <= p.nowLocal}
                bands={counts[mealKey(meal.id, date)]}
                maxPortions={maxPortions}
                disabled={busy !== null}
                onChange={(band, n) => setBand(mealKey(meal.id, date), band, n)}
              />
            ))}
          </MealCard>
        );
      })}
      <OrderFeedback message={p.orders.message} on="meals" />
      <div className="order-form__submit">
        {estimate > 0 ? (
          <p className="order-form__estimate" data-testid="meals-estimate">
            {t('booking:orders.estimate', { amount: formatYen(estimate, language) })}
          </p>
        ) : lines.length === 0 ? (
          // Says why the button waits, instead of leaving a pale button to guess at.
          <p className="muted order-form__estimate">{t('booking:orders.chooseMeals')}</p>
        ) : null}
        <Button
          busy={busy === 'meals'}
          disabled={lines.length === 0 || busy === 'options'}
          onClick={submit}
          data-testid="order-meals"
        >
          {t('booking:orders.orderMeals')}
        </Button>
      </div>
    </div>
  );
}

/** What order_meals is sent: the portions chosen per meal and open date, by age band. */
function mealOrderLines(meals: Meal[], counts: Record<string, MealBands>, open: (meal: Meal) => IsoDate[]) {
  return meals.flatMap((meal) =>
    open(meal).flatMap((date) => {
      const bands = counts[mealKey(meal.id, date)];
      const quantities = MEAL_BANDS.filter((band) => (bands?.[band] ?? 0) > 0).map((band) => ({
        age: MEAL_AGE_BANDS[band].minAge,
        number: bands?.[band] ?? 0,
      }));
      return quantities.length ? [{ date: civilFromIso(date), mealId: meal.id, quantities }] : [];
    }),
  );
}

/** What the chosen portions cost, as the menus price them (service charge and tax included). */
function mealEstimate(meals: Meal[], counts: Record<string, MealBands>, open: (meal: Meal) => IsoDate[]): number {
  return meals.reduce(
    (sum, meal) =>
      open(meal).reduce((s, date) => {
        const bands = counts[mealKey(meal.id, date)];
        if (!bands) return s;
        return (
          s +
          bands.ADULT * meal.adultServiceChargeAndTaxInclusivePrice +
          bands.CHILD * meal.childServiceChargeAndTaxInclusivePrice +
          bands.INFANT * meal.infantServiceChargeAndTaxInclusivePrice
        );
      }, sum),
    0,
  );
}

/** The extra options with the booked quantity preselected; only changed quantities are sent. */
function OrderOptionsForm(p: Props & { orders: Orders }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const yen = (n: number) => formatYen(n, language);
  const b = p.booking;
  const [counts, setCounts] = useState<Record<string, number>>({});
  const { busy } = p.orders;
  const booked = (id: string) => b.extraOptions.find((o) => o.id === id)?.quantity ?? 0;
  const changes = p.extraOptions
    .filter((o) => counts[o.id] !== undefined && counts[o.id] !== booked(o.id))
    .map((o) => ({ extraOptionId: o.id, quantity: counts[o.id] ?? 0 }));
  const submit = () => {
    if (changes.length > 0)
      void p.orders.orderOptions({ bookingId: b.bookingId, extraOptions: changes }, () => setCounts({}));
  };
  return (
    <div className="order-form" aria-labelledby="order-options-heading">
      <h3 id="order-options-heading" className="order-form__title">
        {t('booking:orders.optionsHeading')}
      </h3>
      <ul className="option-list">
        {p.extraOptions.map((o) => (
          <li key={o.id} className="option-row">
            <div className="option-row__text">
              <span className="option-row__title">{o.caption}</span>
              {p.suggested?.extraOptionIds.includes(o.id) ? (
                <span className="badge badge--success" data-testid="suggested-option">
                  {t('questionnaire:stayStyle.suggested')}
                </span>
              ) : null}
              <span className="muted">
                {o.chargeBasis === 'PER_NIGHT'
                  ? t('booking:form.options.perNight', { amount: yen(o.serviceChargeAndTaxInclusiveAmount) })
                  : t('booking:form.options.perStay', { amount: yen(o.serviceChargeAndTaxInclusiveAmount) })}
                {o.freeQuantity > 0 ? ` · ${t('booking:form.options.free', { count: o.freeQuantity })}` : ''}
              </span>
            </div>
            <CountSelect
              id={`order-option-${o.id}`}
              label={t('booking:form.options.quantity', { name: o.caption })}
              value={counts[o.id] ?? booked(o.id)}
              max={o.maxQuantity}
              disabled={busy !== null || !o.isQuantityChangeable}
              onChange={(n) => setCounts((c) => ({ ...c, [o.id]: n }))}
            />
          </li>
        ))}
      </ul>
      <OrderFeedback message={p.orders.message} on="options" />
      <div className="order-form__submit">
        {changes.length === 0 ? (
          <p className="muted order-form__estimate">{t('booking:orders.chooseOptions')}</p>
        ) : null}
        <Button
          busy={busy === 'options'}
          disabled={changes.length === 0 || busy === 'meals'}
          onClick={submit}
          data-testid="order-options"
        >
          {t('booking:orders.orderOptions')}
        </Button>
      </div>
    </div>
  );
}

/** The last answer to this form's order: a live region, empty until there is one. */
export function OrderFeedback({ message, on }: { message: OrderMessage | null; on: OrderKind }) {
  const { t } = useTranslation();
  if (message?.on !== on) return <div aria-live="polite" />;
  return (
    <div aria-live="polite">
      {message.tone === 'success' ? (
        <FormAlert tone="success">
          <span data-testid={`${on}-ordered`}>{message.text}</span>
        </FormAlert>
      ) : (
        <FormAlert title={t('booking:orders.refusedTitle')}>
          <span data-testid={`${on}-error`}>{message.text}</span>
        </FormAlert>
      )}
    </div>
  );
}

function MealDate(p: {
  meal: Meal;
  date: IsoDate;
  closed: boolean;
  bands: MealBands | undefined;
  maxPortions: number;
  disabled: boolean;
  onChange: (band: MealAgeBand, n: number) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const deadline = mealDeadline(p.meal, p.date);
  const deadlineText = `${formatDate(civilFromIso(deadline.slice(0, 10)), 'date', language)} ${deadline.slice(11)}`;
  return (
    <fieldset className="meal-date" disabled={p.closed || p.disabled}>
      <legend className="meal-date__legend">
        {formatDate(civilFromIso(p.date), 'date', language)}
        {p.closed ? <span className="badge badge--neutral">{t('booking:form.meals.closed')}</span> : null}
      </legend>
      <p className="muted meal-date__deadline">
        {p.closed
          ? t('booking:orders.deadlinePassed', { deadline: deadlineText })
          : t('booking:orders.deadline', { deadline: deadlineText, served: p.meal.providingTime })}
      </p>
      {!p.closed ? (
        <MealBandSelects
          idPrefix={`order-meal-${p.meal.id}-${p.date}`}
          bands={p.bands}
          maxPortions={p.maxPortions}
          onChange={p.onChange}
        />
      ) : null}
    </fieldset>
  );
}
