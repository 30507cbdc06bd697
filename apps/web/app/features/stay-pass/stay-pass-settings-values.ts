import type { StayPassSettings } from '@yado/contract/stay-pass.contract';

/** The staff form's values: every field as typed, the phone in two parts. */
export type StayPassSettingsFormValues = {
  wifiNetworkName: string;
  wifiPassword: string;
  houseRulesEn: string;
  houseRulesJa: string;
  phoneCountryCode: string;
  phoneNationalNumber: string;
};

export function stayPassSettingsToForm(s: StayPassSettings): StayPassSettingsFormValues {
  return {
    wifiNetworkName: s.wifiNetworkName,
    wifiPassword: s.wifiPassword,
    houseRulesEn: s.houseRulesEn,
    houseRulesJa: s.houseRulesJa,
    phoneCountryCode: s.contactPhone ? String(s.contactPhone.countryCode) : '81',
    phoneNationalNumber: s.contactPhone?.nationalNumber ?? '',
  };
}

/**
 * The contact phone the form describes: null when no number is typed (the place's number is shown
 * instead); 'invalid' when the parts are not a country code of 1–3 digits and 4–15 digits. Spaces,
 * hyphens and brackets people type between digits are dropped.
 */
export function contactPhoneOf(v: Pick<StayPassSettingsFormValues, 'phoneCountryCode' | 'phoneNationalNumber'>) {
  const number = v.phoneNationalNumber.replace(/[\s\-()]/g, '');
  if (number === '') return null;
  const country = v.phoneCountryCode.replace(/^\+/, '').trim();
  if (!/^[0-9]{1,3}$/.test(country) || Number(country) < 1 || !/^[0-9]{4,15}$/.test(number)) return 'invalid' as const;
  return { countryCode: Number(country), nationalNumber: number };
}
