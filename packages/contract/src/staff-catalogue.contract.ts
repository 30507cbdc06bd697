import { z } from 'zod';
import {
  AccommodationTaxBandSchema,
  BookingType,
  CancellationPolicySchema,
  CATALOGUE_LIMITS,
  HouseGroupType,
  PlaceListAudience,
  PriceType,
  UsageLabel,
} from './catalogue.contract.js';
import {
  DateSchema,
  DateTimeSchema,
  PageRequestSchema,
  PhoneSchema,
  PriceYenSchema,
  TypedIdSchema,
} from './common.schema.js';
import { defineMethod } from './method.js';

/**
 * The staff console's methods: the catalogue in both languages, images,
 * season calendars and the audit trail. Every change is audited with who,
 * when, and the entity before and after.
 */

const id = TypedIdSchema;
/** Ids staff choose become page addresses (/places/{id}), so they are short lowercase slugs. */
const slug = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{2,62}$/, '3 to 63 lowercase letters, digits or "-"');
const text = (max: number) => z.string().trim().max(max);
const name = z.string().trim().min(1).max(100);
const yen = PriceYenSchema.max(100_000_000);
const count = z.number().int().min(0).max(1000);
const localTime = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'HH:MM');
const url = z.union([z.literal(''), z.url().max(500), z.string().regex(/^\/[^\s]{0,499}$/, 'a URL or a site path')]);

// Places ------------------------------------------------------------------------

const PlaceFieldsSchema = z.object({
  nameEn: name,
  nameJa: name,
  prefectureEn: name,
  prefectureJa: name,
  cityEn: name,
  cityJa: name,
  phoneNumber: PhoneSchema.nullable().default(null),
  descriptionEn: text(5000).default(''),
  descriptionJa: text(5000).default(''),
  /** Who the place is listed for (list_places audience). */
  audiences: z.array(PlaceListAudience.strict).min(1).max(2),
});

export const StaffPlaceSchema = z.object({
  id: z.string(),
  nameEn: z.string(),
  nameJa: z.string(),
  prefectureEn: z.string(),
  prefectureJa: z.string(),
  cityEn: z.string(),
  cityJa: z.string(),
  phoneNumber: PhoneSchema.nullable(),
  descriptionEn: z.string(),
  descriptionJa: z.string(),
  audiences: z.array(PlaceListAudience.strict),
  verticalImageUrl: z.string(),
  horizontalImageUrl: z.string(),
  houseGroupCount: z.number().int(),
  createdAt: DateTimeSchema,
  updatedAt: DateTimeSchema,
});
export type StaffPlace = z.infer<typeof StaffPlaceSchema>;

export const staffCreatePlace = defineMethod({
  path: 'staff_create_place',
  access: 'staff',
  summary:
    'Creates a place; `id` (a slug for /places/{id}) is generated when left out. 409 CodeCatalogueIdTaken. Audited.',
  input: PlaceFieldsSchema.extend({ id: slug.optional() }).strict(),
  output: StaffPlaceSchema,
});

export const staffUpdatePlace = defineMethod({
  path: 'staff_update_place',
  access: 'staff',
  summary: 'Replaces every field of a place (images are attached separately). Audited with before and after.',
  input: PlaceFieldsSchema.extend({ placeId: id }).strict(),
  output: StaffPlaceSchema,
});

export const staffGetPlace = defineMethod({
  path: 'staff_get_place',
  access: 'staff',
  summary: 'A place in both languages, for the edit form. 404 CodeNotFound.',
  input: z.object({ placeId: id }).strict(),
  output: StaffPlaceSchema,
});

export const staffListPlaces = defineMethod({
  path: 'staff_list_places',
  access: 'staff',
  summary: 'Every place, by English prefecture and name, optionally filtered by a name or prefecture substring. Paged.',
  input: PageRequestSchema.extend({ query: text(100).default('') }).strict(),
  output: z.object({ places: z.array(StaffPlaceSchema), nextPageToken: z.string() }),
});

