import { z } from 'zod';
import { dateFromDateTime } from './date-time.js';

/** The id of a stored thing (a booking, a house, a billing), as the API sends it and takes it back. */
export const IdSchema = z.string().min(1).max(100);

/** An id as a person types or pastes it (staff forms, search addresses): surrounding spaces are dropped first. */
export const TypedIdSchema = z.string().trim().min(1).max(100);

/** Whole yen. Money is never a float (a refund or discount may be negative). */
export const YenSchema = z.number().int();

/** Whole yen that cannot be below zero: a price, a fee, a charge. */
export const PriceYenSchema = YenSchema.min(0);

/** A civil date as the specification sends it: year, month, day. */
export const DateSchema = z.object({
  year: z.number().int().min(1900).max(2999),
  month: z.number().int().min(1).max(12),
  day: z.number().int().min(1).max(31),
});
export type CivilDate = z.infer<typeof DateSchema>;

/** A point in time as the specification sends it (seconds since the epoch and nanos). */
export const TimestampSchema = z.object({
  seconds: z.number().int(),
  nanos: z.number().int().min(0).max(999_999_999),
});
export type Timestamp = z.infer<typeof TimestampSchema>;

export const PhoneSchema = z.object({
  countryCode: z.number().int().min(1).max(999),
  nationalNumber: z.string().regex(/^[0-9]{4,15}$/, 'digits only, 4 to 15 of them'),
});
export type Phone = z.infer<typeof PhoneSchema>;

export const AddressSchema = z.object({
  countryCode: z.string().default(''),
  postalCode: z.string().max(16).default(''),
  state: z.string().max(100).default(''),
  city: z.string().max(100).default(''),
  street1: z.string().max(200).default(''),
  street2: z.string().max(200).default(''),
});
export type Address = z.infer<typeof AddressSchema>;

export const CountrySchema = z.object({ code: z.string(), name: z.string() });

export const PageRequestSchema = z.object({
  pageSize: z.number().int().min(1).max(100).default(20),
  pageToken: z.string().max(200).default(''),
});

export const EmptySchema = z.object({}).strict();

/**
 * A date and time as the specification sends it: civil fields with either a
 * UTC offset ("+09:00") or a time zone id.
 */
const dateTimeFields = z.object({
  year: z.number().int().min(1900).max(2999),
  month: z.number().int().min(1).max(12),
  day: z.number().int().min(1).max(31),
  hours: z.number().int().min(0).max(23),
  minutes: z.number().int().min(0).max(59),
  seconds: z.number().int().min(0).max(59),
  nanos: z.number().int().min(0).max(999_999_999),
  utcOffset: z
    .string()
    .regex(/^[+-]\d{2}:\d{2}$/)
    .optional(),
  timeZone: z.object({ id: z.string(), version: z.string() }).optional(),
});
export type DateTime = z.infer<typeof dateTimeFields>;

export const DateTimeSchema = dateTimeFields
  // The instant too, after its offset, stays in DateSchema's years, so it reads back (in UTC) as it was
  // sent: a year past a JavaScript Date's reached the database as an invalid date, and Date.UTC reads
  // years 0–99 as 1900–1999.
  .refine(
    (dt) => {
      const year = dateFromDateTime(dt).getUTCFullYear();
      return year >= 1900 && year <= 2999;
    },
    { path: ['year'], message: 'the instant, after its UTC offset, must fall in the years 1900 to 2999' },
  );
