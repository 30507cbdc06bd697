import type { StaffHouseGroup } from '@yado/contract/staff-catalogue.contract';
import { staffUpdateHouseGroup } from '@yado/contract/staff-catalogue.contract';
import { describe, expect, it } from 'vitest';
import {
  emptyHouseGroupForm,
  houseGroupToForm,
  toCreateHouseGroupInput,
  toUpdateHouseGroupInput,
  validateHouseGroupForm,
} from './house-group-form-values';

const stamp = { year: 2026, month: 1, day: 1, hours: 0, minutes: 0, seconds: 0, nanos: 0, utcOffset: '+00:00' };

const saved: StaffHouseGroup = {
  id: 'hg-a',
  placeId: 'place-a',
  version: 3,
  nameEn: 'Villa',
  nameJa: 'ヴィラ',
  type: 'YADO',
  usageLabel: 'ACCOMMODATION',
  areaEn: 'Hakone',
  areaJa: '箱根',
  beds: 3,
  bathrooms: 1,
  possibleBedSharingCapacity: 1,
  standardSeasonPrice: 32000,
  baseCapacity: 2,
  maxCapacity: 6,
  minAdultCapacity: 1,
  capacityDescriptionEn: '',
  capacityDescriptionJa: '',
  consentFormUrl: '',
  isPetAllowed: true,
  basePetCapacity: 1,
  maxPetCapacity: 2,
  ownerTimeUsePricePerHour: 0,
  membershipTimeUsePricePerHour: 0,
  timezone: 'Asia/Tokyo',
  utcOffset: '+09:00',
  unlockOperationType: 'SMARTHOME',
  mealProvidable: true,
  availableBookingTypes: ['GUEST_USE', 'OWN_USE'],
  conceptTitleEn: 'Wind',
  conceptTitleJa: '風',
  conceptDescriptionEn: '',
  conceptDescriptionJa: '',
  countryCode: 'JP',
  postalCode: '250-0631',
  addressEn: { state: 'Kanagawa', city: 'Hakone', street1: '1-1', street2: '' },
  addressJa: { state: '神奈川県', city: '箱根町', street1: '1-1', street2: '' },
  latitude: 35.2,
  longitude: null,
  externalUrl: '',
  checkinTime: '15:00',
  checkoutTime: '10:00',
  serviceChargePercentage: 12.5,
  extraChargePerGuestPerNight: 3000,
  cancellationPolicy: { tiers: [{ fromDaysBefore: 7, percent: 30 }], noShowPercent: 100 },
  accommodationTaxBands: [{ minYen: 0, maxYen: 9999, taxPerPersonNight: 100 }],
  sortOrder: 2,
  stayStyleIds: ['style-onsen'],
  verticalImageUrl: '',
  horizontalImageUrl: '',
  squareImageUrl: '',
  carouselImageUrls: [],
  houses: [],
  createdAt: stamp,
  updatedAt: stamp,
};

describe('house-group form ↔ contract', () => {
  it('round-trips every editable field of a saved house group', () => {
    const input = toUpdateHouseGroupInput('hg-a', houseGroupToForm(saved));
    const parsed = staffUpdateHouseGroup.input.parse(input);
    const {
      id,
      version,
      utcOffset,
      verticalImageUrl,
      horizontalImageUrl,
      squareImageUrl,
      carouselImageUrls,
      houses,
      createdAt,
      updatedAt,
      ...fields
    } = saved;
    void [
      id,
      version,
      utcOffset,
      verticalImageUrl,
      horizontalImageUrl,
      squareImageUrl,
      carouselImageUrls,
      houses,
      createdAt,
      updatedAt,
    ];
    expect(parsed).toEqual({ ...fields, houseGroupId: 'hg-a' });
  });

  it('sends empty coordinates and an open-ended tax band as null', () => {
    const form = houseGroupToForm(saved);
    form.latitude = '';
    form.accommodationTaxBands = [{ minYen: '10000', maxYen: '', taxPerPersonNight: '200' }];
    const input = toUpdateHouseGroupInput('hg-a', form);
    expect(input.latitude).toBeNull();
    expect(input.accommodationTaxBands).toEqual([{ minYen: 10000, maxYen: null, taxPerPersonNight: 200 }]);
  });

  it('adds the chosen id only when creating with one', () => {
    const form = { ...emptyHouseGroupForm('place-a'), nameEn: 'A', nameJa: 'A', standardSeasonPrice: '20000' };
    expect('id' in toCreateHouseGroupInput(form)).toBe(false);
    expect(toCreateHouseGroupInput({ ...form, id: 'hg-new' }).id).toBe('hg-new');
  });

  it('asks for required fields and numbers before sending', () => {
    const form = { ...emptyHouseGroupForm('place-a'), nameEn: 'A', beds: 'two' };
    expect(validateHouseGroupForm(form)).toEqual({
      nameJa: 'required',
      standardSeasonPrice: 'required',
      beds: 'number',
    });
  });
});
