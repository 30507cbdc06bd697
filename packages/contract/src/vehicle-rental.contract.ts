import { z } from 'zod';
import { SameSitePathSchema } from './payment.contract.js';
import { DateTimeSchema, PriceYenSchema, TypedIdSchema } from './common.schema.js';
import { defineMethod } from './method.js';
import {
  VehicleInformationSchema,
  VehicleLocationSchema,
  VehicleRentalStatus,
  VehicleRentalUseStatus,
} from './vehicle.contract.js';

/**
 * Rentals of a place's cars by a guest staying there: quoted and paid by the
 * half hour, picked up, locked and unlocked from the phone while in use, and
 * dropped off. Times are instants; pages write them in the car's time zone,
 * hours past midnight above 24 (vehicle-rental-clock.ts).
 */

/** Minutes a rental's times are counted in; pick-up and drop-off fall on them. */
export const VEHICLE_RENTAL_STEP_MINUTES = 30;

const id = TypedIdSchema;

/** The car as a rental shows it (the spec's vehicle, without the availability of a search). */
export const RentalVehicleSchema = z.object({
  id: z.string(),
  registrationNumber: z.string(),
  displayName: z.string(),
  displayImageUrl: z.string(),
  capacity: z.number().int(),
  basePrice: PriceYenSchema,
  halfHourPrice: PriceYenSchema,
});

/** A price of a rental, with each part the renter pays for. */
export const VehicleRentalQuoteSchema = z.object({
  halfHours: z.number().int().min(1),
  basePrice: PriceYenSchema,
  halfHourPrice: PriceYenSchema,
  /** halfHourPrice × halfHours. */
  timeAmount: PriceYenSchema,
  pickupPrice: PriceYenSchema,
  dropoffPrice: PriceYenSchema,
  subtotalAmount: PriceYenSchema,
  /** The place's service charge, '10.00' for 10 %. */
  serviceChargePercentage: z.string(),
  serviceChargeAmount: PriceYenSchema,
  serviceChargeInclusiveAmount: PriceYenSchema,
  taxAmount: PriceYenSchema,
  taxInclusiveAmount: PriceYenSchema,
});
export type VehicleRentalQuote = z.output<typeof VehicleRentalQuoteSchema>;

export const VehicleRentalCancellationFeeSchema = z.object({
  percentage: z.number().int().min(0).max(100),
  amount: PriceYenSchema,
  source: z.literal('RENT_PRICE'),
});

/** A rental (the spec's fields, and what the renter's pages need beside them). */
export const VehicleRentalSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  bookingId: z.string(),
  vehiclePickupTime: DateTimeSchema,
  vehicleDropoffTime: DateTimeSchema,
  /** The car's time zone, in which the times are written. */
  timeZone: z.string(),
  /** The times as written on the pick-up's day, hours past midnight above 24: { day: '2026-11-27', from: '22:00', to: '25:30' }. */
  clock: z.object({ day: z.string(), from: z.string(), to: z.string() }),
  pickupLocation: VehicleLocationSchema,
  dropoffLocation: VehicleLocationSchema,
  headcount: z.number().int().min(1),
  userRequestNotes: z.string(),
  serviceChargeInclusiveAmount: PriceYenSchema,
  taxInclusiveAmount: PriceYenSchema,
  quote: VehicleRentalQuoteSchema,
  status: VehicleRentalStatus.strict,
  useStatus: VehicleRentalUseStatus.strict,
  vehicle: RentalVehicleSchema,
  conversationId: z.string().nullable(),
  /** The billing the rental was paid with, the late drop-off's ADDITIONAL billing, the cancellation fee's. */
  billingId: z.string().nullable(),
  additionalBillingId: z.string().nullable(),
  cancellationBillingId: z.string().nullable(),
  cancellationFee: VehicleRentalCancellationFeeSchema.nullable(),
  /** Extra half hours billed for a late drop-off (0 when on time). */
  lateHalfHours: z.number().int().min(0),
  /** Until when an unpaid (TENTATIVE) rental holds the car. */
  tentativeDeadline: DateTimeSchema.nullable(),
  /** A 3-D Secure page the renter still has to finish, while TENTATIVE. */
  challengeUrl: z.string().nullable(),
  pickedUpAt: DateTimeSchema.nullable(),
  droppedOffAt: DateTimeSchema.nullable(),
  /** Until when the car can still be locked after drop-off. */
  controllableUntil: DateTimeSchema.nullable(),
  /** Whether lock_vehicle and unlock_vehicle work now. */
  controllable: z.boolean(),
});
export type VehicleRental = z.output<typeof VehicleRentalSchema>;

