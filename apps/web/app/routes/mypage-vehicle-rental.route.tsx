import { getVehicleRental } from '@yado/contract/vehicle-rental.contract';
import { Link, type HeadersFunction, type LinksFunction } from 'react-router';
import { BookingChat } from '../features/chat/components/booking-chat.component';
import { VehicleRentalDetail } from '../features/vehicle/components/vehicle-rental-detail.component';
import { translatorFor, useTranslation } from '../lib/i18n';
import { languageFromPath, localizePath } from '../lib/language';
import { titleMeta } from '../lib/page-meta';
import { PRIVATE_HEADERS, privateLoader } from '../lib/private-loader.server';
import { useLanguage } from '../lib/use-language.hook';
import bookingStylesHref from '../styles/booking.css?url';
import chatStylesHref from '../styles/chat.css?url';
import vehicleStylesHref from '../styles/vehicle.css?url';
import type { Route } from './+types/mypage-vehicle-rental.route';

/** /mypage/vehicle-rentals/{vehicle_rental_id}: one rental (reading it settles a payment finished meanwhile). */
export async function loader(args: Route.LoaderArgs) {
  const { read } = privateLoader(args);
  const { vehicleRental } = await read(getVehicleRental, { vehicleRentalId: args.params.vehicleRentalId });
  return { rental: vehicleRental };
}

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: bookingStylesHref },
  { rel: 'stylesheet', href: vehicleStylesHref },
  { rel: 'stylesheet', href: chatStylesHref },
];
export const headers: HeadersFunction = () => PRIVATE_HEADERS;
export const meta: Route.MetaFunction = ({ location, data }) =>
  titleMeta(
    translatorFor(languageFromPath(location.pathname))('rental:detail.title', {
      orderNumber: data?.rental.orderNumber ?? '',
    }),
  );

export default function VehicleRentalRoute({ loaderData: { rental } }: Route.ComponentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <div className="page booking-page rental-page">
      <nav className="breadcrumbs" aria-label={t('booking:breadcrumbs')}>
        <Link to={localizePath('/mypage', language)}>{t('booking:mypage')}</Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{t('rental:detail.order', { orderNumber: rental.orderNumber })}</span>
      </nav>
      <h1>{t('rental:detail.title', { orderNumber: rental.orderNumber })}</h1>
      <VehicleRentalDetail rental={rental} />
      <BookingChat conversationId={rental.conversationId ?? ''} />
    </div>
  );
}
