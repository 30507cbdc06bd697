import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { Phone } from '@yado/contract/common.schema';
import { AppError } from '../../platform/app-error.js';

/**
 * Checks a phone number against the numbering plan of its country (full
 * metadata, so length and prefix are both checked) and returns it in one
 * canonical form: a Japanese "090…" typed with its trunk zero is stored as "90…".
 */
export function normalisePhone(phone: Phone, field = 'phoneNumber'): Phone {
  let parsed: ReturnType<typeof parsePhoneNumberFromString>;
  try {
    parsed = parsePhoneNumberFromString(phone.nationalNumber, { defaultCallingCode: String(phone.countryCode) });
  } catch {
    // The library throws for a calling code no country uses.
    parsed = undefined;
  }
  if (!parsed || parsed.countryCallingCode !== String(phone.countryCode) || !parsed.isValid()) {
    throw new AppError('CodeInvalidPhoneNumber', {
      fields: [{ field, description: 'not a valid number for this country calling code' }],
    });
  }
  return { countryCode: phone.countryCode, nationalNumber: String(parsed.nationalNumber) };
}

/** The E.164 form ("+819012345678") an SMS provider expects. */
export function phoneToE164(phone: Phone): string {
  return `+${phone.countryCode}${phone.nationalNumber}`;
}
