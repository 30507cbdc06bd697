import type { HouseGroup, HouseGroupLocation, HouseGroupShort, Place } from '@yado/contract/catalogue.contract';
import { CATALOGUE_LIMITS } from '@yado/contract/catalogue.contract';
import type { CivilDate } from '@yado/contract/common.schema';
import type { Language } from '@yado/contract/headers';
import { AppError } from '../../platform/app-error.js';
import type { Deps } from '../../platform/deps.js';
import { checkinCheckoutDays, enabledDays, vacancyDays } from './calendar.rules.js';
import {
  addDays,
  civilFromIso,
  daysBetween,
  addMonths,
  firstOfMonth,
  monthOf,
  monthsBetween,
  realIsoFromCivil,
  todayIn,
  type IsoDate,
} from '@yado/contract/civil-date';
import * as repo from './catalogue.repo.js';
import { decodePageToken, encodePageToken, queryFingerprint } from './page-token.js';

// The capacity rules the booking quote checks a headcount with.
export { capacityIssues, type CapacityRules } from './price.rules.js';

type DbDeps = Pick<Deps, 'db' | 'clock'>;

const notFound = (field: string) => new AppError('CodeNotFound', { fields: [{ field, description: 'no such id' }] });
export const invalid = (field: string, description: string) =>
  new AppError('CodeInvalidArgument', { fields: [{ field, description }] });

/** A contract date as a civil date, or 400 naming the field when it is no real date (31 April). */
export function requireIsoDate(field: string, d: CivilDate): IsoDate {
  const iso = realIsoFromCivil(d);
  if (!iso) throw invalid(field, 'not a calendar date');
  return iso;
}

const regionNames = {
  en: new Intl.DisplayNames(['en'], { type: 'region' }),
  ja: new Intl.DisplayNames(['ja'], { type: 'region' }),
};

// Mappers ---------------------------------------------------------------------

export function toPlace(r: repo.PlaceRow): Place {
  return {
    id: r.id,
    name: r.name,
    prefectureName: r.prefecture_name,
    cityName: r.city_name,
    phoneNumber: r.phone_national_number
      ? { countryCode: r.phone_country_code, nationalNumber: r.phone_national_number }
      : null,
    description: r.description,
    verticalImageUrl: r.vertical_image_url,
    horizontalImageUrl: r.horizontal_image_url,
  };
}

export function toHouseGroup(r: repo.HouseGroupRow): HouseGroup {
  return {
    id: r.id,
    placeId: r.place_id,
    placeName: r.place_name,
    name: r.name,
    version: r.version,
    area: r.area,
    beds: r.beds,
    bathrooms: r.bathrooms,
    possibleBedSharingCapacity: r.possible_bed_sharing_capacity,
    verticalImageUrl: r.vertical_image_url,
    horizontalImageUrl: r.horizontal_image_url,
    squareImageUrl: r.square_image_url,
    type: r.type,
    standardSeasonPrice: Number(r.standard_season_price),
    baseCapacity: r.base_capacity,
    availableBookingTypes: r.available_booking_types as HouseGroup['availableBookingTypes'],
    maxCapacity: r.max_capacity,
    capacityDescription: r.capacity_description,
    consentFormUrl: r.consent_form_url,
    isPetAllowed: r.is_pet_allowed,
    usageLabel: r.usage_label,
    basePetCapacity: r.base_pet_capacity,
    maxPetCapacity: r.max_pet_capacity,
    ownerTimeUsePricePerHour: Number(r.owner_time_use_price_per_hour),
    membershipTimeUsePricePerHour: Number(r.membership_time_use_price_per_hour),
    minAdultCapacity: r.min_adult_capacity,
    timezone: r.timezone,
    utcOffset: r.utc_offset,
    unlockOperationType: r.unlock_operation_type,
    mealProvidable: r.meal_providable,
    checkinTime: r.checkin_time,
    checkoutTime: r.checkout_time,
    serviceChargePercentage: Number(r.service_charge_percentage),
    extraChargePerGuestPerNight: Number(r.extra_charge_per_guest_per_night),
    cancellationPolicy: r.cancellation_policy,
    accommodationTaxBands: r.accommodation_tax_bands,
  };
}

export function toHouseGroupShort(r: repo.HouseGroupShortRow): HouseGroupShort {
  return {
    id: r.id,
    placeId: r.place_id,
    placeName: r.place_name,
    name: r.name,
    version: r.version,
    images: {
      verticalImageUrl: r.vertical_image_url,
      horizontalImageUrl: r.horizontal_image_url,
      squareImageUrl: r.square_image_url,
    },
    type: r.type,
    usageLabel: r.usage_label,
    mealProvidable: r.meal_providable,
    isPetAllowed: r.is_pet_allowed,
    timezone: r.timezone,
    area: r.area,
    prefectureName: r.prefecture_name,
    baseCapacity: r.base_capacity,
    maxCapacity: r.max_capacity,
    standardSeasonPrice: Number(r.standard_season_price),
  };
}

