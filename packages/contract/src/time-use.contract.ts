import { z } from 'zod';
import { BookingQuoteSchema, TimeUsePriceKind } from './booking.contract.js';
import { DateSchema, IdSchema, YenSchema } from './common.schema.js';
import { defineMethod } from './method.js';

// Exclusive time use (docs/decisions/0027-exclusive-time-use.md): a house of a TIME house group
// booked by the hour. The rules both sides apply are stated here once.

/** The fewest and most whole hours one booking takes. */
export const TIME_USE_MIN_HOURS = 1;
export const TIME_USE_MAX_HOURS = 12;
/** How many days ahead an hour may be booked (today in the house group's zone is day 0). */
export const TIME_USE_WINDOW_DAYS = 60;

export type TimeUsePriceKindValue = (typeof TimeUsePriceKind.values)[number];

const hour = z.number().int().min(0).max(23);

/** One bookable hour of the day, local to the house group: free when at least one house is free for it. */
export const TimeUseHourSchema = z.object({
  /** Its start, a whole local hour (10 = 10:00–11:00). */
  hour: z.number().int().min(0).max(24),
  freeHouses: z.number().int().min(0),
  /** False also for an hour already begun or passed. */
  free: z.boolean(),
});
export type TimeUseHour = z.infer<typeof TimeUseHourSchema>;

export const TimeUseAvailabilitySchema = z.object({
  houseGroupId: z.string(),
  date: DateSchema,
  timezone: z.string(),
  /** The UTC offset of the day, such as "+09:00". */
  utcOffset: z.string(),
  /** Opening hours of the day: the house group's check-in time to its check-out time, in whole hours. */
  opensAt: z.number().int().min(0).max(24),
  closesAt: z.number().int().min(0).max(24),
  minHours: z.number().int(),
  maxHours: z.number().int(),
  /** The first and last date that may be booked today. */
  bookableFrom: DateSchema,
  bookableUntil: DateSchema,
  /** The caller's price kind and its price per hour (tax-exclusive yen); null when the caller's kind has no price (may not book). */
  priceKind: TimeUsePriceKind.strict,
  pricePerHour: YenSchema.nullable(),
  /** Consumption tax rate on the hours, percent. */
  taxRatePercentage: z.number().int(),
  hours: z.array(TimeUseHourSchema),
});
export type TimeUseAvailability = z.infer<typeof TimeUseAvailabilitySchema>;

/** The hours asked about or booked: a house group, its civil date, a whole local start hour and a length. */
export const TimeUseRequestSchema = z
  .object({
    houseGroupId: IdSchema,
    date: DateSchema,
    startHour: hour,
    hours: z.number().int().min(TIME_USE_MIN_HOURS).max(TIME_USE_MAX_HOURS),
    request: z.string().max(2000).default(''),
  })
  .strict();
export type TimeUseRequest = z.infer<typeof TimeUseRequestSchema>;

export const getTimeUseAvailability = defineMethod({
  path: 'get_time_use_availability',
  access: 'user',
  summary: `The hours of one civil date (in the house group's zone) of a TIME house group: each opening hour with the houses free for it, the caller's price kind (OWNER for holders of a share of the group, otherwise MEMBERSHIP) and price per hour, and the booking window (today to ${TIME_USE_WINDOW_DAYS} days ahead). Refusals: CodeHouseGroupNotFound, CodeBookingTypeNotAvailable (not a TIME house group).`,
  input: z.object({ houseGroupId: IdSchema, date: DateSchema }).strict(),
  output: z.object({ availability: TimeUseAvailabilitySchema }),
});

export const getTimeUseQuote = defineMethod({
  path: 'get_time_use_quote',
  access: 'user',
  summary:
    "Prices hours of a TIME house group without holding anything: hours × the caller's price per hour, consumption tax (STANDARD rate, computed once), paid whole at confirmation. Refusals as create_exclusive_time_tentative_booking.",
  input: TimeUseRequestSchema,
  output: z.object({ quote: BookingQuoteSchema.omit({ booking: true }) }),
});

export const createExclusiveTimeTentativeBooking = defineMethod({
  path: 'create_exclusive_time_tentative_booking',
  access: 'user',
  idempotent: true,
  summary: `Holds a free house of a TIME house group for whole hours as a TENTATIVE EXCLUSIVE_TIME_USE booking (${TIME_USE_MIN_HOURS}–${TIME_USE_MAX_HOURS} hours inside the day's opening hours, from the next whole hour today up to ${TIME_USE_WINDOW_DAYS} days ahead). The price is the caller's price per hour (ownerTimeUsePricePerHour for holders of a share of the group, membershipTimeUsePricePerHour for everyone else) with consumption tax, paid whole by confirm_booking. No house may be used by another booking for any of the hours, night stays included; the database refuses an overlap. Refusals: CodeHouseGroupNotFound, CodeBookingTypeNotAvailable (not a TIME house group), CodeTimeUseHoursInvalid (outside opening hours, begun or passed), CodeOutsideBookingWindow, CodeTimeUsePriceNotSet (no price for the caller's kind), 409 CodeHouseNotAvailable.`,
  input: TimeUseRequestSchema,
  output: z.object({ bookingId: z.string(), bookingNumber: z.string(), quote: BookingQuoteSchema }),
});

export const TIME_USE_METHODS = [getTimeUseAvailability, getTimeUseQuote, createExclusiveTimeTentativeBooking] as const;
