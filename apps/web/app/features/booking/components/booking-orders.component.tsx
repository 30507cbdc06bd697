import { cancelMealOrder, orderExtraOptions, orderMeals, type BookingDetail } from '@yado/contract/booking.contract';
import { MEAL_AGE_BANDS, type ExtraOption, type Meal, type MealAgeBand } from '@yado/contract/meal.contract';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format-date';
import { formatYen } from '../../../lib/format-yen';
import { useTranslation } from '../../../lib/i18n';
import { useLanguage } from '../../../lib/use-language.hook';
import { civilFromIso, isoFromCivil, type IsoDate } from '@yado/contract/civil-date';
import { mealDates } from '../booking-dates';
import { mealKey } from '../booking-form-state';
import { mealTypeLabel } from '../booking-labels';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/idempotency-key';
import { mealDeadline } from '../meal-deadline';
import { CountSelect } from './count-select.component';

type Props = {
  booking: BookingDetail;
  /** The house group's meals (list_meals) and extra options (list_extra_options). */
  meals: Meal[];
  extraOptions: ExtraOption[];
  /** Now on the house group's clock, "YYYY-MM-DD HH:MM", from the server. */
  nowLocal: string;
  onChanged: () => void;
};

const BANDS: MealAgeBand[] = ['ADULT', 'CHILD', 'INFANT'];
type Bands = Record<MealAgeBand, number>;

/** One key per attempt at a money-moving call: kept while the same body is retried, renewed when it changes. */
function useAttemptKey() {
  const attempt = useRef<{ body: string; key: string } | null>(null);
  return {
    keyFor(body: string): string {
      if (attempt.current?.body !== body) attempt.current = { body, key: newIdempotencyKey() };
      return attempt.current.key;
    },
    /** An answer (even a refusal) ends the attempt; a lost connection keeps the key for the retry. */
    settle(error?: unknown) {
      if (error === undefined || isApiError(error)) attempt.current = null;
    },
  };
}

/**
 * Ordering after booking: meals per stay date by age band, each date with its
 * order deadline (dates past it are shown closed), and extra options. Before
 * the rest is billed an order joins the booking's total; during the stay (or
 * once the rest is billed) the API bills it on an ADDITIONAL billing, which
 * the Payments list then offers to pay.
 */
