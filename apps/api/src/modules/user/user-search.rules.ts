/**
 * What staff typed into the guest search, read the way a front desk means it.
 *
 * - a booking number ("B1000001"): the guest of that booking;
 * - digits with phone punctuation ("090-1234-5678", "+81 90 1234 5678",
 *   "10000001"): a user number exactly, or part of a phone number;
 * - anything else: words, each of which must match part of a name (either
 *   script, family name first or not), a romanized name or the email address.
 */
export type UserSearch =
  | { kind: 'booking'; bookingNumber: string }
  | {
      kind: 'number';
      /** Every digit typed, for the user number. */
      digits: string;
      /** The national number part to look for in phone numbers ('' when too short to mean anything). */
      phone: string;
      /** The country calling code typed after a '+', when there was one. */
      countryCode: number | null;
    }
  | { kind: 'words'; words: string[] };

/** Below this many digits a phone fragment matches almost everyone. */
const MIN_PHONE_DIGITS = 4;
/** More words than this add nothing a guest would say at a desk. */
const MAX_WORDS = 5;

/** Calling codes are 1 to 3 digits; the ones the houses' guests use most are tried first. */
const COMMON_CALLING_CODES = ['81', '1', '82', '86', '886', '852', '65', '66', '61', '44', '33', '49'];

export function parseUserSearch(query: string): UserSearch {
  // Full-width digits and letters (typed with a Japanese input method) become ASCII; the ideographic space a space.
  const text = query.normalize('NFKC').trim();
  if (/^B\d{3,}$/i.test(text)) return { kind: 'booking', bookingNumber: text.toUpperCase() };
  if (/^\+?[\d\s().-]+$/.test(text) && /\d/.test(text)) {
    const digits = text.replace(/\D/g, '');
    let national = digits;
    let countryCode: number | null = null;
    if (text.startsWith('+')) {
      const code = COMMON_CALLING_CODES.find((c) => digits.startsWith(c) && digits.length > c.length);
      if (code) {
        countryCode = Number(code);
        national = digits.slice(code.length);
      }
    }
    // Stored numbers have no trunk 0 ("090…" is kept as "90…").
    national = national.replace(/^0+/, '');
    return { kind: 'number', digits, phone: national.length >= MIN_PHONE_DIGITS ? national : '', countryCode };
  }
  const words = [...new Set(text.toLowerCase().split(/\s+/).filter(Boolean))].slice(0, MAX_WORDS);
  return { kind: 'words', words };
}

/** LIKE's own wildcards in a search text are escaped, so the text is matched as typed. */
export const likeFragment = (text: string): string => `%${text.replace(/[\\%_]/g, '\\$&')}%`;