// House groups -----------------------------------------------------------------

const AddressLinesSchema = z.object({
  state: text(100).default(''),
  city: text(100).default(''),
  street1: text(200).default(''),
  street2: text(200).default(''),
});

const HouseGroupFieldsSchema = z.object({
  placeId: id,
  nameEn: name,
  nameJa: name,
  type: HouseGroupType.strict,
  usageLabel: UsageLabel.strict,
  areaEn: text(100).default(''),
  areaJa: text(100).default(''),
  beds: count,
  bathrooms: count,
  possibleBedSharingCapacity: count,
  /** The nightly price of an ordinary STANDARD night, shown where no dates are chosen; the default of new calendar days. */
  standardSeasonPrice: yen,
  baseCapacity: z.number().int().min(1).max(CATALOGUE_LIMITS.maxGuests),
  maxCapacity: z.number().int().min(1).max(CATALOGUE_LIMITS.maxGuests),
  minAdultCapacity: z.number().int().min(1).max(CATALOGUE_LIMITS.maxGuests),
  capacityDescriptionEn: text(1000).default(''),
  capacityDescriptionJa: text(1000).default(''),
  consentFormUrl: url.default(''),
  isPetAllowed: z.boolean(),
  basePetCapacity: z.number().int().min(0).max(CATALOGUE_LIMITS.maxPets),
  maxPetCapacity: z.number().int().min(0).max(CATALOGUE_LIMITS.maxPets),
  ownerTimeUsePricePerHour: yen,
  membershipTimeUsePricePerHour: yen,
  /** An IANA time zone; the UTC offset sent with the house group is derived from it. */
  timezone: z.string().min(1).max(64),
  unlockOperationType: z.enum(['SMARTHOME', 'MANUAL', 'TEMAIRAZU_PARTNER']),
  mealProvidable: z.boolean(),
  availableBookingTypes: z.array(BookingType.strict).max(12),
  conceptTitleEn: text(200).default(''),
  conceptTitleJa: text(200).default(''),
  conceptDescriptionEn: text(5000).default(''),
  conceptDescriptionJa: text(5000).default(''),
  countryCode: z.string().regex(/^[A-Z]{2}$/, 'ISO 3166 alpha-2'),
  postalCode: text(16).default(''),
  addressEn: AddressLinesSchema,
  addressJa: AddressLinesSchema,
  latitude: z.number().min(-90).max(90).nullable(),
  longitude: z.number().min(-180).max(180).nullable(),
  externalUrl: url.default(''),
  checkinTime: localTime,
  checkoutTime: localTime,
  serviceChargePercentage: z.number().min(0).max(100).multipleOf(0.01),
  extraChargePerGuestPerNight: yen,
  cancellationPolicy: CancellationPolicySchema,
  accommodationTaxBands: z.array(AccommodationTaxBandSchema).max(20),
  /** Order among the place's house groups (lower first). */
  sortOrder: z.number().int().min(-1_000_000).max(1_000_000).default(0),
  stayStyleIds: z.array(id).max(50).default([]),
});

const AddressLinesOutSchema = z.object({
  state: z.string(),
  city: z.string(),
  street1: z.string(),
  street2: z.string(),
});

export const StaffHouseSchema = z.object({
  id: z.string(),
  houseGroupId: z.string(),
  nameEn: z.string(),
  nameJa: z.string(),
  floor: z.number().int(),
  /** Set when the house was removed but is kept for the stays it already had. */
  retired: z.boolean(),
});
export type StaffHouse = z.infer<typeof StaffHouseSchema>;

