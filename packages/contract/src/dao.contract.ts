import { z } from 'zod';
import { BookingRequestSchema, CreatedOutput } from './booking.contract.js';
import { DateSchema, DateTimeSchema } from './common.schema.js';
import { defineMethod } from './method.js';

/**
 * Decentralised-organisation (DAO) accommodation slots: days a member may stay (standard and high
 * season apart), granted by staff, booked as DAO_USE stays (decision 0051).
 */
export const DaoAccommodationSlotSchema = z.object({
  daoAccommodationSlotId: z.string(),
  daysStandard: z.number().int(),
  daysHigh: z.number().int(),
  remainingDaysStandard: z.number().int(),
  remainingDaysHigh: z.number().int(),
  /** The last check-in date a stay on the slot may have. */
  checkinDeadline: DateSchema,
  /** The slot expired (expiresAt passed): it books nothing more. */
  isExpired: z.boolean(),
  /** How many days ahead of today a stay may start. */
  bookingWindowDays: z.number().int(),
  expiresAt: DateTimeSchema,
});
export type DaoAccommodationSlot = z.infer<typeof DaoAccommodationSlotSchema>;

export const listDaoAccommodationSlots = defineMethod({
  path: 'list_dao_accommodation_slots',
  access: 'user',
  summary:
    "The signed-in user's DAO accommodation slots, newest first, with the days left, and the house groups that take DAO stays.",
  input: z.object({}).strict(),
  output: z.object({
    slots: z.array(DaoAccommodationSlotSchema),
    houseGroups: z.array(z.object({ houseGroupId: z.string(), name: z.string() })),
  }),
});

export const createDaoTentativeBooking = defineMethod({
  path: 'create_dao_tentative_booking',
  access: 'user',
  idempotent: true,
  summary:
    "Holds a stay as a TENTATIVE DAO_USE booking, its nights taken from the slot's days (standard or high by each night's price type; the slot pays the room, meals and options are paid as usual). 404 CodeDaoSlotNotFound; 409 CodeDaoSlotExpired, CodeDaoCheckinDeadlinePassed (check-in after the slot's checkinDeadline), CodeDaoSlotDaysExhausted; 400 CodeDaoOutsideBookingWindow (check-in more than bookingWindowDays ahead); 409 CodeHouseNotAvailable.",
  input: BookingRequestSchema.omit({ coupon: true })
    .extend({ daoAccommodationSlotId: z.string().min(1).max(100) })
    .strict(),
  output: CreatedOutput,
});

export const staffGrantDaoAccommodationSlot = defineMethod({
  path: 'staff_grant_dao_accommodation_slot',
  access: 'staff',
  idempotent: true,
  summary:
    'Grants a user a DAO accommodation slot: standard and high days, the last check-in date, the booking window and when the slot expires. 404 CodeUserNotFound.',
  input: z
    .object({
      accountId: z.string().uuid(),
      daysStandard: z.number().int().min(0).max(366),
      daysHigh: z.number().int().min(0).max(366),
      checkinDeadline: DateSchema,
      expiresAt: DateTimeSchema,
      bookingWindowDays: z.number().int().min(1).max(730),
    })
    .strict(),
  output: z.object({ slot: DaoAccommodationSlotSchema }),
});

export const DAO_METHODS = [listDaoAccommodationSlots, createDaoTentativeBooking, staffGrantDaoAccommodationSlot];
