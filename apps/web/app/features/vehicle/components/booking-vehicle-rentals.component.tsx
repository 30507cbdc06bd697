import type { VehicleRental } from '@yado/contract/vehicle-rental.contract';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.component';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { VehicleRentalList } from './vehicle-rental-card.component';

/** Stays a car can be rented for. */
const RENTABLE = new Set(['BOOKED', 'READY_TO_CHECKIN', 'STAYING']);

/** A stay's car rentals on its page, and the way to rent one while the stay is booked or under way. */
export function BookingVehicleRentals({
  bookingId,
  bookingStatus,
  rentals,
}: {
  bookingId: string;
  bookingStatus: string;
  rentals: VehicleRental[];
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const rentable = RENTABLE.has(bookingStatus);
  if (!rentable && rentals.length === 0) return null;
  return (
    <section className="card booking-rentals" aria-labelledby="booking-rentals-heading">
      <h2 id="booking-rentals-heading" className="card__title">
        {t('rental:mypage.heading')}
      </h2>
      {rentals.length > 0 ? <VehicleRentalList rentals={rentals} empty="" /> : null}
      {rentable ? (
        <Link
          className={buttonClassName({ variant: 'secondary' })}
          to={localizePath(`/mypage/bookings/${bookingId}/vehicles`, language)}
          data-testid="booking-rent-car"
        >
          {t('rental:rent.link')}
        </Link>
      ) : null}
    </section>
  );
}