export const StaffHouseGroupSchema = z.object({
  id: z.string(),
  placeId: z.string(),
  version: z.number().int(),
  nameEn: z.string(),
  nameJa: z.string(),
  type: HouseGroupType.strict,
  usageLabel: UsageLabel.strict,
  areaEn: z.string(),
  areaJa: z.string(),
  beds: z.number().int(),
  bathrooms: z.number().int(),
  possibleBedSharingCapacity: z.number().int(),
  standardSeasonPrice: z.number().int(),
  baseCapacity: z.number().int(),
  maxCapacity: z.number().int(),
  minAdultCapacity: z.number().int(),
  capacityDescriptionEn: z.string(),
  capacityDescriptionJa: z.string(),
  consentFormUrl: z.string(),
  isPetAllowed: z.boolean(),
  basePetCapacity: z.number().int(),
  maxPetCapacity: z.number().int(),
  ownerTimeUsePricePerHour: z.number().int(),
  membershipTimeUsePricePerHour: z.number().int(),
  timezone: z.string(),
  utcOffset: z.string(),
  unlockOperationType: z.enum(['SMARTHOME', 'MANUAL', 'TEMAIRAZU_PARTNER']),
  mealProvidable: z.boolean(),
  availableBookingTypes: z.array(BookingType.strict),
  conceptTitleEn: z.string(),
  conceptTitleJa: z.string(),
  conceptDescriptionEn: z.string(),
  conceptDescriptionJa: z.string(),
  countryCode: z.string(),
  postalCode: z.string(),
  addressEn: AddressLinesOutSchema,
  addressJa: AddressLinesOutSchema,
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  externalUrl: z.string(),
  checkinTime: z.string(),
  checkoutTime: z.string(),
  serviceChargePercentage: z.number(),
  extraChargePerGuestPerNight: z.number().int(),
  cancellationPolicy: CancellationPolicySchema,
  accommodationTaxBands: z.array(AccommodationTaxBandSchema),
  sortOrder: z.number().int(),
  stayStyleIds: z.array(z.string()),
  verticalImageUrl: z.string(),
  horizontalImageUrl: z.string(),
  squareImageUrl: z.string(),
  carouselImageUrls: z.array(z.string()),
  houses: z.array(StaffHouseSchema),
  createdAt: DateTimeSchema,
  updatedAt: DateTimeSchema,
});
export type StaffHouseGroup = z.infer<typeof StaffHouseGroupSchema>;

export const staffCreateHouseGroup = defineMethod({
  path: 'staff_create_house_group',
  access: 'staff',
  summary:
    'Creates a house group in a place with every field of the model; `id` (a slug for /house-groups/{id}) is generated when left out. Audited.',
  input: HouseGroupFieldsSchema.extend({ id: slug.optional() }).strict(),
  output: StaffHouseGroupSchema,
});

export const staffUpdateHouseGroup = defineMethod({
  path: 'staff_update_house_group',
  access: 'staff',
  summary:
    'Replaces every field of a house group (images, houses and calendar have their own methods) and bumps its version. Audited with before and after.',
  input: HouseGroupFieldsSchema.extend({ houseGroupId: id }).strict(),
  output: StaffHouseGroupSchema,
});

export const staffGetHouseGroup = defineMethod({
  path: 'staff_get_house_group',
  access: 'staff',
  summary: 'A house group with every field in both languages, its images and houses, for the edit form.',
  input: z.object({ houseGroupId: id }).strict(),
  output: StaffHouseGroupSchema,
});

export const staffListHouseGroups = defineMethod({
  path: 'staff_list_house_groups',
  access: 'staff',
  summary: 'The house groups of a place (or all), in their order, optionally filtered by a name substring. Paged.',
  input: PageRequestSchema.extend({ placeId: id.optional(), query: text(100).default('') }).strict(),
  output: z.object({ houseGroups: z.array(StaffHouseGroupSchema), nextPageToken: z.string() }),
});

// Houses -------------------------------------------------------------------------

const HouseFieldsSchema = z.object({ nameEn: name, nameJa: name, floor: z.number().int().min(-10).max(200) });

export const staffCreateHouse = defineMethod({
  path: 'staff_create_house',
  access: 'staff',
  summary: 'Adds a house to a house group. Audited.',
  input: HouseFieldsSchema.extend({ houseGroupId: id, id: slug.optional() }).strict(),
  output: StaffHouseSchema,
});

