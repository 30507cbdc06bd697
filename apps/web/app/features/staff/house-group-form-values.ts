import { OPERATOR_TIME_ZONE } from '@yado/contract/operator-zone';
import type {
  StaffHouseGroup,
  staffCreateHouseGroup,
  staffUpdateHouseGroup,
} from '@yado/contract/staff-catalogue.contract';
import type { MethodInput } from '@yado/contract/method';
import { toNullableNumber, toNumber } from './form-errors';

export type TierRow = { fromDaysBefore: string; percent: string };
export type BandRow = { minYen: string; maxYen: string; taxPerPersonNight: string };

/** Text inputs of the house-group form, keyed by their path in the contract input. */
export const HOUSE_GROUP_TEXT_KEYS = [
  'placeId',
  'nameEn',
  'nameJa',
  'type',
  'usageLabel',
  'areaEn',
  'areaJa',
  'beds',
  'bathrooms',
  'possibleBedSharingCapacity',
  'standardSeasonPrice',
  'baseCapacity',
  'maxCapacity',
  'minAdultCapacity',
  'capacityDescriptionEn',
  'capacityDescriptionJa',
  'consentFormUrl',
  'basePetCapacity',
  'maxPetCapacity',
  'ownerTimeUsePricePerHour',
  'membershipTimeUsePricePerHour',
  'timezone',
  'unlockOperationType',
  'conceptTitleEn',
  'conceptTitleJa',
  'conceptDescriptionEn',
  'conceptDescriptionJa',
  'countryCode',
  'postalCode',
  'addressEn.state',
  'addressEn.city',
  'addressEn.street1',
  'addressEn.street2',
  'addressJa.state',
  'addressJa.city',
  'addressJa.street1',
  'addressJa.street2',
  'latitude',
  'longitude',
  'externalUrl',
  'checkinTime',
  'checkoutTime',
  'serviceChargePercentage',
  'extraChargePerGuestPerNight',
  'cancellationPolicy.noShowPercent',
  'sortOrder',
] as const;

export type HouseGroupTextKey = (typeof HOUSE_GROUP_TEXT_KEYS)[number];

/** The house-group form as staff type it: every field of the staff contract. */
export type HouseGroupFormValues = Record<HouseGroupTextKey, string> & {
  /** Only when creating: the slug of /house-groups/{id}; empty lets the server choose. */
  id: string;
  isPetAllowed: boolean;
  mealProvidable: boolean;
  availableBookingTypes: string[];
  stayStyleIds: string[];
  'cancellationPolicy.tiers': TierRow[];
  accommodationTaxBands: BandRow[];
};

/** Every key a server error can land on. */
export const HOUSE_GROUP_FORM_KEYS: readonly string[] = [
  ...HOUSE_GROUP_TEXT_KEYS,
  'id',
  'isPetAllowed',
  'mealProvidable',
  'availableBookingTypes',
  'stayStyleIds',
  'cancellationPolicy.tiers',
  'accommodationTaxBands',
];

/** Fields whose value is a number (integer or, for the service charge and coordinates, decimal). */
const NUMBER_KEYS: readonly HouseGroupTextKey[] = [
  'beds',
  'bathrooms',
  'possibleBedSharingCapacity',
  'standardSeasonPrice',
  'baseCapacity',
  'maxCapacity',
  'minAdultCapacity',
  'basePetCapacity',
  'maxPetCapacity',
  'ownerTimeUsePricePerHour',
  'membershipTimeUsePricePerHour',
  'serviceChargePercentage',
  'extraChargePerGuestPerNight',
  'cancellationPolicy.noShowPercent',
  'sortOrder',
];

const REQUIRED_KEYS: readonly HouseGroupTextKey[] = [
  'placeId',
  'nameEn',
  'nameJa',
  'timezone',
  'countryCode',
  'checkinTime',
  'checkoutTime',
  ...NUMBER_KEYS,
];

/** A new house group starts from the usual answers (Japan, 15:00–10:00, the default cancellation policy). */
export function emptyHouseGroupForm(placeId = ''): HouseGroupFormValues {
  const text = Object.fromEntries(HOUSE_GROUP_TEXT_KEYS.map((k) => [k, ''])) as Record<HouseGroupTextKey, string>;
  return {
    ...text,
    placeId,
    type: 'YADO',
    usageLabel: 'ACCOMMODATION',
    beds: '2',
    bathrooms: '1',
    possibleBedSharingCapacity: '0',
    baseCapacity: '2',
    maxCapacity: '4',
    minAdultCapacity: '1',
    basePetCapacity: '0',
    maxPetCapacity: '0',
    ownerTimeUsePricePerHour: '0',
    membershipTimeUsePricePerHour: '0',
    timezone: OPERATOR_TIME_ZONE,
    unlockOperationType: 'SMARTHOME',
    countryCode: 'JP',
    checkinTime: '15:00',
    checkoutTime: '10:00',
    serviceChargePercentage: '10',
    extraChargePerGuestPerNight: '0',
    'cancellationPolicy.noShowPercent': '100',
    sortOrder: '0',
    id: '',
    isPetAllowed: false,
    mealProvidable: false,
    availableBookingTypes: ['GUEST_USE'],
    stayStyleIds: [],
    // docs/domain.md: free until 8 days before, 30% from 7 days, 50% the day before, 80% the same day.
    'cancellationPolicy.tiers': [
      { fromDaysBefore: '7', percent: '30' },
      { fromDaysBefore: '1', percent: '50' },
      { fromDaysBefore: '0', percent: '80' },
    ],
    accommodationTaxBands: [],
  };
}

