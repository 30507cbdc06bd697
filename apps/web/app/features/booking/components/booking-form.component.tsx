import { BookingRequestSchema, PetSchema } from '@yado/contract/booking.contract';
import { createAccommodationTentativeBooking, createGuestUseTentativeBooking } from '@yado/contract/booking.contract';
import type { HouseGroup } from '@yado/contract/catalogue.contract';
import type { ExtraOption, Meal, MealAgeBand } from '@yado/contract/meal.contract';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.component';
import { CheckboxField } from '../../../components/ui/checkbox-field.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { SelectField } from '../../../components/ui/select-field.component';
import { AgeSelects } from './age-selects.component';
import { TextField } from '../../../components/ui/text-field.component';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format-date';
import { formatYen } from '../../../lib/format-yen';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { addDays, civilFromIso, daysBetween, type IsoDate } from '@yado/contract/civil-date';
import { mealDates } from '../booking-dates';
import {
  bookingRequestOf,
  dogCount,
  formProblem,
  MAX_STAY_NIGHTS,
  mealKey,
  withFormQuery,
  type BookingFormState,
} from '../booking-form-state';
import { couponTypeLabel, mealTypeLabel } from '../booking-labels';
import { useBookingQuote } from '../hooks/use-booking-quote.hook';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/idempotency-key';
import { mealDeadline } from '../meal-deadline';
import { CountSelect } from './count-select.component';
import { QuoteSummary } from './quote-summary.component';
import { TextAreaField } from '../../../components/ui/text-area-field.component';
import { maxLengthOf } from '../../../lib/schema-limits';

type Props = {
  houseGroup: HouseGroup;
  meals: Meal[];
  extraOptions: ExtraOption[];
  initial: BookingFormState;
  /** Today and now on the house group's clock ("YYYY-MM-DD", "YYYY-MM-DD HH:MM"), from the server. */
  today: IsoDate;
  nowLocal: string;
};

/** Exclusive bookings take no coupon (the contract leaves the field out). */
function withoutCoupon<T extends { coupon?: unknown }>(request: T): Omit<T, 'coupon'> {
  const { coupon: _coupon, ...rest } = request;
  return rest;
}

const BANDS: MealAgeBand[] = ['ADULT', 'CHILD', 'INFANT'];

/**
 * The booking page's form: dates, guests (and dogs where the house allows
 * them), meals per date, extra options, a coupon, allergies and requests,
 * with the API's live quote beside it. "Hold and continue" holds a house as a
 * tentative booking and moves on to payment.
 */