export const staffUpdateHouse = defineMethod({
  path: 'staff_update_house',
  access: 'staff',
  summary: 'Renames a house or changes its floor. Audited with before and after.',
  input: HouseFieldsSchema.extend({ houseId: id }).strict(),
  output: StaffHouseSchema,
});

export const staffDeleteHouse = defineMethod({
  path: 'staff_delete_house',
  access: 'staff',
  summary:
    'Removes a house that has no stays from today on (else 409 CodeHouseHasFutureStays). A house with past stays is retired rather than erased, so those stays keep their house. Audited.',
  input: z.object({ houseId: id }).strict(),
  output: z.object({ houseId: z.string(), outcome: z.enum(['DELETED', 'RETIRED']) }),
});

// Images -------------------------------------------------------------------------

/** 8 MB of image, as base64 (4 characters per 3 bytes). */
export const CATALOGUE_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
const MAX_BASE64 = Math.ceil(CATALOGUE_IMAGE_MAX_BYTES / 3) * 4;

export const ImageCrop = z.enum(['NONE', 'HORIZONTAL', 'VERTICAL', 'SQUARE']);
export const ImageSlot = z.enum(['VERTICAL', 'HORIZONTAL', 'SQUARE', 'CAROUSEL']);
export const ImageTargetType = z.enum(['PLACE', 'HOUSE_GROUP']);

export const CatalogueImageSchema = z.object({
  imageId: z.string(),
  /** What a place or house group stores: the 960-wide JPEG. */
  url: z.string(),
  /** Every served size: `/media/catalogue/<id>-<width>.<jpg|webp>`. */
  variants: z.array(
    z.object({ width: z.number().int(), height: z.number().int(), format: z.enum(['jpg', 'webp']), url: z.string() }),
  ),
});

export const staffUploadCatalogueImage = defineMethod({
  path: 'staff_upload_catalogue_image',
  access: 'staff',
  summary:
    'Uploads a JPEG, PNG or WebP photo (base64, at most 8 MB, at least 480 px wide). It is decoded and checked, optionally cropped to the horizontal (3:2), vertical (2:3) or square shape, stripped of its metadata and stored in the widths 480, 960 and 1600 as WebP and JPEG. 400 CodeCatalogueImageInvalid otherwise. Audited.',
  input: z
    .object({
      contentBase64: z
        .string()
        .max(MAX_BASE64, 'larger than 8 MB')
        .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'not base64 (send it without the data-URL prefix)'),
      crop: ImageCrop.default('NONE'),
    })
    .strict(),
  output: CatalogueImageSchema,
  // The base64 of an 8 MB photo and its JSON envelope.
  maxBodyBytes: MAX_BASE64 + 64 * 1024,
});

const ImageTargetSchema = z.object({ targetType: ImageTargetType, targetId: id });

export const CatalogueImagesOfSchema = z.object({
  targetType: ImageTargetType,
  targetId: z.string(),
  verticalImageUrl: z.string(),
  horizontalImageUrl: z.string(),
  /** Always '' for a place, which has no square image. */
  squareImageUrl: z.string(),
  /** Always empty for a place. */
  carouselImageUrls: z.array(z.string()),
});

export const staffAttachCatalogueImage = defineMethod({
  path: 'staff_attach_catalogue_image',
  access: 'staff',
  summary:
    'Shows an uploaded image on a place (VERTICAL or HORIZONTAL) or a house group (VERTICAL, HORIZONTAL, SQUARE or CAROUSEL; a carousel image goes at `position`, else last). Audited with before and after.',
  input: ImageTargetSchema.extend({
    imageId: z.string().regex(/^[a-z0-9-]{1,100}$/),
    slot: ImageSlot,
    position: z.number().int().min(0).max(50).optional(),
  }).strict(),
  output: CatalogueImagesOfSchema,
});

