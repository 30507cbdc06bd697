import { z } from 'zod';
import { BookingStatus } from './booking.contract.js';
import { PriceType } from './catalogue.contract.js';
import { DateSchema, IdSchema, YenSchema } from './common.schema.js';
import { specEnum } from './enum.schema.js';
import { defineMethod } from './method.js';
import { OwnerShareSchema, ShareFractionSchema, SlotYearBalanceSchema } from './ownership.contract.js';

// The owner area's reads (docs/decisions/0028-owner-area-reads.md): the owner home, the calendars of
// the owner's houses and the guest-stay revenue of the owner's shares. Every one reads only what the
// caller holds: a share id of another owner is CodeShareNotFound (404).

/** What an owner's fee is for (the specification's fee targets that go to the owner expenditure ledger). */
export const OwnerFeeSubject = specEnum(['OWN_USE_FEE', 'MUTUAL_USE_EXTRA_CHARGE', 'CANCELLATION_FEE']);
export type OwnerFeeSubjectValue = (typeof OwnerFeeSubject.values)[number];

/** How an owner booking's fees are settled: DEFAULT in the next owner statement, NO_DEBT at once. */
export const OwnerDebtOption = specEnum(['DEFAULT', 'NO_DEBT']);

/** The booking types that consume a share's slots. */
export const OwnerStayType = specEnum(['OWN_USE', 'MUTUAL_USE']);

// get_owner_home -------------------------------------------------------------------

/**
 * One slot year of a share, for the balance table and the chart of use: the ledger sums per tier
 * (granted, consumed, returned, expired, remaining) and the nights used in each month of the year.
 */
export const OwnerSlotYearSchema = SlotYearBalanceSchema.extend({
  /**
   * Twelve numbers, January first: nights of the share's bookings (own use, mutual use, family-booked)
   * that fall in the month and are not cancelled (TENTATIVE ones included: their slots are held).
   */
  nightsUsedByMonth: z.array(z.number().int().min(0)).length(12),
});

export const OwnerHomeShareSchema = OwnerShareSchema.extend({
  placeName: z.string(),
  /** The slot year that is running today in the house group's time zone. */
  currentSlotYear: z.number().int(),
  /** Every slot year the share's ledger has entries for, oldest first. */
  years: z.array(OwnerSlotYearSchema),
});

/** An owner stay not yet over: a booking on one of the caller's shares (by the caller or a family member). */
export const OwnerUpcomingStaySchema = z.object({
  bookingId: z.string(),
  bookingNumber: z.string(),
  bookingType: OwnerStayType.strict,
  bookingStatus: BookingStatus.strict,
  shareId: z.string(),
  houseGroupId: z.string(),
  houseGroupName: z.string(),
  placeName: z.string(),
  houseId: z.string(),
  houseName: z.string(),
  checkinDate: DateSchema,
  checkoutDate: DateSchema,
  nights: z.number().int().min(1),
  bookedByFamilyMember: z.boolean(),
  /** Null for a booking without owner fees. */
  debtOption: OwnerDebtOption.strict.nullable(),
});

export const OwnerFeesOwedSchema = z.object({
  /** One line per subject (every subject, 0 when nothing is owed for it), tax-inclusive yen. */
  bySubject: z.array(z.object({ subject: OwnerFeeSubject.strict, amount: YenSchema })),
  total: YenSchema,
});

export const UPCOMING_OWNER_STAYS_LIMIT = 50;

export const getOwnerHome = defineMethod({
  path: 'get_owner_home',
  access: 'owner',
  summary:
    "The owner home: the caller's shares (house group, fraction, nights per slot year) with every slot year's balance per tier (granted, consumed, returned, expired, remaining) and the nights used per month; the upcoming owner stays on the caller's shares (own use, mutual use, booked by a family member; not cancelled, check-out after today; at most 50, soonest first); and the fees owed under the DEFAULT debt option (the owner expenditure ledger not yet settled) per subject and in total, tax-inclusive yen.",
  input: z.object({}).strict(),
  output: z.object({
    shares: z.array(OwnerHomeShareSchema),
    upcomingStays: z.array(OwnerUpcomingStaySchema),
    feesOwed: OwnerFeesOwedSchema,
  }),
});

// list_owner_houses ----------------------------------------------------------------

/**
 * What occupies a house on a night: OWN a booking on one of the caller's shares; OTHER_OWNER a
 * co-owner's own use of the house group (a booking on another share of it); MUTUAL an owner of
 * another house group's mutual use; GUEST a stay booked by a guest (no names shown); BLOCKED a stay
 * held without a booking (staff blocks); FREE nothing.
 */
