import { z } from 'zod';
import {
  AddressSchema,
  DateSchema,
  DateTimeSchema,
  EmptySchema,
  PriceYenSchema,
  TypedIdSchema,
} from './common.schema.js';
import { specEnum } from './enum.schema.js';
import { defineMethod } from './method.js';

/**
 * Vehicle rental: the electric cars a place lends to its staying guests. A
 * guest registers a driver licence, staff review it, and only an APPROVED,
 * unexpired licence allows a rental. Staff keep the cars, the times each may
 * be rented and the pick-up and drop-off locations with their prices.
 */

// Enumerations of the specification ----------------------------------------------

export const DriverLicenseStatus = specEnum(['PENDING_REVIEW', 'REJECTED', 'APPROVED', 'ARCHIVED']);
export type DriverLicenseStatus = (typeof DriverLicenseStatus.values)[number];

export const VehicleRentalStatus = specEnum(['TENTATIVE', 'BOOKED', 'CANCELED']);
export type VehicleRentalStatus = (typeof VehicleRentalStatus.values)[number];

export const VehicleRentalUseStatus = specEnum([
  'BEFORE_READY',
  'READY',
  'IN_USE',
  'CONTROLLABLE_AFTER_USE',
  'FINISHED',
]);
export type VehicleRentalUseStatus = (typeof VehicleRentalUseStatus.values)[number];

/**
 * The class of a Japanese licence (普通, 準中型, 中型, 大型) or an international driving permit. The
 * rental cars are ordinary passenger cars, which every class allows.
 */
export const DriverLicenseType = specEnum(['ORDINARY', 'SEMI_MEDIUM', 'MEDIUM', 'LARGE', 'INTERNATIONAL']);
export type DriverLicenseType = (typeof DriverLicenseType.values)[number];

/** Why a licence was archived: past its expiry date, replaced by a newer approved one, or erased after the retention period. */
export const DriverLicenseArchiveReason = z.enum(['EXPIRED', 'REPLACED', 'ERASED']);

/** Years licence data is kept after the last rental (DOMAIN.md), then erased. */
export const DRIVER_LICENSE_RETENTION_YEARS = 2;

const id = TypedIdSchema;
const text = (max: number) => z.string().trim().max(max);
const name = z.string().trim().min(1).max(100);
const yen = PriceYenSchema.max(10_000_000);

// Driver licences ------------------------------------------------------------------

/** 8 MB of photograph, as base64. */
export const DRIVER_LICENSE_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
const MAX_IMAGE_BASE64 = Math.ceil(DRIVER_LICENSE_IMAGE_MAX_BYTES / 3) * 4;
/** The longest side a stored licence photograph keeps (enough to read every line of it). */
export const DRIVER_LICENSE_IMAGE_MAX_SIDE = 2000;

export const DriverLicenseImageSide = z.enum(['FRONT', 'BACK']);

export const DriverLicenseSchema = z.object({
  id: z.string(),
  /** null once erased after the retention period. */
  driverLicenseNumber: z.string().nullable(),
  expireDate: DateSchema,
  status: DriverLicenseStatus.strict,
  licenseType: DriverLicenseType.strict,
  /** The name and address on the licence; null once erased. */
  holderName: z.string().nullable(),
  holderAddress: AddressSchema.nullable(),
  /** Readable by the licence's holder and staff only; '' once erased. */
  frontImageUrl: z.string(),
  backImageUrl: z.string(),
  /** Staff's reason for a REJECTED licence; null otherwise. */
  rejectionReason: z.string().nullable(),
  /** Why an ARCHIVED licence was archived; null otherwise. */
  archiveReason: DriverLicenseArchiveReason.nullable(),
  registeredAt: DateTimeSchema,
  reviewedAt: DateTimeSchema.nullable(),
});
export type DriverLicense = z.output<typeof DriverLicenseSchema>;

/** A licence as staff review it: with whose it is. */
export const StaffDriverLicenseSchema = DriverLicenseSchema.extend({
  userId: z.string(),
  userName: z.string(),
  emailAddress: z.string(),
  reviewedBy: z.string().nullable(),
});
export type StaffDriverLicense = z.output<typeof StaffDriverLicenseSchema>;