export const staffDetachCatalogueImage = defineMethod({
  path: 'staff_detach_catalogue_image',
  access: 'staff',
  summary:
    'Takes an image off a place or house group: the image of a slot, or the carousel image at `position`. The stored image stays (its URL may be cached). Audited.',
  input: ImageTargetSchema.extend({ slot: ImageSlot, position: z.number().int().min(0).max(50).optional() }).strict(),
  output: CatalogueImagesOfSchema,
});

// Season calendar ------------------------------------------------------------------

export const SeasonChangeSchema = z
  .object({
    /** First and last date (inclusive) the change applies to. */
    from: DateSchema,
    to: DateSchema,
    priceType: PriceType.strict.optional(),
    standardPrice: yen.optional(),
    highPrice: yen.optional(),
    closed: z.boolean().optional(),
  })
  .strict()
  .refine(
    (c) =>
      c.priceType !== undefined || c.standardPrice !== undefined || c.highPrice !== undefined || c.closed !== undefined,
    'change at least one of priceType, standardPrice, highPrice, closed',
  );

export const StaffSeasonDaySchema = z.object({
  date: DateSchema,
  priceType: PriceType.strict,
  closed: z.boolean(),
  standardPrice: z.number().int(),
  highPrice: z.number().int(),
});

export const staffSetSeasonCalendar = defineMethod({
  path: 'staff_set_season_calendar',
  access: 'staff',
  summary: `Applies changes to a house group's calendar in order, in one transaction: price type (HIGH or STANDARD), nightly prices per price type, closed or open. Dates run from today (in the house group's time zone) up to ${CATALOGUE_LIMITS.maxCalendarMonths} months ahead, else 400 CodeCalendarRangeInvalid. A day first given a value gets the house group's standardSeasonPrice for prices not given. Audited with the days before and after.`,
  input: z.object({ houseGroupId: id, changes: z.array(SeasonChangeSchema).min(1).max(50) }).strict(),
  output: z.object({ houseGroupId: z.string(), daysChanged: z.number().int(), version: z.number().int() }),
});

export const staffGetSeasonCalendar = defineMethod({
  path: 'staff_get_season_calendar',
  access: 'staff',
  summary: `The calendar days of a house group from \`from\` to \`to\` (inclusive, at most ${CATALOGUE_LIMITS.maxSeasonDays} days) with both prices; days not on sale yet are left out.`,
  input: z.object({ houseGroupId: id, from: DateSchema, to: DateSchema }).strict(),
  output: z.object({ houseGroupId: z.string(), days: z.array(StaffSeasonDaySchema) }),
});

// Audit ----------------------------------------------------------------------------

export const AuditEntity = z.enum([
  'place',
  'house_group',
  'house',
  'house_group_calendar',
  'catalogue_image',
  'coupon',
]);

export const staffListAuditEntries = defineMethod({
  path: 'staff_list_audit_entries',
  access: 'staff',
  summary:
    'The history of one catalogue entity or coupon, oldest first: who, when, what, and the entity before and after.',
  input: z.object({ entity: AuditEntity, entityId: id }).strict(),
  output: z.object({
    entries: z.array(
      z.object({
        /** `account:<id>` of the staff member, `user:<id>` for a guest's redemption, `system:<task>`. */
        actor: z.string(),
        /** The staff member's email, when the actor is an account. */
        actorEmail: z.string(),
        action: z.string(),
        at: DateTimeSchema,
        before: z.unknown(),
        after: z.unknown(),
      }),
    ),
  }),
});

export const STAFF_CATALOGUE_METHODS = [
  staffCreatePlace,
  staffUpdatePlace,
  staffGetPlace,
  staffListPlaces,
  staffCreateHouseGroup,
  staffUpdateHouseGroup,
  staffGetHouseGroup,
  staffListHouseGroups,
  staffCreateHouse,
  staffUpdateHouse,
  staffDeleteHouse,
  staffUploadCatalogueImage,
  staffAttachCatalogueImage,
  staffDetachCatalogueImage,
  staffSetSeasonCalendar,
  staffGetSeasonCalendar,
  staffListAuditEntries,
] as const;
