import { getBooking } from '@yado/contract/booking.contract';
import { getPointBalance } from '@yado/contract/point.contract';
import { useTranslation } from '../lib/i18n';
import { Link, redirect, type HeadersFunction, type LinksFunction, type MetaFunction } from 'react-router';
import { PaymentStep } from '../features/booking/components/payment-step.component';
import { PaymentMethodPicker } from '../features/payment/components/payment-method-picker';
import { translatorFor } from '../lib/i18n';
import { languageFromPath, localizePath } from '../lib/language';
import { titleMeta } from '../lib/page-meta';
import { PRIVATE_HEADERS, privateLoader } from '../lib/private-loader.server';
import { useLanguage } from '../lib/use-language.hook';
import bookingStylesHref from '../styles/booking.css?url';
import type { Route } from './+types/mypage-booking-payment.route';

/**
 * /mypage/bookings/{booking_id}/payment: the second step of booking, while
 * the booking is TENTATIVE. Any other status has nothing to pay here, so the
 * booking page opens instead.
 */
export async function loader(args: Route.LoaderArgs) {
  const { read, language } = privateLoader(args);
  const bookingId = args.params.bookingId;
  const [{ booking }, points] = await Promise.all([read(getBooking, { bookingId }), read(getPointBalance, {})]);
  if (booking.bookingStatus !== 'TENTATIVE') throw redirect(localizePath(`/mypage/bookings/${bookingId}`, language));
  return { booking, pointBalance: points.balance };
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: bookingStylesHref }];
export const headers: HeadersFunction = () => PRIVATE_HEADERS;
export const meta: MetaFunction = ({ location }) =>
  titleMeta(translatorFor(languageFromPath(location.pathname))('booking:payment.title'));

export default function BookingPaymentRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { booking, pointBalance } = loaderData;
  return (
    <div className="page page--wide booking-page">
      <nav className="breadcrumbs" aria-label={t('booking:breadcrumbs')}>
        <Link to={localizePath('/mypage', language)}>{t('booking:mypage')}</Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{t('booking:payment.heading')}</span>
      </nav>
      <header className="page__header">
        <p className="eyebrow">{t('booking:detail.number', { number: booking.bookingNumber })}</p>
        <h1 id="booking-heading">
          {booking.exclusiveTimeUse ? t('booking:timeUse.payHeading') : t('booking:payment.heading')}
        </h1>
        <ol className="booking-steps" aria-label={t('booking:steps.label')}>
          <li className="booking-steps__item booking-steps__item--complete">{t('booking:steps.details')}</li>
          <li aria-current="step" className="booking-steps__item booking-steps__item--current">
            {t('booking:steps.payment')}
          </li>
          <li className="booking-steps__item">{t('booking:steps.done')}</li>
        </ol>
      </header>
      <PaymentStep
        booking={booking}
        pointBalance={pointBalance}
        renderPicker={(props) => <PaymentMethodPicker {...props} />}
      />
    </div>
  );
}
