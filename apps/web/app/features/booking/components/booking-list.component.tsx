import type { BookingListItem } from '@yado/contract/booking.contract';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format-date';
import { formatYen } from '../../../lib/format-yen';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { bookingStatusLabel, bookingStatusTone } from '../booking-labels';

export const BOOKING_TABS = ['UPCOMING', 'PAST', 'CANCELLED'] as const;
export type BookingTab = (typeof BOOKING_TABS)[number];

export function parseBookingTab(value: string | null): BookingTab {
  return (BOOKING_TABS as readonly string[]).includes((value ?? '').toUpperCase())
    ? ((value ?? '').toUpperCase() as BookingTab)
    : 'UPCOMING';
}

type Props = {
  tab: BookingTab;
  bookings: BookingListItem[];
  /** The address of the next page of this tab, when there is one. */
  moreHref: string | null;
};

/**
 * My page's bookings: upcoming, past and cancelled, each tab its own address
 * (rendered on the server, shareable, and the back button works), each
 * booking a link to its page.
 */
export function BookingList({ tab, bookings, moreHref }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const tabLabel = (x: BookingTab) =>
    x === 'UPCOMING' ? t('booking:list.upcoming') : x === 'PAST' ? t('booking:list.past') : t('booking:list.cancelled');
  const base = localizePath('/mypage', language);
  return (
    <section className="booking-list" aria-labelledby="bookings-heading">
      <h2 id="bookings-heading">{t('booking:list.heading')}</h2>
      <nav className="tabs" aria-label={t('booking:list.tabs')}>
        {BOOKING_TABS.map((x) => (
          <Link
            key={x}
            to={x === 'UPCOMING' ? base : `${base}?tab=${x.toLowerCase()}`}
            className={x === tab ? 'tabs__tab tabs__tab--current' : 'tabs__tab'}
            aria-current={x === tab ? 'page' : undefined}
            preventScrollReset
          >
            {tabLabel(x)}
          </Link>
        ))}
      </nav>
      {bookings.length === 0 ? (
        <p className="muted booking-list__empty">
          {tab === 'UPCOMING'
            ? t('booking:list.emptyUpcoming')
            : tab === 'PAST'
              ? t('booking:list.emptyPast')
              : t('booking:list.emptyCancelled')}
        </p>
      ) : (
        <ul className="booking-list__items" data-testid="booking-list">
          {bookings.map((b) => {
            const image = b.houseGroup.images.squareImageUrl || b.houseGroup.images.horizontalImageUrl;
            return (
              <li key={b.bookingId}>
                <Link className="booking-item" to={localizePath(`/mypage/bookings/${b.bookingId}`, language)}>
                  {image ? (
                    <img className="booking-item__image" src={image} alt="" width={88} height={88} loading="lazy" />
                  ) : null}
                  <span className="booking-item__body">
                    <span className="booking-item__title">{b.houseGroup.name}</span>
                    <span className="booking-item__dates">
                      {formatDate(b.checkinDate, 'date', language)} – {formatDate(b.checkoutDate, 'date', language)}
                    </span>
                    <span className="muted booking-item__meta">
                      {/* Breaks between the place and the number, never inside "Booking no. B…". */}
                      <span>{b.houseGroup.placeName}</span> ·{' '}
                      <span className="booking-item__number">
                        {t('booking:detail.number', { number: b.bookingNumber })}
                      </span>
                    </span>
                  </span>
                  <span className="booking-item__end">
                    <span className={`badge badge--${bookingStatusTone(b.bookingStatus)}`}>
                      {bookingStatusLabel(t, b.bookingStatus)}
                    </span>
                    <span className="booking-item__amount">{formatYen(b.totalAmount, language)}</span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      {moreHref ? (
        <p className="booking-list__more">
          <Link to={moreHref} preventScrollReset>
            {t('booking:list.more')}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
