import type { BookingDetail } from '@yado/contract/booking.contract';
import type { Address } from '@yado/contract/common.schema';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { formatDate, formatTime } from '../../../lib/format-date';
import { zonedParts } from '../../../lib/format-date-time';
import { formatYen } from '../../../lib/format-yen';
import { useTranslation } from '../../../lib/i18n';
import { useLanguage } from '../../../lib/use-language.hook';
import { useCheckInOut } from '../hooks/use-check-in-out.hook';
import { ChangeGuests, type GuestCapacity } from './change-guests.component';

/** An OpenStreetMap link for coordinates (a link only: the page loads no map tiles). */
export function openStreetMapUrl(latitude: number, longitude: number): string {
  const lat = latitude.toFixed(6);
  const lon = longitude.toFixed(6);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`;
}

function addressLines(a: Address, language: 'en' | 'ja'): string {
  const parts =
    language === 'ja'
      ? [a.postalCode ? `〒${a.postalCode}` : '', a.state, a.city, a.street1, a.street2]
      : [a.street2, a.street1, a.city, a.state, a.postalCode];
  return parts.filter(Boolean).join(language === 'ja' ? ' ' : ', ');
}

type Translate = ReturnType<typeof useTranslation>['t'];

/** "2 men, 1 woman, 1 child" and "1 small dog": only the counts that are there. */
export function headcountTexts(h: BookingDetail['bookingHeadcount'], t: Translate) {
  const join = (parts: (string | null)[]) => parts.filter(Boolean).join(', ');
  return {
    people: join([
      h.males ? t('booking:detail.males', { count: h.males }) : null,
      h.females ? t('booking:detail.females', { count: h.females }) : null,
      h.children ? t('booking:detail.children', { count: h.children }) : null,
      h.infants ? t('booking:detail.infants', { count: h.infants }) : null,
    ]),
    dogs: join([
      h.largeDogs ? t('booking:detail.largeDogs', { count: h.largeDogs }) : null,
      h.mediumDogs ? t('booking:detail.mediumDogs', { count: h.mediumDogs }) : null,
      h.smallDogs ? t('booking:detail.smallDogs', { count: h.smallDogs }) : null,
    ]),
  };
}

/** The stay: times on the house's clock, house, guests, notes and total; changing guests, check-in and check-out. */
export function BookingStayCard(p: { b: BookingDetail; capacity: GuestCapacity | null; refresh: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { b } = p;
  const { act, busyAction, actionError } = useCheckInOut(b.bookingId, p.refresh);
  const texts = headcountTexts(b.bookingHeadcount, t);
  const when = (dt: typeof b.checkinTime) => {
    const parts = zonedParts(dt, b.houseGroup.timezone);
    return `${formatDate(parts, 'date', language)} ${formatTime(parts)}`;
  };
  const row = (label: string, value: ReactNode, testId?: string) => (
    <div className="details__row">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
  return (
    <section className="card booking-card" aria-labelledby="stay-heading">
      <h2 id="stay-heading" className="booking-card__title">
        {t('booking:detail.stayHeading')}
      </h2>
      <dl className="details">
        {row(t('booking:detail.checkin'), when(b.checkinTime), 'checkin-time')}
        {row(t('booking:detail.checkout'), when(b.checkoutTime))}
        {row(
          t('booking:detail.house'),
          <>
            {b.house.name}
            {b.house.floor ? (
              <span className="muted"> · {t('booking:detail.floor', { floor: b.house.floor })}</span>
            ) : null}
          </>,
        )}
        {/* A time use lodges nobody: its length instead of its guests. */}
        {b.exclusiveTimeUse
          ? row(t('booking:timeUse.length'), t('booking:timeUse.hours', { count: b.exclusiveTimeUse.hours }))
          : row(
              t('booking:detail.guests'),
              <>
                {texts.people}
                {b.childrenAge.length > 0 ? (
                  <span className="muted"> · {t('booking:detail.ages', { ages: b.childrenAge.join(', ') })}</span>
                ) : null}
              </>,
            )}
        {texts.dogs ? row(t('booking:detail.dogs'), texts.dogs) : null}
        {b.allergy ? row(t('booking:detail.allergy'), b.allergy) : null}
        {b.request ? row(t('booking:detail.request'), b.request) : null}
        {row(t('booking:detail.total'), formatYen(b.totalAmount, language), 'booking-total')}
      </dl>
      {b.actions.canChangeHeadcount ? <ChangeGuests booking={b} capacity={p.capacity} onChanged={p.refresh} /> : null}
      {actionError ? <FormAlert>{actionError}</FormAlert> : null}
      {b.actions.canCheckin || b.actions.canCheckout ? (
        <div className="booking-card__actions">
          {b.actions.canCheckin ? (
            <Button busy={busyAction === 'checkin'} onClick={() => void act('checkin')}>
              {t('booking:detail.checkinButton')}
            </Button>
          ) : null}
          {b.actions.canCheckout ? (
            <Button busy={busyAction === 'checkout'} onClick={() => void act('checkout')}>
              {t('booking:detail.checkoutButton')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

/** The way there: the address, a map link when the house group has coordinates, and the stay's notes. */
export function BookingAccessCard({ b }: { b: BookingDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <section className="card booking-card" aria-labelledby="access-heading">
      <h2 id="access-heading" className="booking-card__title">
        {t('booking:detail.accessHeading')}
      </h2>
      <p>{addressLines(b.access.address, language) || b.place.name}</p>
      {b.access.latitude !== null && b.access.longitude !== null ? (
        <p>
          <a href={openStreetMapUrl(b.access.latitude, b.access.longitude)} target="_blank" rel="noreferrer">
            {t('booking:detail.map')}
          </a>
        </p>
      ) : null}
      {b.stayingPeriodNotes.length > 0 ? (
        <ul className="notes">
          {b.stayingPeriodNotes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