export function toHouseGroupLocation(r: repo.HouseGroupRow, language: Language): HouseGroupLocation {
  return {
    id: r.id,
    name: r.name,
    country: { code: r.country_code, name: regionNames[language].of(r.country_code) ?? r.country_code },
    area: r.area,
    address: {
      countryCode: r.country_code,
      postalCode: r.postal_code,
      state: r.address.state ?? '',
      city: r.address.city ?? '',
      street1: r.address.street1 ?? '',
      street2: r.address.street2 ?? '',
    },
    conceptTitle: r.concept_title,
    conceptDescription: r.concept_description,
    // NUMERIC arrives as a string; coordinates are sent unrounded (spec, section 3).
    latitude: r.latitude === null ? null : Number(r.latitude),
    longitude: r.longitude === null ? null : Number(r.longitude),
    externalUrl: r.external_url,
    verticalImageUrl: r.vertical_image_url,
    horizontalImageUrl: r.horizontal_image_url,
    carouselImageUrls: r.carousel_image_urls,
  };
}

// Places ------------------------------------------------------------------------

export async function listPlaces(
  deps: DbDeps,
  language: Language,
  input: { audience: 'OWNER' | 'GUEST'; pageSize: number; pageToken: string },
) {
  const query = queryFingerprint(['list_places', language, input.audience]);
  const cursor = decodePageToken(input.pageToken, query);
  const after =
    cursor && typeof cursor.k === 'string' && typeof cursor.k2 === 'string'
      ? { prefectureName: cursor.k, name: cursor.k2, id: cursor.id }
      : null;
  if (cursor && !after) throw invalid('pageToken', 'not a page token of this query');
  const rows = await repo.listPlaces(deps.db, language, input.audience, after, input.pageSize + 1);
  const page = rows.slice(0, input.pageSize);
  const last = page.at(-1);
  return {
    places: page.map(toPlace),
    nextPageToken:
      rows.length > input.pageSize && last
        ? encodePageToken(query, { k: last.prefecture_name, k2: last.name, id: last.id })
        : '',
  };
}

export async function getPlace(deps: DbDeps, language: Language, placeId: string) {
  const row = await repo.findPlace(deps.db, language, placeId);
  if (!row) throw notFound('placeId');
  return { place: toPlace(row) };
}

// House groups and houses ---------------------------------------------------------

export async function listHouseGroups(
  deps: DbDeps,
  language: Language,
  input: { placeId: string; pageSize: number; pageToken: string },
) {
  const query = queryFingerprint(['list_house_groups', input.placeId]);
  const cursor = decodePageToken(input.pageToken, query);
  if (cursor && typeof cursor.k !== 'number') throw invalid('pageToken', 'not a page token of this query');
  if (!cursor && !(await repo.placeExists(deps.db, input.placeId))) throw notFound('placeId');
  const after = cursor ? { sortOrder: cursor.k as number, id: cursor.id } : null;
  const rows = await repo.listHouseGroupsOfPlace(deps.db, language, input.placeId, after, input.pageSize + 1);
  const page = rows.slice(0, input.pageSize);
  const last = page.at(-1);
  return {
    houseGroups: page.map(toHouseGroupShort),
    nextPageToken:
      rows.length > input.pageSize && last ? encodePageToken(query, { k: last.sort_order, id: last.id }) : '',
  };
}

async function requireHouseGroupRow(deps: DbDeps, language: Language, id: string) {
  const row = await repo.findHouseGroup(deps.db, language, id);
  if (!row) throw notFound('houseGroupId');
  return row;
}

export async function getHouseGroup(deps: DbDeps, language: Language, houseGroupId: string) {
  return { houseGroup: toHouseGroup(await requireHouseGroupRow(deps, language, houseGroupId)) };
}

export async function getHouseGroupLocation(deps: DbDeps, language: Language, houseGroupId: string) {
  return {
    houseGroupLocation: toHouseGroupLocation(await requireHouseGroupRow(deps, language, houseGroupId), language),
  };
}

export async function listHouses(deps: DbDeps, language: Language, houseGroupId: string) {
  const houses = await repo.listHouses(deps.db, language, houseGroupId);
  if (houses.length === 0 && !(await repo.houseGroupExists(deps.db, houseGroupId))) throw notFound('houseGroupId');
  return { houses };
}

