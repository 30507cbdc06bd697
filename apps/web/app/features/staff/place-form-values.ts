import type { MethodInput } from '@yado/contract/method';
import type { StaffPlace, staffCreatePlace, staffUpdatePlace } from '@yado/contract/staff-catalogue.contract';
import { normalisePhoneDigits } from './phone-digits';

export type PlaceFormValues = {
  id: string;
  nameEn: string;
  nameJa: string;
  prefectureEn: string;
  prefectureJa: string;
  cityEn: string;
  cityJa: string;
  'phoneNumber.countryCode': string;
  'phoneNumber.nationalNumber': string;
  descriptionEn: string;
  descriptionJa: string;
  audiences: string[];
};

export const PLACE_FORM_KEYS: readonly string[] = [
  'id',
  'nameEn',
  'nameJa',
  'prefectureEn',
  'prefectureJa',
  'cityEn',
  'cityJa',
  'phoneNumber.countryCode',
  'phoneNumber.nationalNumber',
  'descriptionEn',
  'descriptionJa',
  'audiences',
];

export function emptyPlaceForm(): PlaceFormValues {
  return {
    id: '',
    nameEn: '',
    nameJa: '',
    prefectureEn: '',
    prefectureJa: '',
    cityEn: '',
    cityJa: '',
    'phoneNumber.countryCode': '81',
    'phoneNumber.nationalNumber': '',
    descriptionEn: '',
    descriptionJa: '',
    audiences: ['GUEST'],
  };
}

export function placeToForm(p: StaffPlace): PlaceFormValues {
  return {
    id: p.id,
    nameEn: p.nameEn,
    nameJa: p.nameJa,
    prefectureEn: p.prefectureEn,
    prefectureJa: p.prefectureJa,
    cityEn: p.cityEn,
    cityJa: p.cityJa,
    'phoneNumber.countryCode': p.phoneNumber ? String(p.phoneNumber.countryCode) : '81',
    'phoneNumber.nationalNumber': p.phoneNumber?.nationalNumber ?? '',
    descriptionEn: p.descriptionEn,
    descriptionJa: p.descriptionJa,
    audiences: [...p.audiences],
  };
}

type PlaceFields = Omit<MethodInput<typeof staffUpdatePlace>, 'placeId'>;

/** The form as the contract's fields; no national number means no phone. */
export function placeFields(v: PlaceFormValues): PlaceFields {
  const national = normalisePhoneDigits(v['phoneNumber.nationalNumber']);
  return {
    nameEn: v.nameEn.trim(),
    nameJa: v.nameJa.trim(),
    prefectureEn: v.prefectureEn.trim(),
    prefectureJa: v.prefectureJa.trim(),
    cityEn: v.cityEn.trim(),
    cityJa: v.cityJa.trim(),
    phoneNumber: national
      ? { countryCode: Number(v['phoneNumber.countryCode'].trim() || 'NaN'), nationalNumber: national }
      : null,
    descriptionEn: v.descriptionEn.trim(),
    descriptionJa: v.descriptionJa.trim(),
    audiences: v.audiences as PlaceFields['audiences'],
  };
}

export function toCreatePlaceInput(v: PlaceFormValues): MethodInput<typeof staffCreatePlace> {
  const fields = placeFields(v);
  return v.id.trim() ? { ...fields, id: v.id.trim() } : fields;
}

export function toUpdatePlaceInput(placeId: string, v: PlaceFormValues): MethodInput<typeof staffUpdatePlace> {
  return { ...placeFields(v), placeId };
}

export function validatePlaceForm(v: PlaceFormValues): Record<string, 'required'> {
  const problems: Record<string, 'required'> = {};
  for (const key of ['nameEn', 'nameJa', 'prefectureEn', 'prefectureJa', 'cityEn', 'cityJa'] as const) {
    if (!v[key].trim()) problems[key] = 'required';
  }
  if (v.audiences.length === 0) problems['audiences'] = 'required';
  return problems;
}