const str = (n: number | null) => (n === null ? '' : String(n));

/** The saved house group as the form shows it. */
export function houseGroupToForm(h: StaffHouseGroup): HouseGroupFormValues {
  return {
    id: h.id,
    placeId: h.placeId,
    nameEn: h.nameEn,
    nameJa: h.nameJa,
    type: h.type,
    usageLabel: h.usageLabel,
    areaEn: h.areaEn,
    areaJa: h.areaJa,
    beds: str(h.beds),
    bathrooms: str(h.bathrooms),
    possibleBedSharingCapacity: str(h.possibleBedSharingCapacity),
    standardSeasonPrice: str(h.standardSeasonPrice),
    baseCapacity: str(h.baseCapacity),
    maxCapacity: str(h.maxCapacity),
    minAdultCapacity: str(h.minAdultCapacity),
    capacityDescriptionEn: h.capacityDescriptionEn,
    capacityDescriptionJa: h.capacityDescriptionJa,
    consentFormUrl: h.consentFormUrl,
    isPetAllowed: h.isPetAllowed,
    basePetCapacity: str(h.basePetCapacity),
    maxPetCapacity: str(h.maxPetCapacity),
    ownerTimeUsePricePerHour: str(h.ownerTimeUsePricePerHour),
    membershipTimeUsePricePerHour: str(h.membershipTimeUsePricePerHour),
    timezone: h.timezone,
    unlockOperationType: h.unlockOperationType,
    mealProvidable: h.mealProvidable,
    availableBookingTypes: [...h.availableBookingTypes],
    conceptTitleEn: h.conceptTitleEn,
    conceptTitleJa: h.conceptTitleJa,
    conceptDescriptionEn: h.conceptDescriptionEn,
    conceptDescriptionJa: h.conceptDescriptionJa,
    countryCode: h.countryCode,
    postalCode: h.postalCode,
    'addressEn.state': h.addressEn.state,
    'addressEn.city': h.addressEn.city,
    'addressEn.street1': h.addressEn.street1,
    'addressEn.street2': h.addressEn.street2,
    'addressJa.state': h.addressJa.state,
    'addressJa.city': h.addressJa.city,
    'addressJa.street1': h.addressJa.street1,
    'addressJa.street2': h.addressJa.street2,
    latitude: str(h.latitude),
    longitude: str(h.longitude),
    externalUrl: h.externalUrl,
    checkinTime: h.checkinTime,
    checkoutTime: h.checkoutTime,
    serviceChargePercentage: str(h.serviceChargePercentage),
    extraChargePerGuestPerNight: str(h.extraChargePerGuestPerNight),
    'cancellationPolicy.tiers': h.cancellationPolicy.tiers.map((t) => ({
      fromDaysBefore: str(t.fromDaysBefore),
      percent: str(t.percent),
    })),
    'cancellationPolicy.noShowPercent': str(h.cancellationPolicy.noShowPercent),
    accommodationTaxBands: h.accommodationTaxBands.map((b) => ({
      minYen: str(b.minYen),
      maxYen: str(b.maxYen),
      taxPerPersonNight: str(b.taxPerPersonNight),
    })),
    sortOrder: str(h.sortOrder),
    stayStyleIds: [...h.stayStyleIds],
  };
}

type HouseGroupFields = Omit<MethodInput<typeof staffUpdateHouseGroup>, 'houseGroupId'>;