export function BookingOrders(p: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const b = p.booking;
  const yen = (n: number) => formatYen(n, language);
  const checkin = isoFromCivil(b.checkinDate);
  const checkout = isoFromCivil(b.checkoutDate);
  const [mealCounts, setMealCounts] = useState<Record<string, Bands>>({});
  const [optionCounts, setOptionCounts] = useState<Record<string, number>>({});
  const [busy, setBusy] = useState<'meals' | 'options' | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string; on: 'meals' | 'options' } | null>(
    null,
  );
  const mealAttempt = useAttemptKey();
  const optionAttempt = useAttemptKey();
  const guests = b.bookingHeadcount.males + b.bookingHeadcount.females + b.bookingHeadcount.children;
  const infants = b.bookingHeadcount.infants ?? 0;
  const billedSeparately =
    b.bookingStatus === 'STAYING' || b.billingWithDetails.some((x) => x.billing.billingType === 'DEFAULT');
  const bookedQuantity = (id: string) => b.extraOptions.find((o) => o.id === id)?.quantity ?? 0;

  const mealLines = p.meals.flatMap((meal) =>
    mealDates(meal.type, checkin, checkout).flatMap((date) => {
      const bands = mealCounts[mealKey(meal.id, date)];
      if (!bands || mealDeadline(meal, date) <= p.nowLocal) return [];
      const quantities = BANDS.filter((band) => bands[band] > 0).map((band) => ({
        age: MEAL_AGE_BANDS[band].minAge,
        number: bands[band],
      }));
      return quantities.length ? [{ date: civilFromIso(date), mealId: meal.id, quantities }] : [];
    }),
  );
  const mealEstimate = p.meals.reduce((sum, meal) => {
    return (
      sum +
      mealDates(meal.type, checkin, checkout).reduce((s, date) => {
        const bands = mealCounts[mealKey(meal.id, date)];
        if (!bands || mealDeadline(meal, date) <= p.nowLocal) return s;
        return (
          s +
          bands.ADULT * meal.adultServiceChargeAndTaxInclusivePrice +
          bands.CHILD * meal.childServiceChargeAndTaxInclusivePrice +
          bands.INFANT * meal.infantServiceChargeAndTaxInclusivePrice
        );
      }, 0)
    );
  }, 0);
  const optionChanges = p.extraOptions
    .filter((o) => optionCounts[o.id] !== undefined && optionCounts[o.id] !== bookedQuantity(o.id))
    .map((o) => ({ extraOptionId: o.id, quantity: optionCounts[o.id] ?? 0 }));

  const submitMeals = async () => {
    if (mealLines.length === 0) return;
    const input = { bookingId: b.bookingId, meals: mealLines };
    const key = mealAttempt.keyFor(JSON.stringify(input));
    setBusy('meals');
    setMessage(null);
    try {
      await callMethod(orderMeals, input, { headers: { [IDEMPOTENCY_HEADER]: key } });
      mealAttempt.settle();
      setMealCounts({});
      setMessage({
        tone: 'success',
        on: 'meals',
        text: billedSeparately ? t('booking:orders.orderedBilled') : t('booking:orders.ordered'),
      });
      p.onChanged();
    } catch (e) {
      mealAttempt.settle(e);
      setMessage({ tone: 'error', on: 'meals', text: isApiError(e) ? e.displayMessage : t('booking:orders.failed') });
    } finally {
      setBusy(null);
    }
  };

  const submitOptions = async () => {
    if (optionChanges.length === 0) return;
    const input = { bookingId: b.bookingId, extraOptions: optionChanges };
    const key = optionAttempt.keyFor(JSON.stringify(input));
    setBusy('options');
    setMessage(null);
    try {
      await callMethod(orderExtraOptions, input, { headers: { [IDEMPOTENCY_HEADER]: key } });
      optionAttempt.settle();
      setOptionCounts({});
      setMessage({
        tone: 'success',
        on: 'options',
        text: billedSeparately ? t('booking:orders.orderedBilled') : t('booking:orders.ordered'),
      });
      p.onChanged();
    } catch (e) {
      optionAttempt.settle(e);
      setMessage({ tone: 'error', on: 'options', text: isApiError(e) ? e.displayMessage : t('booking:orders.failed') });
    } finally {
      setBusy(null);
    }
  };

  const feedback = (on: 'meals' | 'options') =>
    message?.on === on ? (
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
    ) : (
      <div aria-live="polite" />
    );

  return (
    <section className="card booking-card" aria-labelledby="order-more-heading" data-testid="order-more">
      <h2 id="order-more-heading" className="booking-card__title">
        {t('booking:orders.heading')}
      </h2>
      <p className="muted">{billedSeparately ? t('booking:orders.leadBilled') : t('booking:orders.lead')}</p>

      {p.meals.length > 0 ? (
        <div className="order-form" aria-labelledby="order-meals-heading">
          <h3 id="order-meals-heading" className="order-form__title">
            {t('booking:orders.mealsHeading')}
          </h3>
          {p.meals.map((meal) => {
            const allDates = mealDates(meal.type, checkin, checkout);
            // A meal whose every date has closed says so once instead of once per date.
            const allClosed = allDates.every((date) => mealDeadline(meal, date) <= p.nowLocal);
            const dates = allClosed ? [] : allDates;
            return (
              <article key={meal.id} className="meal-card" aria-labelledby={`order-meal-${meal.id}`}>
                <div className="meal-card__head">
                  {meal.thumbnailImageUrl ? (
                    <img
                      className="meal-card__image"
                      src={meal.thumbnailImageUrl}
                      alt=""
                      width={96}
                      height={72}
                      loading="lazy"
                    />
                  ) : null}
                  <div>
                    <p className="eyebrow">{mealTypeLabel(t, meal.type)}</p>
                    <h4 id={`order-meal-${meal.id}`} className="meal-card__title">
                      {meal.name}
                    </h4>
                    <p className="meal-card__prices">
                      {t('booking:form.meals.prices', {
                        adult: yen(meal.adultServiceChargeAndTaxInclusivePrice),
                        child: yen(meal.childServiceChargeAndTaxInclusivePrice),
                        infant: yen(meal.infantServiceChargeAndTaxInclusivePrice),
                      })}
                    </p>
                  </div>
                </div>
                {allClosed ? <p className="muted meal-date__deadline">{t('booking:orders.allClosed')}</p> : null}
                {dates.map((date) => (
                  <MealDate
                    key={date}
                    meal={meal}
                    date={date}
                    closed={mealDeadline(meal, date) <= p.nowLocal}
                    bands={mealCounts[mealKey(meal.id, date)]}
                    maxPortions={guests + infants}
                    disabled={busy !== null}
                    onChange={(band, n) =>
                      setMealCounts((c) => ({
                        ...c,
                        [mealKey(meal.id, date)]: {
                          ADULT: 0,
                          CHILD: 0,
                          INFANT: 0,
                          ...c[mealKey(meal.id, date)],
                          [band]: n,
                        },
                      }))
                    }
                  />
                ))}
              </article>
            );
          })}
          {feedback('meals')}
          <div className="order-form__submit">
            {mealEstimate > 0 ? (
              <p className="order-form__estimate" data-testid="meals-estimate">
                {t('booking:orders.estimate', { amount: yen(mealEstimate) })}
              </p>
            ) : mealLines.length === 0 ? (
              // Says why the button waits, instead of leaving a pale button to guess at.
              <p className="muted order-form__estimate">{t('booking:orders.chooseMeals')}</p>
            ) : null}
            <Button
              busy={busy === 'meals'}
              disabled={mealLines.length === 0 || busy === 'options'}
              onClick={() => void submitMeals()}
              data-testid="order-meals"
            >
              {t('booking:orders.orderMeals')}
            </Button>
          </div>
        </div>
      ) : null}

      {p.extraOptions.length > 0 ? (
        <div className="order-form" aria-labelledby="order-options-heading">
          <h3 id="order-options-heading" className="order-form__title">
            {t('booking:orders.optionsHeading')}
          </h3>
          <ul className="option-list">
            {p.extraOptions.map((o) => (
              <li key={o.id} className="option-row">
                <div className="option-row__text">
                  <span className="option-row__title">{o.caption}</span>
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
                  value={optionCounts[o.id] ?? bookedQuantity(o.id)}
                  max={o.maxQuantity}
                  disabled={busy !== null || !o.isQuantityChangeable}
                  onChange={(n) => setOptionCounts((c) => ({ ...c, [o.id]: n }))}
                />
              </li>
            ))}
          </ul>
          {feedback('options')}
          <div className="order-form__submit">
            {optionChanges.length === 0 ? (
              <p className="muted order-form__estimate">{t('booking:orders.chooseOptions')}</p>
            ) : null}
            <Button
              busy={busy === 'options'}
              disabled={optionChanges.length === 0 || busy === 'meals'}
              onClick={() => void submitOptions()}
              data-testid="order-options"
            >
              {t('booking:orders.orderOptions')}
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}

function MealDate(p: {
  meal: Meal;
  date: IsoDate;
  closed: boolean;
  bands: Bands | undefined;
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
        <div className="grid grid--3 grid--counts">
          {BANDS.map((band) => (
            <CountSelect
              key={band}
              id={`order-meal-${p.meal.id}-${p.date}-${band}`}
              label={
                band === 'ADULT'
                  ? t('booking:form.meals.adults')
                  : band === 'CHILD'
                    ? t('booking:form.meals.children')
                    : t('booking:form.meals.infants')
              }
              value={p.bands?.[band] ?? 0}
              max={Math.max(p.maxPortions, p.bands?.[band] ?? 0)}
              onChange={(n) => p.onChange(band, n)}
            />
          ))}
        </div>
      ) : null}
    </fieldset>
  );
}