export function BookingForm({ houseGroup: g, meals, extraOptions, initial, today, nowLocal }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const [s, setS] = useState<BookingFormState>(initial);
  const [appliedCoupon, setAppliedCoupon] = useState(Boolean(initial.couponCode));
  const [holding, setHolding] = useState(false);
  const [holdError, setHoldError] = useState<string | null>(null);
  // One key per attempt: kept while the same request is retried after a lost answer, renewed when it changes.
  const attempt = useRef<{ body: string; key: string } | null>(null);

  const exclusive = g.type === 'EXCLUSIVE';
  const bookingType = exclusive ? 'EXCLUSIVE_ACCOMMODATION_USE' : 'GUEST_USE';
  const yen = (n: number) => formatYen(n, language);
  const dateText = (iso: IsoDate) => formatDate(civilFromIso(iso), 'date', language);
  const guests = s.males + s.females + s.childAges.length + s.infantAges.length;

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
  const quoteState = useBookingQuote(request, bookingType, t('booking:quote.failed'));
  const quote =
    quoteState.kind === 'ready'
      ? quoteState.quote
      : quoteState.kind === 'loading' || quoteState.kind === 'error'
        ? quoteState.previous
        : null;
  const problem = formProblem(s);

  // The address follows the dates and guests, so a reload or a shared link keeps them. Replacing the
  // entry in place (not a navigation) adds no history step and does not load the page's data again.
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

  const update = (patch: Partial<BookingFormState>) => {
    setHoldError(null);
    setS((current) => ({ ...current, ...patch }));
  };
  const setCount = (list: (number | '')[], n: number) =>
    n > list.length ? [...list, ...Array.from({ length: n - list.length }, () => '' as const)] : list.slice(0, n);
  const setMeal = (mealId: string, date: IsoDate, band: MealAgeBand, n: number) =>
    update({
      meals: {
        ...s.meals,
        [mealKey(mealId, date)]: { ADULT: 0, CHILD: 0, INFANT: 0, ...s.meals[mealKey(mealId, date)], [band]: n },
      },
    });

  const hold = async () => {
    if (!request) return;
    const body = JSON.stringify(request);
    if (attempt.current?.body !== body) attempt.current = { body, key: newIdempotencyKey() };
    setHolding(true);
    setHoldError(null);
    try {
      const options = { headers: { [IDEMPOTENCY_HEADER]: attempt.current.key } };
      const created = exclusive
        ? await callMethod(createAccommodationTentativeBooking, withoutCoupon(request), options)
        : await callMethod(createGuestUseTentativeBooking, request, options);
      attempt.current = null;
      void navigate(localizePath(`/mypage/bookings/${created.bookingId}/payment`, language));
    } catch (error) {
      // An answer (even a refusal) ends the attempt; a lost connection keeps its key for the retry.
      if (isApiError(error)) attempt.current = null;
      setHoldError(isApiError(error) ? error.displayMessage : t('booking:hold.failed'));
      setHolding(false);
    }
  };

  const problemText: Record<NonNullable<typeof problem>, string> = {
    dates: t('booking:form.problem.dates', { max: MAX_STAY_NIGHTS }),
    adults: t('booking:form.problem.adults'),
    childAge: t('booking:form.problem.childAge'),
    infantAge: t('booking:form.problem.infantAge'),
    couponCode: t('booking:form.problem.couponCode'),
  };
  const nights = s.checkin && s.checkout ? daysBetween(s.checkin, s.checkout) : 0;
  const maxPets = g.isPetAllowed ? g.maxPetCapacity : 0;

  return (
    <div className="booking-layout">
      <form
        className="booking-form"
        aria-labelledby="booking-heading"
        // Enter in a field must not hold a house: holding is the quote's button, once the price is known.
        onSubmit={(e) => e.preventDefault()}
        noValidate
      >
        <Section id="dates" title={t('booking:form.dates.heading')}>
          <div className="grid grid--2">
            <TextField
              id="checkin"
              type="date"
              label={t('booking:form.dates.checkin')}
              hint={t('booking:form.dates.from', { time: g.checkinTime })}
              min={today}
              value={s.checkin ?? ''}
              onChange={(e) => {
                const checkin = e.target.value || null;
                const checkout = checkin && (!s.checkout || s.checkout <= checkin) ? addDays(checkin, 1) : s.checkout;
                update({ checkin, checkout });
              }}
            />
            <TextField
              id="checkout"
              type="date"
              label={t('booking:form.dates.checkout')}
              hint={t('booking:form.dates.until', { time: g.checkoutTime })}
              min={s.checkin ? addDays(s.checkin, 1) : today}
              value={s.checkout ?? ''}
              onChange={(e) => update({ checkout: e.target.value || null })}
            />
          </div>
          {nights > 0 ? <p className="muted">{t('booking:form.dates.nights', { count: nights })}</p> : null}
        </Section>

        <Section id="guests" title={t('booking:form.guests.heading')}>
          <p className="muted">
            {t('booking:form.guests.capacity', { max: g.maxCapacity, count: g.minAdultCapacity })}
          </p>
          <div className="grid grid--2 grid--counts">
            <CountSelect
              id="males"
              label={t('booking:form.guests.males')}
              value={s.males}
              max={g.maxCapacity}
              onChange={(males) => update({ males })}
            />
            <CountSelect
              id="females"
              label={t('booking:form.guests.females')}
              value={s.females}
              max={g.maxCapacity}
              onChange={(females) => update({ females })}
            />
            <CountSelect
              id="children"
              label={t('booking:form.guests.children')}
              hint={t('booking:form.guests.childrenHint')}
              value={s.childAges.length}
              max={g.maxCapacity}
              onChange={(n) => update({ childAges: setCount(s.childAges, n) })}
            />
            <CountSelect
              id="infants"
              label={t('booking:form.guests.infants')}
              hint={t('booking:form.guests.infantsHint')}
              value={s.infantAges.length}
              max={10}
              onChange={(n) => update({ infantAges: setCount(s.infantAges, n) })}
            />
          </div>
          {s.childAges.length + s.infantAges.length > 0 ? (
            <fieldset className="fieldset">
              <legend className="fieldset__legend">{t('booking:form.guests.ages')}</legend>
              <div className="grid grid--2 grid--counts">
                <AgeSelects
                  kind="child"
                  ages={s.childAges}
                  idPrefix=""
                  onChange={(childAges) => update({ childAges })}
                />
                <AgeSelects
                  kind="infant"
                  ages={s.infantAges}
                  idPrefix=""
                  onChange={(infantAges) => update({ infantAges })}
                />
              </div>
            </fieldset>
          ) : null}
          {g.isPetAllowed ? (
            <fieldset className="fieldset">
              <legend className="fieldset__legend">{t('booking:form.dogs.heading')}</legend>
              <p className="fieldset__hint">{t('booking:form.dogs.hint', { count: g.maxPetCapacity })}</p>
              <div className="grid grid--3 grid--counts">
                <CountSelect
                  id="large-dogs"
                  label={t('booking:form.dogs.large')}
                  value={s.dogs.largeDogs}
                  max={maxPets}
                  onChange={(largeDogs) => update({ dogs: { ...s.dogs, largeDogs } })}
                />
                <CountSelect
                  id="medium-dogs"
                  label={t('booking:form.dogs.medium')}
                  value={s.dogs.mediumDogs}
                  max={maxPets}
                  onChange={(mediumDogs) => update({ dogs: { ...s.dogs, mediumDogs } })}
                />
                <CountSelect
                  id="small-dogs"
                  label={t('booking:form.dogs.small')}
                  value={s.dogs.smallDogs}
                  max={maxPets}
                  onChange={(smallDogs) => update({ dogs: { ...s.dogs, smallDogs } })}
                />
              </div>
              {dogCount(s.dogs) > 0 ? (
                <>
                  <TextAreaField
                    id="pet-description"
                    controlClassName="field__control--textarea"
                    label={t('booking:form.dogs.description')}
                    hint={t('booking:form.dogs.descriptionHint')}
                    maxLength={maxLengthOf(PetSchema.shape.description)}
                    value={s.petDescription}
                    onChange={(e) => update({ petDescription: e.target.value })}
                  />
                  <CheckboxField
                    id="pet-vaccinated"
                    label={t('booking:form.dogs.vaccinated')}
                    checked={s.petVaccinated}
                    onChange={(e) => update({ petVaccinated: e.target.checked })}
                  />
                </>
              ) : null}
            </fieldset>
          ) : null}
        </Section>

        {meals.length > 0 ? (
          <Section id="meals" title={t('booking:form.meals.heading')} lead={t('booking:form.meals.lead')}>
            {meals.map((meal) => {
              const dates = s.checkin && s.checkout ? mealDates(meal.type, s.checkin, s.checkout) : [];
              return (
                <article key={meal.id} className="meal-card" aria-labelledby={`meal-${meal.id}`}>
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
                      <h3 id={`meal-${meal.id}`} className="meal-card__title">
                        {meal.name}
                      </h3>
                      <p className="muted meal-card__text">{meal.description}</p>
                      <p className="meal-card__prices">
                        {t('booking:form.meals.prices', {
                          adult: yen(meal.adultServiceChargeAndTaxInclusivePrice),
                          child: yen(meal.childServiceChargeAndTaxInclusivePrice),
                          infant: yen(meal.infantServiceChargeAndTaxInclusivePrice),
                        })}
                      </p>
                      <p className="muted meal-card__text">
                        {t('booking:form.meals.deadline', {
                          days: meal.orderDeadlineDaysBefore,
                          time: meal.orderDeadlineTime,
                          served: meal.providingTime,
                        })}
                      </p>
                    </div>
                  </div>
                  {dates.length === 0 ? (
                    <p className="muted">{t('booking:form.meals.chooseDates')}</p>
                  ) : (
                    dates.map((date) => {
                      const closed = mealDeadline(meal, date) <= nowLocal;
                      const key = mealKey(meal.id, date);
                      return (
                        <fieldset key={date} className="meal-date" disabled={closed}>
                          <legend className="meal-date__legend">
                            {dateText(date)}
                            {closed ? (
                              <span className="badge badge--neutral">{t('booking:form.meals.closed')}</span>
                            ) : null}
                          </legend>
                          <div className="grid grid--3 grid--counts">
                            {BANDS.map((band) => (
                              <CountSelect
                                key={band}
                                id={`meal-${meal.id}-${date}-${band}`}
                                label={
                                  band === 'ADULT'
                                    ? t('booking:form.meals.adults')
                                    : band === 'CHILD'
                                      ? t('booking:form.meals.children')
                                      : t('booking:form.meals.infants')
                                }
                                value={s.meals[key]?.[band] ?? 0}
                                max={Math.max(guests, s.meals[key]?.[band] ?? 0)}
                                onChange={(n) => setMeal(meal.id, date, band, n)}
                              />
                            ))}
                          </div>
                        </fieldset>
                      );
                    })
                  )}
                </article>
              );
            })}
          </Section>
        ) : null}

        {extraOptions.length > 0 ? (
          <Section id="options" title={t('booking:form.options.heading')}>
            <ul className="option-list">
              {extraOptions.map((o) => (
                <li key={o.id} className="option-row">
                  <div className="option-row__text">
                    <span className="option-row__title" id={`option-${o.id}-title`}>
                      {o.caption}
                    </span>
                    <span className="muted">
                      {o.chargeBasis === 'PER_NIGHT'
                        ? t('booking:form.options.perNight', { amount: yen(o.serviceChargeAndTaxInclusiveAmount) })
                        : t('booking:form.options.perStay', { amount: yen(o.serviceChargeAndTaxInclusiveAmount) })}
                      {o.freeQuantity > 0 ? ` · ${t('booking:form.options.free', { count: o.freeQuantity })}` : ''}
                    </span>
                    {o.alternativeDetailUrl ? (
                      <a href={o.alternativeDetailUrl} target="_blank" rel="noreferrer">
                        {t('booking:form.options.details')}
                      </a>
                    ) : null}
                  </div>
                  <CountSelect
                    id={`option-${o.id}`}
                    label={t('booking:form.options.quantity', { name: o.caption })}
                    value={s.options[o.id] ?? 0}
                    max={o.maxQuantity}
                    onChange={(n) => update({ options: { ...s.options, [o.id]: n } })}
                  />
                </li>
              ))}
            </ul>
          </Section>
        ) : null}

        {!exclusive ? (
          <Section id="coupon" title={t('booking:form.coupon.heading')}>
            <div className="coupon-row">
              <SelectField
                id="coupon-type"
                label={t('booking:form.coupon.type')}
                value={s.couponType}
                onChange={(e) => {
                  setAppliedCoupon(false);
                  update({ couponType: e.target.value });
                }}
              >
                {['CAMPAIGN', 'PARTNER', 'REFERRAL'].map((type) => (
                  <option key={type} value={type}>
                    {couponTypeLabel(t, type)}
                  </option>
                ))}
              </SelectField>
              <TextField
                id="coupon-code"
                label={t('booking:form.coupon.code')}
                labelNote={t('booking:form.optional')}
                autoComplete="off"
                autoCapitalize="characters"
                maxLength={32}
                value={s.couponCode}
                onChange={(e) => {
                  setAppliedCoupon(false);
                  update({ couponCode: e.target.value });
                }}
              />
              <Button
                variant="secondary"
                disabled={!s.couponCode.trim() || appliedCoupon}
                onClick={() => setAppliedCoupon(true)}
              >
                {appliedCoupon && s.couponCode.trim()
                  ? t('booking:form.coupon.applied')
                  : t('booking:form.coupon.apply')}
              </Button>
            </div>
          </Section>
        ) : null}

        <Section id="notes" title={t('booking:form.notes.heading')}>
          <TextAreaField
            id="allergy"
            controlClassName="field__control--textarea"
            label={t('booking:form.notes.allergy')}
            labelNote={t('booking:form.optional')}
            hint={t('booking:form.notes.allergyHint')}
            maxLength={maxLengthOf(BookingRequestSchema.shape.allergy)}
            value={s.allergy}
            onChange={(e) => update({ allergy: e.target.value })}
          />
          <TextAreaField
            id="request"
            controlClassName="field__control--textarea"
            label={t('booking:form.notes.request')}
            labelNote={t('booking:form.optional')}
            maxLength={maxLengthOf(BookingRequestSchema.shape.request)}
            value={s.request}
            onChange={(e) => update({ request: e.target.value })}
          />
        </Section>
      </form>

      <aside className="booking-aside" aria-labelledby="quote-heading">
        <section className="card quote-card">
          <h2 id="quote-heading" className="quote-card__title">
            {t('booking:quote.heading')}
          </h2>
          <p className="quote-card__stay">
            {s.checkin && s.checkout
              ? t('booking:quote.stay', { checkin: dateText(s.checkin), checkout: dateText(s.checkout) })
              : t('booking:quote.noDates')}
            <br />
            <span className="muted">{t('booking:quote.guests', { count: guests })}</span>
          </p>
          <div aria-live="polite" aria-busy={quoteState.kind === 'loading'}>
            {problem ? (
              <p className="quote-card__note">{problemText[problem]}</p>
            ) : quoteState.kind === 'error' ? (
              <FormAlert>{quoteState.message}</FormAlert>
            ) : quoteState.kind === 'loading' && !quote ? (
              <p className="quote-card__note">{t('booking:quote.loading')}</p>
            ) : null}
            {quote && !problem ? (
              <div
                className={
                  quoteState.kind === 'ready' ? 'quote-card__body' : 'quote-card__body quote-card__body--stale'
                }
              >
                <QuoteSummary quote={quote} language={language} policy={g.cancellationPolicy} today={today} />
              </div>
            ) : null}
          </div>
          {holdError ? <FormAlert>{holdError}</FormAlert> : null}
          <Button
            type="button"
            size="large"
            fullWidth
            busy={holding}
            disabled={quoteState.kind !== 'ready'}
            onClick={() => void hold()}
            data-testid="hold-button"
          >
            {t('booking:hold.submit')}
          </Button>
          <p className="quote-card__fine">{t('booking:hold.note', { minutes: 20 })}</p>
          <p className="quote-card__fine">
            <Link to={localizePath(`/house-groups/${g.id}`, language)}>{t('booking:form.backToHouse')}</Link>
          </p>
        </section>
      </aside>
    </div>
  );
}

function Section({ id, title, lead, children }: { id: string; title: string; lead?: string; children: ReactNode }) {
  return (
    <section className="booking-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="booking-section__title">
        {title}
      </h2>
      {lead ? <p className="muted">{lead}</p> : null}
      {children}
    </section>
  );
}