export const OwnerNightOccupancy = specEnum(['OWN', 'OTHER_OWNER', 'MUTUAL', 'GUEST', 'BLOCKED', 'FREE']);
export type OwnerNightOccupancyValue = (typeof OwnerNightOccupancy.values)[number];

export const OwnerCalendarHouseNightSchema = z.object({
  houseId: z.string(),
  occupancy: OwnerNightOccupancy.strict,
  /** The caller's booking for OWN nights (to open it); null otherwise. */
  bookingId: z.string().nullable(),
});

export const OwnerCalendarDaySchema = z.object({
  date: DateSchema,
  /** The night's price type in the house group's season calendar. */
  priceType: PriceType.strict,
  /** One entry per house of the group, in the order of `houses`. */
  houses: z.array(OwnerCalendarHouseNightSchema),
});

export const OwnerCalendarMonthSchema = z.object({
  year: z.number().int(),
  month: z.number().int().min(1).max(12),
  days: z.array(OwnerCalendarDaySchema),
});

export const OwnerHouseGroupCalendarSchema = z.object({
  houseGroupId: z.string(),
  houseGroupName: z.string(),
  placeName: z.string(),
  timezone: z.string(),
  /** The caller's shares of this house group. */
  shares: z.array(z.object({ shareId: z.string(), fraction: ShareFractionSchema })),
  houses: z.array(z.object({ houseId: z.string(), name: z.string() })),
  months: z.array(OwnerCalendarMonthSchema),
});

export const OWNER_CALENDAR_MAX_MONTHS = 12;

export const listOwnerHouses = defineMethod({
  path: 'list_owner_houses',
  access: 'owner',
  summary:
    "Each house group the caller holds a share of, with its houses and a calendar of the months asked for (from a month, 1 to 12 months): per night and house what occupies it (OWN the caller's bookings, OTHER_OWNER a co-owner's own use, MUTUAL another house group's owner, GUEST a guest stay without names, BLOCKED a stay without a booking, FREE) and the night's price type (STANDARD or HIGH) from the season calendar.",
  input: z
    .object({
      from: z.object({ year: z.number().int().min(2000).max(2999), month: z.number().int().min(1).max(12) }),
      months: z.number().int().min(1).max(OWNER_CALENDAR_MAX_MONTHS).default(3),
    })
    .strict(),
  output: z.object({ houseGroups: z.array(OwnerHouseGroupCalendarSchema) }),
});

// get_owner_revenue ----------------------------------------------------------------

export const OwnerRevenueMonthSchema = z.object({
  month: z.number().int().min(1).max(12),
  /** Guest nights of the house group in the month from the bookings counted (docs/domain.md, "Owner revenue"). */
  guestNights: z.number().int().min(0),
  /** The house group's tax-exclusive accommodation revenue of those nights, yen. */
  houseGroupRevenue: YenSchema,
  /** The share's part: houseGroupRevenue × fraction, rounded down to whole yen. */
  revenue: YenSchema,
});

export const OwnerShareRevenueSchema = z.object({
  shareId: z.string(),
  houseGroupId: z.string(),
  houseGroupName: z.string(),
  fraction: ShareFractionSchema,
  /** Twelve months, January first. */
  months: z.array(OwnerRevenueMonthSchema).length(12),
  totalGuestNights: z.number().int().min(0),
  totalHouseGroupRevenue: YenSchema,
  /** The sum of the months' `revenue` (each month rounded down on its own). */
  totalRevenue: YenSchema,
});

export const getOwnerRevenue = defineMethod({
  path: 'get_owner_revenue',
  access: 'owner',
  summary:
    "Guest-stay revenue of the caller's shares per month of a year (one share with shareId; 404 CodeShareNotFound for a share that is not the caller's): the tax-exclusive accommodation amounts of the paid billings of guest bookings (GUEST_USE, EXCLUSIVE_ACCOMMODATION_USE) at the share's house group, per night in the month of the night, times the share's fraction rounded down to whole yen per month, with the guest nights counted (docs/domain.md, \"Owner revenue\").",
  input: z
    .object({
      year: z.number().int().min(2000).max(2999),
      shareId: IdSchema.optional(),
    })
    .strict(),
  output: z.object({
    year: z.number().int(),
    shares: z.array(OwnerShareRevenueSchema),
    totalRevenue: YenSchema,
  }),
});

export const OWNER_AREA_METHODS = [getOwnerHome, listOwnerHouses, getOwnerRevenue] as const;

export type OwnerHome = z.output<typeof getOwnerHome.output>;
export type OwnerHouseGroupCalendar = z.output<typeof OwnerHouseGroupCalendarSchema>;
export type OwnerRevenue = z.output<typeof getOwnerRevenue.output>;