// Calendars ---------------------------------------------------------------------

type YearMonth = { year: number; month: number };

export async function getAvailabilityCalendar(
  deps: DbDeps,
  input: {
    houseGroupId: string;
    from: YearMonth;
    to: YearMonth;
    variant: 'CHECKIN_CHECKOUT' | 'VACANCY' | 'ENABLED';
    targetPeriodTo?: CivilDate | undefined;
    targetPeriodDays?: number | undefined;
  },
) {
  const months = monthsBetween(input.from, input.to) + 1;
  if (months < 1) throw invalid('to', 'before from');
  if (months > CATALOGUE_LIMITS.maxCalendarMonths) {
    throw invalid('to', `at most ${CATALOGUE_LIMITS.maxCalendarMonths} months from from`);
  }
  if (input.variant !== 'VACANCY' && (input.targetPeriodTo || input.targetPeriodDays)) {
    throw invalid('variant', 'targetPeriodTo and targetPeriodDays belong to the VACANCY variant');
  }
  if (input.targetPeriodTo && input.targetPeriodDays) {
    throw invalid('targetPeriodDays', 'give either targetPeriodTo or targetPeriodDays');
  }
  const targetTo = input.targetPeriodTo ? requireIsoDate('targetPeriodTo', input.targetPeriodTo) : null;

  const from = firstOfMonth(input.from);
  const to = firstOfMonth(addMonths(input.to, 1));
  // The night before `from` decides whether `from` is available for check-out.
  const data = await repo.calendarData(deps.db, input.houseGroupId, addDays(from, -1), to);
  if (!data) throw notFound('houseGroupId');
  const today = todayIn(data.timezone, deps.clock.now());
  const base = { from, to, today, days: data.days, houseIds: data.houseIds, stays: data.stays };

  let days: Array<{ date: IsoDate } & Record<string, unknown>>;
  let targetPeriodTo: IsoDate | null = null;
  if (input.variant === 'CHECKIN_CHECKOUT') days = checkinCheckoutDays(base);
  else if (input.variant === 'ENABLED') days = enabledDays(base);
  else {
    // Without a target, the period runs to the end of the months shown.
    targetPeriodTo = targetTo ?? (input.targetPeriodDays ? addDays(today, input.targetPeriodDays) : addDays(to, -1));
    days = vacancyDays({ ...base, targetPeriodTo });
  }

  const byMonth = new Map<string, { year: number; month: number; days: unknown[] }>();
  for (const d of days) {
    const key = d.date.slice(0, 7);
    let m = byMonth.get(key);
    if (!m) byMonth.set(key, (m = { ...monthOf(key), days: [] }));
    m.days.push({ ...d, date: civilFromIso(d.date) });
  }
  return {
    houseGroupId: input.houseGroupId,
    variant: input.variant,
    timezone: data.timezone,
    targetPeriodTo: targetPeriodTo ? civilFromIso(targetPeriodTo) : null,
    targetPeriodDays: targetPeriodTo ? daysBetween(today, targetPeriodTo) : null,
    months: [...byMonth.values()] as never,
  };
}

export async function getSeasonPriceType(
  deps: DbDeps,
  input: { houseGroupId: string; startDate: CivilDate; endDate: CivilDate },
) {
  const start = requireIsoDate('startDate', input.startDate);
  const end = requireIsoDate('endDate', input.endDate);
  if (end < start) throw invalid('endDate', 'before startDate');
  if (daysBetween(start, end) >= CATALOGUE_LIMITS.maxSeasonDays) {
    throw invalid('endDate', `at most ${CATALOGUE_LIMITS.maxSeasonDays} days after startDate`);
  }
  const rows = await repo.seasonDays(deps.db, input.houseGroupId, start, end);
  if (rows.length === 0 && !(await repo.houseGroupExists(deps.db, input.houseGroupId))) throw notFound('houseGroupId');
  return {
    days: rows.map((r) => ({
      date: civilFromIso(r.date),
      priceType: r.price_type,
      price: Number(r.price),
      closed: r.closed,
    })),
  };
}

// Stay styles -------------------------------------------------------------------

export async function listStayStyles(deps: DbDeps, language: Language, houseGroupId: string | undefined) {
  if (houseGroupId && !(await repo.houseGroupExists(deps.db, houseGroupId))) throw notFound('houseGroupId');
  const rows = await repo.listStayStyles(deps.db, language, houseGroupId ?? null);
  return {
    stayStyles: rows.map((r) => ({ id: r.id, name: r.name, description: r.description, imageUrl: r.image_url })),
  };
}
