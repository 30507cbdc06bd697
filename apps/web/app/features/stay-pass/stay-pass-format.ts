import type { Phone } from '@yado/contract/common.schema';
import type { StayPass } from '@yado/contract/stay-pass.contract';

/**
 * A phone number as a person there dials it: in Japan the national form with its trunk 0 (numbers
 * are stored with or without it), elsewhere +country and number.
 */
export function phoneText(phone: Phone): string {
  if (phone.countryCode !== 81) return `+${phone.countryCode} ${phone.nationalNumber}`;
  return phone.nationalNumber.startsWith('0') ? phone.nationalNumber : `0${phone.nationalNumber}`;
}

/** The number for a tel: link: international, without the trunk 0. */
export function phoneHref(phone: Phone): string {
  return `tel:+${phone.countryCode}${phone.nationalNumber.replace(/^0/, '')}`;
}

/** The address on lines, in the order of its language (Japanese from the prefecture down). */
export function addressLines(pass: Pick<StayPass, 'address'>, language: 'en' | 'ja'): string[] {
  const a = pass.address;
  if (language === 'ja') {
    return [a.postalCode ? `〒${a.postalCode}` : '', `${a.state}${a.city}${a.street1}`, a.street2].filter(Boolean);
  }
  return [
    [a.street1, a.street2].filter(Boolean).join(', '),
    [a.city, a.state].filter(Boolean).join(', '),
    a.postalCode,
  ].filter(Boolean);
}

/** A map at the house (OpenStreetMap), or null without coordinates. */
export function mapHref(pass: Pick<StayPass, 'latitude' | 'longitude'>): string | null {
  if (pass.latitude === null || pass.longitude === null) return null;
  return `https://www.openstreetmap.org/?mlat=${pass.latitude}&mlon=${pass.longitude}#map=17/${pass.latitude}/${pass.longitude}`;
}
