import type { GuestRegisterEntry } from '@yado/contract/booking.contract';
import type { Language } from '@yado/contract/headers';
import { COUNTRY_CODES } from '@yado/contract/reference-data';

/** One guest of the register as the form holds it (text everywhere; parsed on submit). */
export type GuestRegisterDraft = {
  fullName: string;
  countryCode: string;
  postalCode: string;
  state: string;
  city: string;
  street1: string;
  street2: string;
  phoneCountryCode: string;
  phoneNumber: string;
  emailAddress: string;
  nationalityCountryCode: string;
  passportNumber: string;
  age: string;
};

export function emptyDraft(): GuestRegisterDraft {
  return {
    fullName: '',
    countryCode: 'JP',
    postalCode: '',
    state: '',
    city: '',
    street1: '',
    street2: '',
    phoneCountryCode: '81',
    phoneNumber: '',
    emailAddress: '',
    nationalityCountryCode: 'JP',
    passportNumber: '',
    age: '',
  };
}

export function draftOf(entry: GuestRegisterEntry): GuestRegisterDraft {
  return {
    fullName: entry.fullName,
    countryCode: entry.address.countryCode || 'JP',
    postalCode: entry.address.postalCode,
    state: entry.address.state,
    city: entry.address.city,
    street1: entry.address.street1,
    street2: entry.address.street2,
    phoneCountryCode: entry.phoneNumber ? String(entry.phoneNumber.countryCode) : '81',
    phoneNumber: entry.phoneNumber?.nationalNumber ?? '',
    emailAddress: entry.emailAddress ?? '',
    nationalityCountryCode: entry.nationalityCountryCode,
    passportNumber: entry.passportNumber ?? '',
    age: entry.age === null ? '' : String(entry.age),
  };
}

/** The Hotel Business Act asks a passport number of a foreign national who has no address in Japan. */
export function needsPassport(d: Pick<GuestRegisterDraft, 'nationalityCountryCode' | 'countryCode'>): boolean {
  return d.nationalityCountryCode !== 'JP' && d.countryCode !== 'JP';
}

export type DraftField = keyof GuestRegisterDraft;
export type DraftProblem = 'required' | 'phone' | 'email' | 'age';

/** What is wrong with one guest's entry, per field (only what the API would refuse too). */
export function draftProblems(d: GuestRegisterDraft): Partial<Record<DraftField, DraftProblem>> {
  const problems: Partial<Record<DraftField, DraftProblem>> = {};
  if (!d.fullName.trim()) problems.fullName = 'required';
  if (!d.city.trim()) problems.city = 'required';
  if (!d.street1.trim()) problems.street1 = 'required';
  const digits = d.phoneNumber.replace(/[\s-]/g, '');
  if (digits && !/^[0-9]{4,15}$/.test(digits)) problems.phoneNumber = 'phone';
  if (d.emailAddress.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(d.emailAddress.trim()))
    problems.emailAddress = 'email';
  if (d.age.trim() && !/^\d{1,3}$/.test(d.age.trim())) problems.age = 'age';
  if (needsPassport(d) && !d.passportNumber.trim()) problems.passportNumber = 'required';
  return problems;
}

/** The API's entry for a valid draft. */
export function entryOf(d: GuestRegisterDraft): GuestRegisterEntry {
  const digits = d.phoneNumber.replace(/[\s-]/g, '');
  return {
    fullName: d.fullName.trim(),
    address: {
      countryCode: d.countryCode,
      postalCode: d.postalCode.trim(),
      state: d.state.trim(),
      city: d.city.trim(),
      street1: d.street1.trim(),
      street2: d.street2.trim(),
    },
    phoneNumber: digits ? { countryCode: Number(d.phoneCountryCode) || 81, nationalNumber: digits } : null,
    emailAddress: d.emailAddress.trim() || null,
    nationalityCountryCode: d.nationalityCountryCode,
    passportNumber: needsPassport(d) ? d.passportNumber.trim() : d.passportNumber.trim() || null,
    age: d.age.trim() ? Number(d.age.trim()) : null,
  };
}

/** The countries of the contract, named in the page's language. */
export function countryOptions(language: Language): { code: string; name: string }[] {
  const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
  return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
    a.name.localeCompare(b.name, language),
  );
}