export const uploadDriverLicenseImage = defineMethod({
  path: 'upload_driver_license_image',
  access: 'user',
  summary:
    'Uploads a photograph of one side of a driver licence (JPEG, PNG or WebP as base64, at most 8 MB). It is decoded, turned upright, stripped of its metadata and kept as JPEG of at most 2000 px a side, readable only by the uploader and staff. The id goes into register_driver_license. 400 CodeDriverLicenseImageInvalid otherwise.',
  input: z
    .object({
      side: DriverLicenseImageSide,
      contentBase64: z
        .string()
        .min(1)
        .max(MAX_IMAGE_BASE64, 'larger than 8 MB')
        .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'not base64 (send it without the data-URL prefix)'),
    })
    .strict(),
  output: z.object({ imageId: z.string(), imageUrl: z.string() }),
  maxBodyBytes: MAX_IMAGE_BASE64 + 64 * 1024,
});

export const registerDriverLicense = defineMethod({
  path: 'register_driver_license',
  access: 'user',
  idempotent: true,
  summary:
    "Registers the caller's driver licence for review (PENDING_REVIEW) with the photographs of both sides uploaded by upload_driver_license_image. Refused: an expiry date already past in Japan (400 CodeDriverLicenseExpired), an image that is not the caller's or is already used (400 CodeDriverLicenseImageNotFound), a licence already waiting for review (409 CodeDriverLicensePendingReview), the same licence number already approved and valid (409 CodeDriverLicenseAlreadyApproved).",
  input: z
    .object({
      driverLicenseNumber: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9-]{6,20}$/, '6 to 20 letters, digits or "-"'),
      expireDate: DateSchema,
      licenseType: DriverLicenseType.strict,
      holderName: name,
      holderAddress: AddressSchema,
      frontImageId: id,
      backImageId: id,
    })
    .strict(),
  output: z.object({ driverLicense: DriverLicenseSchema }),
});

export const listDriverLicenses = defineMethod({
  path: 'list_driver_licenses',
  access: 'user',
  summary:
    "The caller's driver licences, newest first. `rentable` is whether one of them is APPROVED and valid today (in Japan), which a rental needs.",
  input: EmptySchema,
  output: z.object({ driverLicenses: z.array(DriverLicenseSchema), rentable: z.boolean() }),
});

export const staffListDriverLicenses = defineMethod({
  path: 'staff_list_driver_licenses',
  access: 'staff',
  summary:
    'Driver licences for review: those of a status (PENDING_REVIEW oldest first, others newest first), at most 100.',
  input: z.object({ status: DriverLicenseStatus.strict.default('PENDING_REVIEW') }).strict(),
  output: z.object({ driverLicenses: z.array(StaffDriverLicenseSchema) }),
});

export const staffReviewDriverLicense = defineMethod({
  path: 'staff_review_driver_license',
  access: 'staff',
  summary:
    "Decides a licence waiting for review: APPROVED (the user's earlier approved licences become ARCHIVED, REPLACED) or REJECTED with a reason the user reads. Refused: unknown (404 CodeDriverLicenseNotFound), not waiting for review (409 CodeDriverLicenseNotPendingReview), approving a licence past its expiry date (409 CodeDriverLicenseExpired), rejecting without a reason (400 CodeDriverLicenseRejectReasonRequired). Audited.",
  input: z
    .object({
      driverLicenseId: id,
      decision: z.enum(['APPROVED', 'REJECTED']),
      reason: text(500).optional(),
    })
    .strict(),
  output: z.object({ driverLicense: StaffDriverLicenseSchema }),
});

// Vehicles -------------------------------------------------------------------------

/** A pick-up or drop-off location (the spec's shape), in the caller's language. */
export const VehicleLocationSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  price: PriceYenSchema,
  description: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type VehicleLocation = z.output<typeof VehicleLocationSchema>;

export const VehicleAvailabilitySchema = z.object({
  startTime: DateTimeSchema,
  endTime: DateTimeSchema,
});

/** What the car last reported; null when it did not answer. */
export const VehicleInformationSchema = z.object({
  chargeStateBatteryLevel: z.number().int().min(0).max(100),
  latitude: z.number(),
  longitude: z.number(),
  locked: z.boolean(),
  reportedAt: DateTimeSchema,
});
export type VehicleInformation = z.output<typeof VehicleInformationSchema>;

