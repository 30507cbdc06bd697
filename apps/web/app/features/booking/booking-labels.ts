import type { TFunction } from '../../lib/i18n';

/*
 * The API's enumerations in the reader's words. Every key is written in full
 * so the translation check sees it; a value added to the API later reads as
 * "Other" rather than a raw code.
 */

export function bookingStatusLabel(t: TFunction, status: string): string {
  switch (status) {
    case 'TENTATIVE':
      return t('booking:status.TENTATIVE');
    case 'GIFTED':
      return t('booking:status.GIFTED');
    case 'BOOKED':
      return t('booking:status.BOOKED');
    case 'READY_TO_CHECKIN':
      return t('booking:status.READY_TO_CHECKIN');
    case 'STAYING':
      return t('booking:status.STAYING');
    case 'CHECKED_OUT':
      return t('booking:status.CHECKED_OUT');
    case 'CANCELLED':
      return t('booking:status.CANCELLED');
    case 'NO_SHOW':
      return t('booking:status.NO_SHOW');
    default:
      return t('booking:status.other');
  }
}

/** The badge tone of a status: green when all is in order, amber when the guest has something to do. */
export function bookingStatusTone(status: string): 'success' | 'warning' | 'neutral' {
  if (status === 'TENTATIVE') return 'warning';
  if (status === 'BOOKED' || status === 'READY_TO_CHECKIN' || status === 'STAYING') return 'success';
  return 'neutral';
}

export function billingTypeLabel(t: TFunction, type: string): string {
  switch (type) {
    case 'DEPOSIT':
      return t('booking:billingType.DEPOSIT');
    case 'DEFAULT':
      return t('booking:billingType.DEFAULT');
    case 'ADDITIONAL':
      return t('booking:billingType.ADDITIONAL');
    case 'CANCELLATION':
      return t('booking:billingType.CANCELLATION');
    default:
      return t('booking:billingType.other');
  }
}

export function billingStatusLabel(t: TFunction, status: string): string {
  switch (status) {
    case 'REQUESTED':
      return t('booking:billingStatus.REQUESTED');
    case 'PAID':
      return t('booking:billingStatus.PAID');
    case 'CANCELLED':
      return t('booking:billingStatus.CANCELLED');
    case 'FAILED':
      return t('booking:billingStatus.FAILED');
    case 'REFUNDED':
      return t('booking:billingStatus.REFUNDED');
    default:
      return t('booking:billingStatus.other');
  }
}

export function billingStatusTone(status: string): 'success' | 'warning' | 'neutral' | 'danger' {
  if (status === 'PAID') return 'success';
  if (status === 'REQUESTED') return 'warning';
  if (status === 'FAILED') return 'danger';
  return 'neutral';
}

export function mealTypeLabel(t: TFunction, type: string): string {
  switch (type) {
    case 'BREAKFAST':
      return t('booking:mealType.BREAKFAST');
    case 'DINNER':
      return t('booking:mealType.DINNER');
    default:
      return t('booking:mealType.other');
  }
}

export function subjectLabel(t: TFunction, subject: string): string {
  switch (subject) {
    case 'ACCOMMODATION':
      return t('booking:subject.ACCOMMODATION');
    case 'MEAL':
      return t('booking:subject.MEAL');
    case 'BEVERAGE':
      return t('booking:subject.BEVERAGE');
    case 'MERCHANDISE':
      return t('booking:subject.MERCHANDISE');
    case 'OPTION':
      return t('booking:subject.OPTION');
    case 'DISCOUNT':
      return t('booking:subject.DISCOUNT');
    case 'ACCOMMODATION_CANCEL_FEE':
      return t('booking:subject.ACCOMMODATION_CANCEL_FEE');
    case 'ACCOMMODATION_DEPOSIT':
      return t('booking:subject.ACCOMMODATION_DEPOSIT');
    case 'OWN_USE_FEE':
      return t('booking:subject.OWN_USE_FEE');
    case 'MUTUAL_USE_EXTRA_CHARGE':
      return t('booking:subject.MUTUAL_USE_EXTRA_CHARGE');
    default:
      return t('booking:subject.other');
  }
}

export function couponTypeLabel(t: TFunction, type: string): string {
  switch (type) {
    case 'CAMPAIGN':
      return t('booking:coupon.CAMPAIGN');
    case 'PARTNER':
      return t('booking:coupon.PARTNER');
    case 'REFERRAL':
      return t('booking:coupon.REFERRAL');
    default:
      return type;
  }
}

export function cardBrandLabel(t: TFunction, brand: string): string {
  switch (brand) {
    case 'VISA':
      return 'Visa';
    case 'MASTER_CARD':
      return 'Mastercard';
    case 'JCB':
      return 'JCB';
    case 'AMERICAN_EXPRESS':
      return 'American Express';
    case 'DINERS_CLUB':
      return 'Diners Club';
    default:
      return t('booking:billing.card');
  }
}
