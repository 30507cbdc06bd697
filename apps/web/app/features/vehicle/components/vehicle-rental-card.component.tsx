import type { VehicleRental } from '@yado/contract/vehicle-rental.contract';
import { Link } from 'react-router';
import { formatYen } from '../../../lib/format-yen';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { rentalWhen } from '../vehicle-rental-time';

/** One rental in a list (My page, a stay's page): the car, when, where, its states and the price. */
export function VehicleRentalCard({ rental }: { rental: VehicleRental }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <article className="rental-card" data-testid="rental-card">
      <div className="rental-card__head">
        <h3 className="rental-card__title">
          <Link to={localizePath(`/mypage/vehicle-rentals/${rental.id}`, language)}>{rental.vehicle.displayName}</Link>
        </h3>
        <span
          className={`badge badge--${rental.status === 'CANCELED' ? 'neutral' : rental.status === 'BOOKED' ? 'success' : 'warning'}`}
        >
          {t(`rental:status.${rental.status}`)}
        </span>
      </div>
      <p className="rental-card__when">{rentalWhen(rental.clock, language, t)}</p>
      <p className="rental-card__meta">
        {rental.pickupLocation.displayName} → {rental.dropoffLocation.displayName} ·{' '}
        {formatYen(rental.taxInclusiveAmount, language)}
      </p>
      {rental.status === 'BOOKED' ? (
        <p className="rental-card__use">{t(`rental:useStatus.${rental.useStatus}`)}</p>
      ) : null}
    </article>
  );
}

/** The rentals of a list, or a line saying there are none. */
export function VehicleRentalList({ rentals, empty }: { rentals: VehicleRental[]; empty: string }) {
  if (rentals.length === 0) return <p className="rental-empty">{empty}</p>;
  return (
    <ul className="rental-list">
      {rentals.map((r) => (
        <li key={r.id}>
          <VehicleRentalCard rental={r} />
        </li>
      ))}
    </ul>
  );
}

/** My page's car rentals: shown once the guest has rented a car, newest pick-up first. */
export function MypageVehicleRentals({ rentals }: { rentals: VehicleRental[] }) {
  const { t } = useTranslation();
  if (rentals.length === 0) return null;
  return (
    <section className="card mypage-rentals" aria-labelledby="mypage-rentals-heading" data-testid="mypage-rentals">
      <h2 id="mypage-rentals-heading" className="card__title">
        {t('rental:mypage.heading')}
      </h2>
      <VehicleRentalList rentals={rentals} empty={t('rental:mypage.none')} />
    </section>
  );
}
