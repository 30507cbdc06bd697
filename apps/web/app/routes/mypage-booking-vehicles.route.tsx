import { getBooking } from '@yado/contract/booking.contract';
import { isoFromCivil } from '@yado/contract/civil-date';
import { listPaymentMethods } from '@yado/contract/payment.contract';
import { listVehicles } from '@yado/contract/vehicle.contract';
import { Link, type HeadersFunction, type LinksFunction } from 'react-router';
import { VehicleRentForm } from '../features/vehicle/components/vehicle-rent-form.component';
import { dateTimeOnDay, stayDays } from '../features/vehicle/vehicle-rental-time';
import { translatorFor, useTranslation } from '../lib/i18n';
import { languageFromPath, localizePath } from '../lib/language';
import { titleMeta } from '../lib/page-meta';
import { PRIVATE_HEADERS, privateLoader } from '../lib/private-loader.server';
import { useLanguage } from '../lib/use-language.hook';
import bookingStylesHref from '../styles/booking.css?url';
import vehicleStylesHref from '../styles/vehicle.css?url';
import type { Route } from './+types/mypage-booking-vehicles.route';

/** Stays a car can be rented for. */
const RENTABLE = new Set(['BOOKED', 'READY_TO_CHECKIN', 'STAYING']);

/**
 * /mypage/bookings/{booking_id}/vehicles: renting a car of the stay's place
 * for the stay's days. The cars come with their availability over the whole
 * stay; the price and every refusal come from the API.
 */
export async function loader(args: Route.LoaderArgs) {
  const { read } = privateLoader(args);
  const { booking } = await read(getBooking, { bookingId: args.params.bookingId });
  const timeZone = booking.houseGroup.timezone;
  const checkin = isoFromCivil(booking.checkinDate);
  const checkout = isoFromCivil(booking.checkoutDate);
  const rentable = RENTABLE.has(booking.bookingStatus);
  const [catalogue, methods] = await Promise.all([
    rentable
      ? read(listVehicles, {
          placeId: booking.houseGroup.placeId,
          startTime: dateTimeOnDay(checkin, 0, timeZone),
          endTime: dateTimeOnDay(checkout, 24 * 60, timeZone),
        })
      : Promise.resolve({ vehicles: [], locations: [] }),
    read(listPaymentMethods, {}),
  ]);
  return {
    bookingId: booking.bookingId,
    bookingNumber: booking.bookingNumber,
    placeName: booking.houseGroup.placeName,
    timeZone,
    rentable,
    days: stayDays(checkin, checkout),
    vehicles: catalogue.vehicles,
    locations: catalogue.locations,
    paymentMethods: methods.paymentMethods,
  };
}

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: bookingStylesHref },
  { rel: 'stylesheet', href: vehicleStylesHref },
];
export const headers: HeadersFunction = () => PRIVATE_HEADERS;
export const meta: Route.MetaFunction = ({ location }) =>
  titleMeta(translatorFor(languageFromPath(location.pathname))('rental:rent.title'));

export default function BookingVehiclesRoute({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <div className="page booking-page rental-page">
      <nav className="breadcrumbs" aria-label={t('booking:breadcrumbs')}>
        <Link to={localizePath('/mypage', language)}>{t('booking:mypage')}</Link>
        <span aria-hidden="true"> / </span>
        <Link to={localizePath(`/mypage/bookings/${d.bookingId}`, language)}>
          {t('booking:detail.breadcrumb', { number: d.bookingNumber })}
        </Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{t('rental:rent.title')}</span>
      </nav>
      <h1>{t('rental:rent.heading')}</h1>
      {d.rentable ? (
        <>
          <p className="muted">{t('rental:rent.lead', { place: d.placeName })}</p>
          <VehicleRentForm
            bookingId={d.bookingId}
            timeZone={d.timeZone}
            days={d.days}
            vehicles={d.vehicles}
            locations={d.locations}
            paymentMethods={d.paymentMethods}
            licensePath={LICENSE_PATH}
          />
        </>
      ) : (
        <p>{t('rental:rent.notStaying')}</p>
      )}
    </div>
  );
}

/** Where a guest registers a driver licence. */
const LICENSE_PATH = '/mypage/driver-license';
