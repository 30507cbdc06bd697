import { todayIn, type IsoDate } from '@yado/contract/civil-date';
import { OPERATOR_TIME_ZONE } from '@yado/contract/operator-zone';
import type { Language } from '@yado/contract/headers';
import { DRIVER_LICENSE_RETENTION_YEARS, type DriverLicenseStatus } from '@yado/contract/vehicle.contract';

/** Licences are Japanese (or permits used in Japan): their last valid day is a civil date in Japan. */
export const LICENSE_TIME_ZONE = OPERATOR_TIME_ZONE;

/** A licence is valid through its expiry date, in Japan; from the next day on it is expired. */
export function isExpiredAt(expireDate: IsoDate, at: Date): boolean {
  return todayIn(LICENSE_TIME_ZONE, at) > expireDate;
}

/** Only a licence waiting for review can be decided. */
export const isReviewable = (status: DriverLicenseStatus): boolean => status === 'PENDING_REVIEW';

/**
 * Until when a licence's personal data is kept: 2 years after the later of its registration and its
 * last rental's end (DOMAIN.md: rental records keep the driver's name, address, licence type and number
 * for 2 years). A licence never rented is kept 2 years from registration, as long as it could have been.
 */
export function eraseAfter(registeredAt: Date, lastRentalAt: Date | null): Date {
  const from = lastRentalAt && lastRentalAt > registeredAt ? lastRentalAt : registeredAt;
  const to = new Date(from);
  to.setUTCFullYear(to.getUTCFullYear() + DRIVER_LICENSE_RETENTION_YEARS);
  // 29 February plus two years is 1 March (setUTCFullYear rolls over), never earlier: keeping a day longer is safe.
  return to;
}

/** Whether a rental ending at `rentalEnd` can be made with a licence expiring on `expireDate`. */
export function coversRental(expireDate: IsoDate, rentalEnd: Date): boolean {
  return !isExpiredAt(expireDate, rentalEnd);
}

/** A user's name as staff read it in this language: Latin letters, given name first, in English when given. */
export function holderUserName(
  u: { lastName: string; firstName: string; romanizedLastName: string; romanizedFirstName: string },
  language: Language,
): string {
  if (language === 'en' && u.romanizedFirstName && u.romanizedLastName) {
    return `${u.romanizedFirstName} ${u.romanizedLastName}`;
  }
  return `${u.lastName} ${u.firstName}`.trim();
}
