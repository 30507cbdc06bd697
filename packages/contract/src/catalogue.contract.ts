import { z } from 'zod';
import { AddressSchema, CountrySchema, DateSchema, PhoneSchema, TypedIdSchema, YenSchema } from './common.schema.js';
import { specEnum } from './enum.schema.js';
import { defineMethod } from './method.js';

// Enumerations of section 3 --------------------------------------------------

export const PlaceListAudience = specEnum(['OWNER', 'GUEST']);
/** YADO is the value the specification writes as "{product}": the product's own shared houses. */
export const HouseGroupType = specEnum(['YADO', 'EXCLUSIVE', 'TEMAIRAZU_PARTNER', 'EARTHBOAT', 'MOBILITY']);
export const UsageLabel = specEnum(['ACCOMMODATION', 'TIME']);
export const PriceType = specEnum(['STANDARD', 'HIGH']);
export const UnlockOperationType = specEnum(['UNSPECIFIED', 'SMARTHOME', 'MANUAL', 'TEMAIRAZU_PARTNER']);
export const BookingType = specEnum([
  'OWN_USE',
  'MUTUAL_USE',
  'GUEST_USE',
  'GIFT_USE',
  'EXCLUSIVE_TIME_USE',
  'NFT_THE_KEY_USE',
  'EXCLUSIVE_ACCOMMODATION_USE',
  'NFT_MASTER_KEY_USE',
  'SLOTS_GIFT_USE',
  'DATED_SLOTS_GIFT_USE',
  'OTA_GUEST_USE',
  'DAO_USE',
]);
/** Which per-day shape of the availability calendar (section 3) is asked for. */
export const CalendarVariant = specEnum(['CHECKIN_CHECKOUT', 'VACANCY', 'ENABLED']);
export const SearchSort = specEnum(['PRICE_ASC', 'PRICE_DESC', 'NAME']);

/** Limits of the catalogue's inputs. */
export const CATALOGUE_LIMITS = {
  maxCalendarMonths: 18,
  maxStayNights: 30,
  maxGuests: 50,
  maxPets: 10,
  maxSeasonDays: 550,
  /** The widths every catalogue image is served in: `/media/catalogue/<id>-<width>.<jpg|webp>`. */
  imageWidths: [480, 960, 1600] as const,
} as const;

const id = TypedIdSchema;
const yen = YenSchema;
const pageSize = z.number().int().min(1).max(100).default(20);
const pageToken = z.string().max(500).default('');

// Places ---------------------------------------------------------------------

export const PlaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  prefectureName: z.string(),
  cityName: z.string(),
  phoneNumber: PhoneSchema.nullable(),
  description: z.string(),
  verticalImageUrl: z.string(),
  horizontalImageUrl: z.string(),
});
export type Place = z.infer<typeof PlaceSchema>;

export const listPlaces = defineMethod({
  path: 'list_places',
  access: 'public',
  summary: 'Places listed for the audience (OWNER or GUEST), ordered by prefecture and name, paged.',
  input: z.object({ audience: PlaceListAudience.strict.default('GUEST'), pageSize, pageToken }).strict(),
  output: z.object({ places: z.array(PlaceSchema), nextPageToken: z.string() }),
});

export const getPlace = defineMethod({
  path: 'get_place',
  access: 'public',
  summary: 'One place. 404 CodeNotFound for an unknown id.',
  input: z.object({ placeId: id }).strict(),
  output: z.object({ place: PlaceSchema }),
});

// House groups ---------------------------------------------------------------

export const HouseGroupImagesSchema = z.object({
  verticalImageUrl: z.string(),
  horizontalImageUrl: z.string(),
  squareImageUrl: z.string(),
});

export const CancellationPolicySchema = z.object({
  /** From `fromDaysBefore` days before a stay date (and closer), the fee is `percent` of that date's amount. */
  tiers: z.array(z.object({ fromDaysBefore: z.number().int().min(0), percent: z.number().int().min(0).max(100) })),
  noShowPercent: z.number().int().min(0).max(100),
});

export const AccommodationTaxBandSchema = z.object({
  /** Room-only charge per person-night, from minYen up to maxYen inclusive (null: no upper bound). */
  minYen: yen,
  maxYen: yen.nullable(),
  taxPerPersonNight: yen,
});

