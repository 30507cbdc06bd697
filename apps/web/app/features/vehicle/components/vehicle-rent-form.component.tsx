import type { PaymentMethod } from '@yado/contract/payment.contract';
import type { Vehicle, VehicleLocation } from '@yado/contract/vehicle.contract';
import {
  createVehicleRental,
  getVehicleRentalQuote,
  type VehicleRentalQuote,
} from '@yado/contract/vehicle-rental.contract';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { SelectField } from '../../../components/ui/select-field.component';
import { TextAreaField } from '../../../components/ui/text-area-field.component';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format-date';
import { formatYen } from '../../../lib/format-yen';
import { useTranslation } from '../../../lib/i18n';
import type { TFunction } from '../../../lib/translator';
import type { Language } from '@yado/contract/headers';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/idempotency-key';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { civilFromIso } from '@yado/contract/civil-date';
import { clockOf, dateTimeOnDay, STEP_MINUTES } from '../vehicle-rental-time';
import { QuoteLines } from './vehicle-rental-quote.component';

/** Licence refusals: the form offers the licence page beside the message. */
const LICENCE_REASONS = new Set(['CodeDriverLicenseNotApproved', 'CodeDriverLicenseExpiresBeforeRental']);

export type RentFormProps = {
  bookingId: string;
  timeZone: string;
  days: string[];
  vehicles: Vehicle[];
  locations: VehicleLocation[];
  paymentMethods: PaymentMethod[];
  licensePath: string;
};

/**
 * Renting a car for a stay: the car, the day and times (on the half hour; a
 * drop-off after midnight is written above 24), where it is picked up and
 * left, who comes; the price is asked of the API (never computed here), then
 * the saved card pays it. A refusal shows the API's own words.
 */