/** The form as the contract's fields: text trimmed, numbers parsed (a bad one is NaN, refused by the client check). */
export function houseGroupFields(v: HouseGroupFormValues): HouseGroupFields {
  const s = (k: HouseGroupTextKey) => v[k].trim();
  const n = (k: HouseGroupTextKey) => toNumber(v[k]);
  const address = (lang: 'En' | 'Ja') => ({
    state: s(`address${lang}.state`),
    city: s(`address${lang}.city`),
    street1: s(`address${lang}.street1`),
    street2: s(`address${lang}.street2`),
  });
  return {
    placeId: s('placeId'),
    nameEn: s('nameEn'),
    nameJa: s('nameJa'),
    type: s('type') as HouseGroupFields['type'],
    usageLabel: s('usageLabel') as HouseGroupFields['usageLabel'],
    areaEn: s('areaEn'),
    areaJa: s('areaJa'),
    beds: n('beds'),
    bathrooms: n('bathrooms'),
    possibleBedSharingCapacity: n('possibleBedSharingCapacity'),
    standardSeasonPrice: n('standardSeasonPrice'),
    baseCapacity: n('baseCapacity'),
    maxCapacity: n('maxCapacity'),
    minAdultCapacity: n('minAdultCapacity'),
    capacityDescriptionEn: s('capacityDescriptionEn'),
    capacityDescriptionJa: s('capacityDescriptionJa'),
    consentFormUrl: s('consentFormUrl'),
    isPetAllowed: v.isPetAllowed,
    basePetCapacity: n('basePetCapacity'),
    maxPetCapacity: n('maxPetCapacity'),
    ownerTimeUsePricePerHour: n('ownerTimeUsePricePerHour'),
    membershipTimeUsePricePerHour: n('membershipTimeUsePricePerHour'),
    timezone: s('timezone'),
    unlockOperationType: s('unlockOperationType') as HouseGroupFields['unlockOperationType'],
    mealProvidable: v.mealProvidable,
    availableBookingTypes: v.availableBookingTypes as HouseGroupFields['availableBookingTypes'],
    conceptTitleEn: s('conceptTitleEn'),
    conceptTitleJa: s('conceptTitleJa'),
    conceptDescriptionEn: s('conceptDescriptionEn'),
    conceptDescriptionJa: s('conceptDescriptionJa'),
    countryCode: s('countryCode').toUpperCase(),
    postalCode: s('postalCode'),
    addressEn: address('En'),
    addressJa: address('Ja'),
    latitude: toNullableNumber(v.latitude),
    longitude: toNullableNumber(v.longitude),
    externalUrl: s('externalUrl'),
    checkinTime: s('checkinTime'),
    checkoutTime: s('checkoutTime'),
    serviceChargePercentage: n('serviceChargePercentage'),
    extraChargePerGuestPerNight: n('extraChargePerGuestPerNight'),
    cancellationPolicy: {
      tiers: v['cancellationPolicy.tiers'].map((t) => ({
        fromDaysBefore: toNumber(t.fromDaysBefore),
        percent: toNumber(t.percent),
      })),
      noShowPercent: n('cancellationPolicy.noShowPercent'),
    },
    accommodationTaxBands: v.accommodationTaxBands.map((b) => ({
      minYen: toNumber(b.minYen),
      maxYen: toNullableNumber(b.maxYen),
      taxPerPersonNight: toNumber(b.taxPerPersonNight),
    })),
    sortOrder: n('sortOrder'),
    stayStyleIds: v.stayStyleIds,
  };
}

export function toCreateHouseGroupInput(v: HouseGroupFormValues): MethodInput<typeof staffCreateHouseGroup> {
  const fields = houseGroupFields(v);
  return v.id.trim() ? { ...fields, id: v.id.trim() } : fields;
}

export function toUpdateHouseGroupInput(
  houseGroupId: string,
  v: HouseGroupFormValues,
): MethodInput<typeof staffUpdateHouseGroup> {
  return { ...houseGroupFields(v), houseGroupId };
}

export type FormProblem = 'required' | 'number';

/**
 * The checks worth doing before a round trip: required fields filled and
 * numbers that parse. Ranges and the rules between fields are the server's
 * (its answer is shown per field).
 */
export function validateHouseGroupForm(v: HouseGroupFormValues): Record<string, FormProblem> {
  const problems: Record<string, FormProblem> = {};
  for (const key of REQUIRED_KEYS) if (!v[key].trim()) problems[key] = 'required';
  for (const key of NUMBER_KEYS) if (!problems[key] && Number.isNaN(toNumber(v[key]))) problems[key] = 'number';
  for (const key of ['latitude', 'longitude'] as const) {
    if (v[key].trim() && Number.isNaN(toNumber(v[key]))) problems[key] = 'number';
  }
  const badTier = v['cancellationPolicy.tiers'].some(
    (t) => Number.isNaN(toNumber(t.fromDaysBefore)) || Number.isNaN(toNumber(t.percent)),
  );
  if (badTier) problems['cancellationPolicy.tiers'] = 'number';
  const badBand = v.accommodationTaxBands.some(
    (b) =>
      Number.isNaN(toNumber(b.minYen)) ||
      Number.isNaN(toNumber(b.taxPerPersonNight)) ||
      (b.maxYen.trim() !== '' && Number.isNaN(toNumber(b.maxYen))),
  );
  if (badBand) problems['accommodationTaxBands'] = 'number';
  return problems;
}