/** A car (the spec's shape) in the caller's language. */
export const VehicleSchema = z.object({
  id: z.string(),
  registrationNumber: z.string(),
  displayName: z.string(),
  displayImageUrl: z.string(),
  capacity: z.number().int(),
  basePrice: PriceYenSchema,
  halfHourPrice: PriceYenSchema,
  /** The times it may be rented that meet the range asked for. */
  vehiclePickupDropoffAvailabilities: z.array(VehicleAvailabilitySchema),
  vehicleInformation: VehicleInformationSchema.nullable(),
  /** Free for the whole range asked: inside one availability and overlapping no rental. */
  available: z.boolean(),
  /** The rented times (not cancelled) that meet the range asked, so a picker can grey them out. */
  rentedPeriods: z.array(VehicleAvailabilitySchema),
  /** The place's time zone, in which rental times are written. */
  timeZone: z.string(),
});
export type Vehicle = z.output<typeof VehicleSchema>;

/** The longest range list_vehicles answers for. */
export const VEHICLE_LIST_MAX_DAYS = 31;

export const listVehicles = defineMethod({
  path: 'list_vehicles',
  access: 'user',
  summary: `The cars of a place with their availabilities, rented periods and last reported state for a time range (at most ${VEHICLE_LIST_MAX_DAYS} days), and the place's pick-up and drop-off locations. \`available\` is whether a car is free for the whole range. Retired cars and locations are left out. 404 CodeNotFound for an unknown place; 400 CodeVehicleTimeRangeInvalid when the end is not after the start or the range is too long.`,
  input: z.object({ placeId: id, startTime: DateTimeSchema, endTime: DateTimeSchema }).strict(),
  output: z.object({ vehicles: z.array(VehicleSchema), locations: z.array(VehicleLocationSchema) }),
});

// Staff: vehicles, availabilities and locations ------------------------------------------

export const StaffVehicleAvailabilitySchema = z.object({
  id: z.string(),
  startTime: DateTimeSchema,
  endTime: DateTimeSchema,
});

export const StaffVehicleSchema = z.object({
  id: z.string(),
  placeId: z.string(),
  registrationNumber: z.string(),
  displayNameEn: z.string(),
  displayNameJa: z.string(),
  displayImageUrl: z.string(),
  capacity: z.number().int(),
  basePrice: PriceYenSchema,
  halfHourPrice: PriceYenSchema,
  telematicsDeviceId: z.string(),
  timeZone: z.string(),
  retired: z.boolean(),
  sortOrder: z.number().int(),
  /** From 30 days ago on, in order. */
  availabilities: z.array(StaffVehicleAvailabilitySchema),
  updatedAt: DateTimeSchema,
});
export type StaffVehicle = z.output<typeof StaffVehicleSchema>;

export const StaffVehicleLocationSchema = z.object({
  id: z.string(),
  placeId: z.string(),
  displayNameEn: z.string(),
  displayNameJa: z.string(),
  descriptionEn: z.string(),
  descriptionJa: z.string(),
  price: PriceYenSchema,
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  retired: z.boolean(),
  sortOrder: z.number().int(),
});
export type StaffVehicleLocation = z.output<typeof StaffVehicleLocationSchema>;

const VehicleFieldsSchema = z.object({
  placeId: id,
  registrationNumber: z.string().trim().min(1).max(40),
  displayNameEn: name,
  displayNameJa: name,
  /** A catalogue image (staff_upload_catalogue_image) or '' . */
  displayImageUrl: z.union([z.literal(''), z.string().regex(/^\/media\/catalogue\/[a-z0-9-]+-[0-9]+\.(jpg|webp)$/)]),
  capacity: z.number().int().min(1).max(20),
  basePrice: yen,
  halfHourPrice: yen,
  telematicsDeviceId: z.string().trim().min(1).max(100),
  retired: z.boolean().default(false),
  sortOrder: z.number().int().min(0).max(10_000).default(0),
});

export const staffListVehicles = defineMethod({
  path: 'staff_list_vehicles',
  access: 'staff',
  summary: "A place's cars (retired ones too) with their availabilities from 30 days ago on, and its locations.",
  input: z.object({ placeId: id }).strict(),
  output: z.object({ vehicles: z.array(StaffVehicleSchema), locations: z.array(StaffVehicleLocationSchema) }),
});