export function VehicleRentForm(props: RentFormProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const { vehicles, locations, paymentMethods, days, timeZone } = props;
  const [vehicleId, setVehicleId] = useState(vehicles[0]?.id ?? '');
  const [day, setDay] = useState(days[0] ?? '');
  const [from, setFrom] = useState(10 * 60);
  const [to, setTo] = useState(13 * 60);
  const [pickupLocationId, setPickup] = useState(locations[0]?.id ?? '');
  const [dropoffLocationId, setDropoff] = useState(locations[0]?.id ?? '');
  const [headcount, setHeadcount] = useState(1);
  const [notes, setNotes] = useState('');
  const [paymentMethodId, setCard] = useState(paymentMethods[0]?.creditCard.paymentMethodId ?? '');
  const [quote, setQuote] = useState<VehicleRentalQuote | null>(null);
  const [error, setError] = useState<{ message: string; licence: boolean } | null>(null);
  const [busy, setBusy] = useState<'quote' | 'pay' | null>(null);
  const [key] = useState(newIdempotencyKey);
  const vehicle = vehicles.find((v) => v.id === vehicleId) ?? null;

  const fromOptions = useMemo(() => Array.from({ length: 48 }, (_, i) => i * STEP_MINUTES), []);
  // Drop-off from half an hour after pick-up to 24 hours after it: past midnight reads 24:00, 25:30…
  const toOptions = useMemo(() => Array.from({ length: 48 }, (_, i) => from + (i + 1) * STEP_MINUTES), [from]);

  const request = () => ({
    vehicleId,
    bookingId: props.bookingId,
    pickupLocationId,
    dropoffLocationId,
    vehiclePickupTime: dateTimeOnDay(day, from, timeZone),
    vehicleDropoffTime: dateTimeOnDay(day, to, timeZone),
    headcount,
  });
  const changed =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setQuote(null);
      setError(null);
    };
  const fail = (err: unknown) =>
    setError({
      message: isApiError(err) ? err.displayMessage : t('errors.generic'),
      licence: isApiError(err) && LICENCE_REASONS.has(err.reason),
    });

  const askQuote = async () => {
    setBusy('quote');
    setError(null);
    try {
      setQuote((await callMethod(getVehicleRentalQuote, request(), { language })).quote);
    } catch (err) {
      fail(err);
    } finally {
      setBusy(null);
    }
  };

  const pay = async () => {
    setBusy('pay');
    setError(null);
    try {
      const res = await callMethod(
        createVehicleRental,
        { ...request(), userRequestNotes: notes, paymentMethodId },
        { language, headers: { [IDEMPOTENCY_HEADER]: key } },
      );
      if (res.payment.status === 'REQUIRES_ACTION' && res.payment.challengeUrl) {
        window.location.assign(res.payment.challengeUrl);
        return;
      }
      void navigate(localizePath(`/mypage/vehicle-rentals/${res.vehicleRental.id}`, language));
    } catch (err) {
      fail(err);
      setBusy(null);
    }
  };

  if (vehicles.length === 0) return <p className="rental-empty">{t('rental:rent.none')}</p>;
  return (
    <div className="rent-form">
      <fieldset className="rent-form__vehicles">
        <legend className="rent-form__legend">{t('rental:rent.vehicles')}</legend>
        <ul className="vehicle-choices">
          {vehicles.map((v) => (
            <li key={v.id}>
              <label className={`vehicle-choice${v.id === vehicleId ? ' vehicle-choice--chosen' : ''}`}>
                <input
                  type="radio"
                  name="vehicle"
                  value={v.id}
                  checked={v.id === vehicleId}
                  onChange={() => changed(setVehicleId)(v.id)}
                />
                {v.displayImageUrl ? <img src={v.displayImageUrl} alt="" className="vehicle-choice__image" /> : null}
                <span className="vehicle-choice__name">{v.displayName}</span>
                <span className="vehicle-choice__facts">
                  {t('rental:rent.seats', { count: v.capacity })} ·{' '}
                  {t('rental:rent.prices', {
                    base: formatYen(v.basePrice, language),
                    halfHour: formatYen(v.halfHourPrice, language),
                  })}
                  {v.vehicleInformation
                    ? ` · ${t('rental:rent.battery', { level: v.vehicleInformation.chargeStateBatteryLevel })}`
                    : ''}
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="rent-form__grid">
        <SelectField
          id="rent-day"
          label={t('rental:rent.date')}
          value={day}
          onChange={(e) => changed(setDay)(e.target.value)}
        >
          {days.map((d) => (
            <option key={d} value={d}>
              {formatDate(civilFromIso(d), 'date', language)}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="rent-from"
          label={t('rental:rent.from')}
          value={from}
          onChange={(e) => {
            const next = Number(e.target.value);
            changed(setFrom)(next);
            if (to <= next) setTo(next + 3 * 60);
          }}
        >
          {fromOptions.map((m) => (
            <option key={m} value={m}>
              {clockOf(m)}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="rent-to"
          label={t('rental:rent.to')}
          value={to}
          onChange={(e) => changed(setTo)(Number(e.target.value))}
        >
          {toOptions.map((m) => (
            <option key={m} value={m}>
              {clockOf(m)}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="rent-pickup"
          label={t('rental:rent.pickupLocation')}
          value={pickupLocationId}
          onChange={(e) => changed(setPickup)(e.target.value)}
        >
          {locations.map((l) => (
            <option key={l.id} value={l.id}>
              {locationLabel(l, language, t)}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="rent-dropoff"
          label={t('rental:rent.dropoffLocation')}
          value={dropoffLocationId}
          onChange={(e) => changed(setDropoff)(e.target.value)}
        >
          {locations.map((l) => (
            <option key={l.id} value={l.id}>
              {locationLabel(l, language, t)}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="rent-headcount"
          label={t('rental:rent.headcount')}
          value={headcount}
          onChange={(e) => changed(setHeadcount)(Number(e.target.value))}
        >
          {Array.from({ length: Math.max(vehicle?.capacity ?? 1, headcount) }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </SelectField>
      </div>
      <p className="rent-form__hint">{t('rental:timesHint')}</p>
      <TextAreaField
        id="rent-notes"
        label={t('rental:rent.notes')}
        hint={t('rental:rent.notesHint')}
        value={notes}
        maxLength={1000}
        onChange={(e) => setNotes(e.target.value)}
      />
      {paymentMethods.length > 0 ? (
        <SelectField
          id="rent-card"
          label={t('rental:rent.card')}
          value={paymentMethodId}
          onChange={(e) => setCard(e.target.value)}
        >
          {paymentMethods.map((m) => (
            <option key={m.creditCard.paymentMethodId} value={m.creditCard.paymentMethodId}>
              {m.creditCard.creditCardBrand} {m.creditCard.maskedNumber}
            </option>
          ))}
        </SelectField>
      ) : (
        <FormAlert tone="info">{t('rental:rent.noCard')}</FormAlert>
      )}
      {error ? (
        <FormAlert>
          <p>{error.message}</p>
          {error.licence ? (
            <p>
              <Link to={localizePath(props.licensePath, language)}>{t('rental:rent.licenseLink')}</Link>
            </p>
          ) : null}
        </FormAlert>
      ) : null}
      {quote ? <QuoteLines quote={quote} /> : null}
      <div className="rent-form__actions">
        {quote ? (
          <Button
            size="large"
            fullWidth
            busy={busy === 'pay'}
            disabled={!paymentMethodId}
            onClick={() => void pay()}
            data-testid="rent-pay"
          >
            {t('rental:rent.pay', { amount: formatYen(quote.taxInclusiveAmount, language) })}
          </Button>
        ) : (
          <Button
            size="large"
            fullWidth
            busy={busy === 'quote'}
            onClick={() => void askQuote()}
            data-testid="rent-quote"
          >
            {t('rental:rent.quote')}
          </Button>
        )}
      </div>
    </div>
  );
}

function locationLabel(l: VehicleLocation, language: Language, t: TFunction): string {
  return l.price > 0
    ? t('rental:rent.locationPrice', { name: l.displayName, price: formatYen(l.price, language) })
    : t('rental:rent.locationFree', { name: l.displayName });
}