/** The house group in its full form, with the settings a booking reads. */
export const HouseGroupSchema = z.object({
  id: z.string(),
  placeId: z.string(),
  placeName: z.string(),
  name: z.string(),
  version: z.number().int(),
  area: z.string(),
  beds: z.number().int(),
  bathrooms: z.number().int(),
  possibleBedSharingCapacity: z.number().int(),
  verticalImageUrl: z.string(),
  horizontalImageUrl: z.string(),
  squareImageUrl: z.string(),
  type: HouseGroupType.strict,
  standardSeasonPrice: yen,
  baseCapacity: z.number().int(),
  availableBookingTypes: z.array(BookingType.strict),
  maxCapacity: z.number().int(),
  capacityDescription: z.string(),
  consentFormUrl: z.string(),
  isPetAllowed: z.boolean(),
  usageLabel: UsageLabel.strict,
  basePetCapacity: z.number().int(),
  maxPetCapacity: z.number().int(),
  ownerTimeUsePricePerHour: yen,
  membershipTimeUsePricePerHour: yen,
  minAdultCapacity: z.number().int(),
  timezone: z.string(),
  utcOffset: z.string(),
  unlockOperationType: UnlockOperationType.strict,
  mealProvidable: z.boolean(),
  /** Local times "HH:MM" in the house group's time zone. */
  checkinTime: z.string(),
  checkoutTime: z.string(),
  /** Percent of the accommodation amount, before tax (sent unrounded, e.g. 10 or 12.5). */
  serviceChargePercentage: z.number(),
  extraChargePerGuestPerNight: yen,
  cancellationPolicy: CancellationPolicySchema,
  accommodationTaxBands: z.array(AccommodationTaxBandSchema),
});
export type HouseGroup = z.infer<typeof HouseGroupSchema>;

export const HouseGroupShortSchema = z.object({
  id: z.string(),
  placeId: z.string(),
  placeName: z.string(),
  name: z.string(),
  version: z.number().int(),
  images: HouseGroupImagesSchema,
  type: HouseGroupType.strict,
  usageLabel: UsageLabel.strict,
  mealProvidable: z.boolean(),
  isPetAllowed: z.boolean(),
  timezone: z.string(),
  area: z.string(),
  prefectureName: z.string(),
  baseCapacity: z.number().int(),
  maxCapacity: z.number().int(),
  standardSeasonPrice: yen,
});
export type HouseGroupShort = z.infer<typeof HouseGroupShortSchema>;

export const HouseGroupLocationSchema = z.object({
  id: z.string(),
  name: z.string(),
  country: CountrySchema,
  area: z.string(),
  address: AddressSchema,
  conceptTitle: z.string(),
  conceptDescription: z.string(),
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  externalUrl: z.string(),
  verticalImageUrl: z.string(),
  horizontalImageUrl: z.string(),
  carouselImageUrls: z.array(z.string()),
});
export type HouseGroupLocation = z.infer<typeof HouseGroupLocationSchema>;

export const listHouseGroups = defineMethod({
  path: 'list_house_groups',
  access: 'public',
  summary: 'The house groups of a place in their short form, paged. 404 CodeNotFound for an unknown place.',
  input: z.object({ placeId: id, pageSize, pageToken }).strict(),
  output: z.object({ houseGroups: z.array(HouseGroupShortSchema), nextPageToken: z.string() }),
});

export const getHouseGroup = defineMethod({
  path: 'get_house_group',
  access: 'public',
  summary: 'A house group in its full form. 404 CodeNotFound for an unknown id.',
  input: z.object({ houseGroupId: id }).strict(),
  output: z.object({ houseGroup: HouseGroupSchema }),
});

export const getHouseGroupLocation = defineMethod({
  path: 'get_house_group_location',
  access: 'public',
  summary: 'A house group in its location form: address, concept, coordinates and carousel images.',
  input: z.object({ houseGroupId: id }).strict(),
  output: z.object({ houseGroupLocation: HouseGroupLocationSchema }),
});

// Houses -------------------------------------------------------------------

export const HouseSchema = z.object({ id: z.string(), name: z.string(), floor: z.number().int() });

/** A house as other entities (stays, bookings) refer to it. */
export const HouseReferenceSchema = z.object({
  houseId: z.string(),
  houseGroupId: z.string(),
  name: z.string(),
  placeId: z.string(),
  placeName: z.string(),
  version: z.number().int(),
  images: HouseGroupImagesSchema,
});

/** A stay as bookings show it. */
export const StayReferenceSchema = z.object({
  id: z.string(),
  houseGroup: HouseGroupShortSchema,
  house: HouseSchema,
  checkinDate: DateSchema,
  checkoutDate: DateSchema,
});

export const listHouses = defineMethod({
  path: 'list_houses',
  access: 'public',
  summary: 'The houses of a house group. 404 CodeNotFound for an unknown house group.',
  input: z.object({ houseGroupId: id }).strict(),
  output: z.object({ houses: z.array(HouseSchema) }),
});

// Availability calendar ---------------------------------------------------

export const YearMonthSchema = z.object({
  year: z.number().int().min(2000).max(2999),
  month: z.number().int().min(1).max(12),
});

