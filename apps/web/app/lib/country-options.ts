import type { Language } from '@yado/contract/headers';
import { COUNTRY_CODES } from '@yado/contract/reference-data';

export type CountryOption = { code: string; name: string };

/** The countries of the contract, named in the page's language and sorted as its readers expect. */
export function countryOptions(language: Language): CountryOption[] {
  const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
  return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
    a.name.localeCompare(b.name, language),
  );
}