export const staffCreateVehicle = defineMethod({
  path: 'staff_create_vehicle',
  access: 'staff',
  summary:
    'Adds a car to a place. Refused: unknown place (404 CodeNotFound), a registration number or telematics device already used by another car (409 CodeVehicleRegistrationTaken, CodeVehicleDeviceTaken). Audited.',
  input: VehicleFieldsSchema.strict(),
  output: z.object({ vehicle: StaffVehicleSchema }),
});

export const staffUpdateVehicle = defineMethod({
  path: 'staff_update_vehicle',
  access: 'staff',
  summary:
    "Replaces a car's fields (its place stays). Prices apply to rentals quoted from then on; rentals already made keep their quote. Refused as staff_create_vehicle, and 404 CodeVehicleNotFound. Audited with before and after.",
  input: VehicleFieldsSchema.omit({ placeId: true }).extend({ vehicleId: id }).strict(),
  output: z.object({ vehicle: StaffVehicleSchema }),
});

export const staffAddVehicleAvailability = defineMethod({
  path: 'staff_add_vehicle_availability',
  access: 'staff',
  summary:
    'Opens a car for rental from startTime to endTime. Refused: 404 CodeVehicleNotFound, end not after start or longer than a year (400 CodeVehicleTimeRangeInvalid), overlapping another of its availabilities (409 CodeVehicleAvailabilityOverlap). Audited.',
  input: z.object({ vehicleId: id, startTime: DateTimeSchema, endTime: DateTimeSchema }).strict(),
  output: z.object({ vehicle: StaffVehicleSchema }),
});

export const staffRemoveVehicleAvailability = defineMethod({
  path: 'staff_remove_vehicle_availability',
  access: 'staff',
  summary:
    'Closes an availability of a car. Refused while a rental that is not cancelled lies in it (409 CodeVehicleAvailabilityInUse); 404 CodeVehicleAvailabilityNotFound. Audited.',
  input: z.object({ vehicleId: id, availabilityId: id }).strict(),
  output: z.object({ vehicle: StaffVehicleSchema }),
});

const VehicleLocationFieldsSchema = z.object({
  placeId: id,
  displayNameEn: name,
  displayNameJa: name,
  descriptionEn: text(500).default(''),
  descriptionJa: text(500).default(''),
  price: yen,
  latitude: z.number().min(-90).max(90).nullable().default(null),
  longitude: z.number().min(-180).max(180).nullable().default(null),
  retired: z.boolean().default(false),
  sortOrder: z.number().int().min(0).max(10_000).default(0),
});

export const staffCreateVehicleLocation = defineMethod({
  path: 'staff_create_vehicle_location',
  access: 'staff',
  summary:
    'Adds a pick-up and drop-off location with its price to a place. 404 CodeNotFound for an unknown place. Audited.',
  input: VehicleLocationFieldsSchema.strict(),
  output: z.object({ location: StaffVehicleLocationSchema }),
});

export const staffUpdateVehicleLocation = defineMethod({
  path: 'staff_update_vehicle_location',
  access: 'staff',
  summary:
    "Replaces a location's fields (its place stays); a retired location is no longer offered, rentals already made keep it and their quote. 404 CodeVehicleLocationNotFound. Audited with before and after.",
  input: VehicleLocationFieldsSchema.omit({ placeId: true }).extend({ locationId: id }).strict(),
  output: z.object({ location: StaffVehicleLocationSchema }),
});

/** Licences and the catalogue of cars. */
export const VEHICLE_CATALOGUE_METHODS = [
  uploadDriverLicenseImage,
  registerDriverLicense,
  listDriverLicenses,
  staffListDriverLicenses,
  staffReviewDriverLicense,
  listVehicles,
  staffListVehicles,
  staffCreateVehicle,
  staffUpdateVehicle,
  staffAddVehicleAvailability,
  staffRemoveVehicleAvailability,
  staffCreateVehicleLocation,
  staffUpdateVehicleLocation,
] as const;

export const VEHICLE_METHODS = [...VEHICLE_CATALOGUE_METHODS] as const;
