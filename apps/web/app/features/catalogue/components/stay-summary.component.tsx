import type { Language } from '@yado/contract/headers';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.component';
import { formatDate } from '../../../lib/format-date';
import { withRedirectUrl } from '../../../lib/redirect-url';
import { localizePath } from '../../../lib/language';
import type { CapacityProblem, Guests } from '../catalogue-query';
import { civilFromIso, type IsoDate } from '@yado/contract/civil-date';
import type { Quote } from '../house-group-quote';
import { formatYen } from '../../../lib/format-yen';

type Props = {
  language: Language;
  checkin: IsoDate | null;
  checkout: IsoDate | null;
  guests: Guests;
  quote: Quote | null;
  problem: CapacityProblem | null;
  limits: { maxCapacity: number; minAdultCapacity: number; maxPetCapacity: number };
  checkinTime: string;
  checkoutTime: string;
  standardPrice: number;
  /** This page's address with the selection, where sign-in returns to. */
  selfHref: string;
  signedIn: boolean;
  /** The booking page for this selection, where a signed-in guest's "Book" leads. */
  bookPath: string;
  /** Clears the dates, keeping the guests. */
  clearHref: string;
  /** The calendar's element id, where "choose dates" leads. */
  calendarId: string;
};

export const SUMMARY_ID = 'stay-summary';

/**
 * The chosen stay and its total from the API, with the call to book. Signed
 * out, booking starts with sign-in, which comes back to this page with the
 * same dates and guests; signed in, "Book" opens the booking page with them.
 */
export function StaySummary(p: Props) {
  const { t } = useTranslation();
  const fmt = (d: IsoDate) => formatDate(civilFromIso(d), 'date', p.language);
  const guestsText = [
    t('catalogue:summary.adults', { count: p.guests.adults }),
    p.guests.children ? t('catalogue:summary.children', { count: p.guests.children }) : null,
    p.guests.infants ? t('catalogue:summary.infants', { count: p.guests.infants }) : null,
    p.guests.pets ? t('catalogue:summary.pets', { count: p.guests.pets }) : null,
  ]
    .filter(Boolean)
    .join(', ');
  const ready = Boolean(p.checkin && p.checkout && p.quote?.available && !p.problem);
  const bookHref = p.signedIn
    ? p.bookPath
    : withRedirectUrl(localizePath('/login', p.language), `${p.selfHref}#${SUMMARY_ID}`);

  return (
    <section id={SUMMARY_ID} className="stay-summary" aria-labelledby="stay-summary-heading" tabIndex={-1}>
      <h2 id="stay-summary-heading" className="stay-summary__title">
        {t('catalogue:summary.heading')}
      </h2>
      <p className="stay-summary__from">
        <span className="muted">{t('catalogue:card.from')}</span>{' '}
        <strong>{formatYen(p.standardPrice, p.language)}</strong>{' '}
        <span className="muted">{t('catalogue:card.perNight')}</span>
      </p>
      <dl className="stay-summary__rows">
        <div>
          <dt>{t('catalogue:summary.checkin')}</dt>
          <dd>
            {p.checkin ? fmt(p.checkin) : '—'}
            <span className="muted"> {t('catalogue:summary.from', { time: p.checkinTime })}</span>
          </dd>
        </div>
        <div>
          <dt>{t('catalogue:summary.checkout')}</dt>
          <dd>
            {p.checkout ? fmt(p.checkout) : '—'}
            <span className="muted"> {t('catalogue:summary.until', { time: p.checkoutTime })}</span>
          </dd>
        </div>
        <div>
          <dt>{t('catalogue:summary.guests')}</dt>
          <dd>{guestsText}</dd>
        </div>
      </dl>
      <div className="stay-summary__total" aria-live="polite">
        {p.problem === 'minAdults' ? (
          <p className="stay-summary__note">{t('catalogue:summary.minAdults', { count: p.limits.minAdultCapacity })}</p>
        ) : p.problem === 'maxGuests' ? (
          <p className="stay-summary__note">{t('catalogue:summary.maxGuests', { count: p.limits.maxCapacity })}</p>
        ) : p.problem === 'noPets' ? (
          <p className="stay-summary__note">{t('catalogue:summary.noPets')}</p>
        ) : p.problem === 'maxPets' ? (
          <p className="stay-summary__note">{t('catalogue:summary.maxPets', { count: p.limits.maxPetCapacity })}</p>
        ) : !p.checkin || !p.checkout ? (
          <p className="stay-summary__note">{t('catalogue:summary.chooseDates')}</p>
        ) : p.quote === null ? (
          <p className="stay-summary__note">{t('catalogue:summary.quoteFailed')}</p>
        ) : !p.quote.available ? (
          <p className="stay-summary__note">{t('catalogue:summary.unavailable')}</p>
        ) : (
          <>
            <p className="stay-summary__amount">
              <span>{t('catalogue:summary.total', { count: p.quote.nights })}</span>
              <strong data-testid="stay-total">{formatYen(p.quote.totalPrice, p.language)}</strong>
            </p>
            <p className="stay-summary__fine">{t('catalogue:summary.totalNote')}</p>
          </>
        )}
      </div>
      {ready ? (
        <Link className={buttonClassName({ size: 'large', fullWidth: true })} to={bookHref}>
          {p.signedIn ? t('catalogue:summary.book') : t('catalogue:summary.signInToBook')}
        </Link>
      ) : null}
      {!ready && !p.problem && (!p.checkin || !p.checkout) ? (
        <a className={buttonClassName({ variant: 'secondary', fullWidth: true })} href={`#${p.calendarId}`}>
          {t('catalogue:summary.chooseDatesButton')}
        </a>
      ) : null}
      {p.checkin ? (
        <p className="stay-summary__clear">
          <Link to={p.clearHref} preventScrollReset replace>
            {t('catalogue:summary.clear')}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