/**
 * "Cancel order" of a meal order whose deadline still allows it
 * (canGetMealOrderInputs): asks once more, then cancel_meal_order. The API
 * refuses a deadline passed meanwhile, in the page's language.
 */
export function CancelMealOrder(p: { bookingId: string; orderId: string; mealName: string; onCancelled: () => void }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancel = async () => {
    setBusy(true);
    setError(null);
    try {
      await callMethod(cancelMealOrder, { bookingId: p.bookingId, orderId: p.orderId });
      setAsking(false);
      p.onCancelled();
    } catch (e) {
      setError(isApiError(e) ? e.displayMessage : t('booking:orders.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="order-row__cancel">
      {asking ? (
        <div
          className="order-row__confirm"
          role="group"
          aria-label={t('booking:orders.cancelAsk', { name: p.mealName })}
        >
          <span>{t('booking:orders.cancelAsk', { name: p.mealName })}</span>
          <Button
            size="small"
            variant="secondary"
            busy={busy}
            onClick={() => void cancel()}
            data-testid="confirm-cancel-meal"
          >
            {t('booking:orders.cancelYes')}
          </Button>
          <Button size="small" variant="text" disabled={busy} onClick={() => setAsking(false)}>
            {t('booking:orders.cancelNo')}
          </Button>
        </div>
      ) : (
        <Button size="small" variant="text" onClick={() => setAsking(true)} data-testid="cancel-meal-order">
          {t('booking:orders.cancel')}
        </Button>
      )}
      {error ? <FormAlert>{error}</FormAlert> : null}
    </div>
  );
}