const RentalRequestSchema = z.object({
  vehicleId: id,
  /** The renter's stay at the car's place: the rental belongs to it and is billed on it. */
  bookingId: id,
  pickupLocationId: id,
  dropoffLocationId: id,
  vehiclePickupTime: DateTimeSchema,
  vehicleDropoffTime: DateTimeSchema,
  /** People in the car, the driver included. */
  headcount: z.number().int().min(1).max(20),
});

const REFUSALS =
  'Refused, each with its own reason and nothing changed: no APPROVED licence (409 CodeDriverLicenseNotApproved) or one that expires before the rental ends (409 CodeDriverLicenseExpiresBeforeRental), times not on a half hour, not ahead, not after pick-up or longer than a week (400 CodeVehicleRentalTimeInvalid), outside every availability of the car (409 CodeVehicleOutsideAvailability), overlapping another rental of the car (409 CodeVehicleRentalOverlap), more people than its seats (409 CodeVehicleCapacityExceeded), a stay that is not the caller’s, not booked, at another place or not covering the rental days (409 CodeVehicleRentalBookingRequired), an unknown car or location (404 CodeVehicleNotFound, CodeVehicleLocationNotFound).';

export const getVehicleRentalQuote = defineMethod({
  path: 'get_vehicle_rental_quote',
  access: 'user',
  summary: `The price of renting a car: base + half-hour price × half hours + the pick-up and drop-off locations' prices, then the place's service charge and consumption tax (10 %) as the billing computes them. ${REFUSALS}`,
  input: RentalRequestSchema.strict(),
  output: z.object({ quote: VehicleRentalQuoteSchema, vehicle: RentalVehicleSchema }),
});

export const PaymentOfRentalSchema = z.object({
  status: z.enum(['PAID', 'REQUIRES_ACTION', 'PENDING']),
  challengeUrl: z.string().optional(),
});

export const createVehicleRental = defineMethod({
  path: 'create_vehicle_rental',
  access: 'user',
  idempotent: true,
  summary: `Rents a car: the rental is TENTATIVE while its billing (on the stay, paid with the saved card through pay_billing's path) is charged, BOOKED once paid. A 3-D Secure challenge leaves it TENTATIVE for 15 minutes (get_vehicle_rental after the page settles it). A refused card cancels it and answers the card's reason. ${REFUSALS}`,
  input: RentalRequestSchema.extend({
    userRequestNotes: z.string().trim().max(1_000).default(''),
    paymentMethodId: id,
    /** Where the 3-D Secure page comes back to. */
    returnPath: SameSitePathSchema.optional(),
  }).strict(),
  output: z.object({ vehicleRental: VehicleRentalSchema, payment: PaymentOfRentalSchema }),
});

export const cancelVehicleRental = defineMethod({
  path: 'cancel_vehicle_rental',
  access: 'user',
  idempotent: true,
  summary:
    "Cancels a rental not yet picked up (CANCELED): free until 24 hours before pick-up, 50 % of the rental's price in the last 24 hours, 100 % after the pick-up time, kept as a CANCELLATION billing (source RENT_PRICE); the rest of what was paid is refunded to the card. Refused: 404 CodeVehicleRentalNotFound, already in use or finished (409 CodeVehicleRentalStatusInvalid). A rental already cancelled is answered as it is.",
  input: z.object({ vehicleRentalId: id }).strict(),
  output: z.object({ vehicleRental: VehicleRentalSchema, refundAmount: PriceYenSchema }),
});

export const listVehicleRentals = defineMethod({
  path: 'list_vehicle_rentals',
  access: 'user',
  summary: "The caller's rentals, latest pick-up first (at most 200), optionally of one stay.",
  input: z.object({ bookingId: id.optional() }).strict(),
  output: z.object({ vehicleRentals: z.array(VehicleRentalSchema) }),
});