export const CheckinCheckoutDaySchema = z.object({
  date: DateSchema,
  availableForCheckin: z.boolean(),
  availableForCheckout: z.boolean(),
  priceType: PriceType.strict,
});
export const VacancyDaySchema = z.object({
  date: DateSchema,
  priceType: PriceType.strict,
  vacant: z.boolean(),
  withinTargetPeriod: z.boolean(),
});
export const EnabledDaySchema = z.object({ date: DateSchema, enabled: z.boolean(), priceType: PriceType.strict });

export const getHouseGroupAvailabilityCalendar = defineMethod({
  path: 'get_house_group_availability_calendar',
  access: 'public',
  summary:
    'Per-day availability of a house group for the months from..to (at most 18), in one of three shapes: ' +
    'CHECKIN_CHECKOUT (availableForCheckin, availableForCheckout, priceType), VACANCY (vacant and withinTargetPeriod, ' +
    'the period ending at targetPeriodTo or targetPeriodDays after today) or ENABLED (enabled, priceType). ' +
    'A night is available when one of the houses is free and the day is on sale and not closed.',
  input: z
    .object({
      houseGroupId: id,
      from: YearMonthSchema,
      to: YearMonthSchema,
      variant: CalendarVariant.strict.default('CHECKIN_CHECKOUT'),
      targetPeriodTo: DateSchema.optional(),
      targetPeriodDays: z.number().int().min(1).max(800).optional(),
    })
    .strict(),
  output: z.object({
    houseGroupId: z.string(),
    variant: CalendarVariant.strict,
    timezone: z.string(),
    /** Set for VACANCY: the last date of the target period and its length in days from today. */
    targetPeriodTo: DateSchema.nullable(),
    targetPeriodDays: z.number().int().nullable(),
    months: z.array(
      z.object({
        year: z.number().int(),
        month: z.number().int(),
        days: z.array(z.union([CheckinCheckoutDaySchema, VacancyDaySchema, EnabledDaySchema])),
      }),
    ),
  }),
});

export const getSeasonPriceType = defineMethod({
  path: 'get_season_price_type',
  access: 'public',
  summary:
    'The price type (STANDARD or HIGH) and nightly price of each date from startDate to endDate inclusive that is on sale.',
  input: z.object({ houseGroupId: id, startDate: DateSchema, endDate: DateSchema }).strict(),
  output: z.object({
    days: z.array(z.object({ date: DateSchema, priceType: PriceType.strict, price: yen, closed: z.boolean() })),
  }),
});

// Stay styles ----------------------------------------------------------------

export const StayStyleSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string(),
});

export const listStayStyles = defineMethod({
  path: 'list_stay_styles',
  access: 'public',
  summary: 'Stay styles (ways to spend a stay), all of them or those of one house group.',
  input: z.object({ houseGroupId: id.optional() }).strict(),
  output: z.object({ stayStyles: z.array(StayStyleSchema) }),
});

// Search ---------------------------------------------------------------------

export const SearchResultSchema = z.object({
  houseGroup: HouseGroupShortSchema,
  /** Nights of the stay searched; 0 without dates. */
  nights: z.number().int(),
  /**
   * The accommodation total for the dates and guests: each night at its price type's price plus the
   * extra charge for guests above baseCapacity. Service charge, consumption and accommodation tax,
   * meals, options and additional pets come on top at booking. Null without dates.
   */
  totalPrice: yen.nullable(),
});

export const searchHouseGroups = defineMethod({
  path: 'search_house_groups',
  access: 'public',
  summary:
    'House groups with a house free for every night of the dates (or all, without dates) that take the guests, ' +
    'filtered by area or prefecture, type and usage label (with dates: ACCOMMODATION unless another is asked for; TIME groups are booked by the hour), sorted by price or name, paged.',
  input: z
    .object({
      area: z.string().trim().max(100).optional(),
      prefecture: z.string().trim().max(100).optional(),
      checkinDate: DateSchema.optional(),
      checkoutDate: DateSchema.optional(),
      adults: z.number().int().min(0).max(CATALOGUE_LIMITS.maxGuests).default(1),
      children: z.number().int().min(0).max(CATALOGUE_LIMITS.maxGuests).default(0),
      infants: z.number().int().min(0).max(CATALOGUE_LIMITS.maxGuests).default(0),
      pets: z.number().int().min(0).max(CATALOGUE_LIMITS.maxPets).default(0),
      type: HouseGroupType.strict.optional(),
      usageLabel: UsageLabel.strict.optional(),
      sort: SearchSort.strict.default('PRICE_ASC'),
      pageSize,
      pageToken,
    })
    .strict(),
  output: z.object({ results: z.array(SearchResultSchema), nextPageToken: z.string() }),
});

export const CATALOGUE_METHODS = [
  listPlaces,
  getPlace,
  listHouseGroups,
  getHouseGroup,
  getHouseGroupLocation,
  listHouses,
  getHouseGroupAvailabilityCalendar,
  getSeasonPriceType,
  listStayStyles,
  searchHouseGroups,
] as const;