export const getVehicleRental = defineMethod({
  path: 'get_vehicle_rental',
  access: 'user',
  summary:
    "One of the caller's rentals; a TENTATIVE one whose payment went through is BOOKED by this read. While it can be picked up or controlled, `vehicleInformation` is what the car reports now (null when it does not answer in time). 404 CodeVehicleRentalNotFound for another user's rental.",
  input: z.object({ vehicleRentalId: id }).strict(),
  output: z.object({
    vehicleRental: VehicleRentalSchema,
    vehicleInformation: VehicleInformationSchema.nullable(),
    /** Whether the car was asked (only in the use window) and answered. */
    vehicleAnswered: z.boolean().nullable(),
  }),
});

export const pickupVehicle = defineMethod({
  path: 'pickup_vehicle',
  access: 'user',
  idempotent: true,
  summary:
    'The renter takes the car: IN_USE, from 30 minutes before the pick-up time until the drop-off time, for a BOOKED rental. Refused: 404 CodeVehicleRentalNotFound, 409 CodeVehicleRentalStatusInvalid (not booked, already picked up), 409 CodeVehiclePickupOutsideWindow. Picking up again is answered as it is.',
  input: z.object({ vehicleRentalId: id }).strict(),
  output: z.object({ vehicleRental: VehicleRentalSchema }),
});

export const dropoffVehicle = defineMethod({
  path: 'dropoff_vehicle',
  access: 'user',
  idempotent: true,
  summary:
    'The renter leaves the car: CONTROLLABLE_AFTER_USE for 15 minutes (the car can still be locked from the phone), then FINISHED. A drop-off after the drop-off time bills each started extra half hour as an ADDITIONAL billing on the stay, charged to the card the rental was paid with. Refused: 404 CodeVehicleRentalNotFound, 409 CodeVehicleRentalStatusInvalid (not in use). Dropping off again is answered as it is.',
  input: z.object({ vehicleRentalId: id }).strict(),
  output: z.object({ vehicleRental: VehicleRentalSchema }),
});

/** CONFIRMED: the car reported the state asked for. UNCONFIRMED: it did not (no answer in time, or refused) — never shown as done. */
export const VehicleCommandResult = z.enum(['CONFIRMED', 'UNCONFIRMED']);

const CommandOutputSchema = z.object({
  result: VehicleCommandResult,
  /** Why it is unconfirmed: the car did not answer in time, or answered that it did not act. */
  reason: z.enum(['NO_ANSWER', 'REFUSED']).nullable(),
  /** What the car last reported; null when it did not answer at all. */
  vehicleInformation: VehicleInformationSchema.nullable(),
});

const COMMAND_REFUSALS =
  'Only the renter (403 CodeVehicleControlNotRenter), only while the rental is IN_USE or in the 15 minutes after drop-off (409 CodeVehicleControlOutsideUseWindow); 404 CodeVehicleRentalNotFound. The same Idempotency-Key never sends the command twice to the car.';

export const lockVehicle = defineMethod({
  path: 'lock_vehicle',
  access: 'user',
  idempotent: true,
  summary: `Locks the rented car through its connected unit and answers what the car reported: CONFIRMED once it reports locked, UNCONFIRMED when it does not answer in time or refuses. ${COMMAND_REFUSALS}`,
  input: z.object({ vehicleRentalId: id }).strict(),
  output: CommandOutputSchema,
});

export const unlockVehicle = defineMethod({
  path: 'unlock_vehicle',
  access: 'user',
  idempotent: true,
  summary: `Unlocks the rented car; CONFIRMED once the car reports unlocked, UNCONFIRMED otherwise. ${COMMAND_REFUSALS}`,
  input: z.object({ vehicleRentalId: id }).strict(),
  output: CommandOutputSchema,
});

export const VEHICLE_RENTAL_METHODS = [
  getVehicleRentalQuote,
  createVehicleRental,
  cancelVehicleRental,
  listVehicleRentals,
  getVehicleRental,
  pickupVehicle,
  dropoffVehicle,
  lockVehicle,
  unlockVehicle,
] as const;
