import { z } from 'zod';
import { UnlockOperationType } from './catalogue.contract.js';
import { AddressSchema, DateSchema, DateTimeSchema, PhoneSchema, TypedIdSchema } from './common.schema.js';
import { defineMethod } from './method.js';

/**
 * The stay pass: a stay's essentials (address and map position, times, key, Wi-Fi, house rules,
 * booking number, a number to call) that the app keeps on the device from the day before check-in
 * until check-out, so they are there without a network. The Wi-Fi password and the key-box code are
 * private: only the guest of the booking reads them, only inside the pass window, never the catalogue.
 */

const id = TypedIdSchema;

/** How the guest gets in: the house group's unlock operation type and what goes with it. */
export const StayPassKeySchema = z.object({
  unlockOperationType: UnlockOperationType.strict,
  /** MANUAL: the key box's code, present only while the key is valid (from check-in until check-out). */
  keyBoxCode: z.string().nullable(),
  /** The key's validity: the check-in time on the check-in day until the check-out time on the check-out day. */
  validFrom: DateTimeSchema,
  validUntil: DateTimeSchema,
  /** Where the key box is, the partner's front desk, or how the smart lock is opened, in the caller's language. */
  instructions: z.string(),
});
export type StayPassKey = z.output<typeof StayPassKeySchema>;

export const StayPassSchema = z.object({
  bookingId: z.string(),
  bookingNumber: z.string(),
  placeName: z.string(),
  houseGroupName: z.string(),
  houseName: z.string(),
  address: AddressSchema,
  /** Map position; null where the house group has none. */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** The house group's time zone, in which the dates and times below are written. */
  timezone: z.string(),
  checkinDate: DateSchema,
  checkoutDate: DateSchema,
  /** Local "HH:MM" of the house group. */
  checkinTime: z.string(),
  checkoutTime: z.string(),
  /** The key part; null where the house has no key details. */
  key: StayPassKeySchema.nullable(),
  /** Null when the house has no Wi-Fi set. */
  wifi: z.object({ networkName: z.string(), password: z.string() }).nullable(),
  /** The house rules in the caller's language (plain text, one rule a line). */
  houseRules: z.string(),
  /** The number to call during the stay: the house's, else the place's; null when neither is set. */
  contactPhone: PhoneSchema.nullable(),
  /** The pass window: from 00:00 the day before check-in until the check-out time (house group's time zone). */
  availableFrom: DateTimeSchema,
  availableUntil: DateTimeSchema,
  /** When the server made this copy: the device shows it as "last updated". */
  issuedAt: DateTimeSchema,
});
export type StayPass = z.output<typeof StayPassSchema>;

export const getStayPass = defineMethod({
  path: 'get_stay_pass',
  access: 'user',
  summary:
    "The stay pass of one of the caller's bookings, from 00:00 the day before check-in until the check-out time (house group's time zone) while the booking is BOOKED, READY_TO_CHECKIN or STAYING. Refused: another account's or an unknown booking (404 CodeBookingNotFound), before the window or a booking not yet confirmed (409 CodeStayPassNotYetAvailable), after check-out or a cancelled or no-show booking (410 CodeStayPassEnded).",
  input: z.object({ bookingId: id }).strict(),
  output: z.object({ stayPass: StayPassSchema }),
});

export const listStayPasses = defineMethod({
  path: 'list_stay_passes',
  access: 'user',
  summary:
    'Every stay pass of the caller open now (see get_stay_pass), earliest check-in first. The app stores them on the device and deletes the ones no longer listed (checked out, cancelled).',
  input: z.object({}).strict(),
  output: z.object({ stayPasses: z.array(StayPassSchema) }),
});

/** What staff set per house group for the pass (the house-group editor). */
export const StayPassSettingsSchema = z.object({
  houseGroupId: z.string(),
  wifiNetworkName: z.string(),
  wifiPassword: z.string(),
  houseRulesEn: z.string(),
  houseRulesJa: z.string(),
  contactPhone: PhoneSchema.nullable(),
  keyBoxCode: z.string(),
  keyInstructionsEn: z.string(),
  keyInstructionsJa: z.string(),
  updatedAt: DateTimeSchema.nullable(),
});
export type StayPassSettings = z.output<typeof StayPassSettingsSchema>;

const text = (max: number) => z.string().trim().max(max);

export const staffGetStayPassSettings = defineMethod({
  path: 'staff_get_stay_pass_settings',
  access: 'staff',
  summary:
    "A house group's stay-pass details (Wi-Fi, house rules, contact phone, key box code and key instructions); empty values when none are set. 404 CodeNotFound (houseGroupId).",
  input: z.object({ houseGroupId: id }).strict(),
  output: z.object({ settings: StayPassSettingsSchema }),
});

export const staffUpdateStayPassSettings = defineMethod({
  path: 'staff_update_stay_pass_settings',
  access: 'staff',
  summary:
    "Replaces a house group's stay-pass details with the form's values (audited as `house_group_stay_details`). Guests see them on their stay pass from the day before check-in. 404 CodeNotFound (houseGroupId).",
  input: z
    .object({
      houseGroupId: id,
      wifiNetworkName: text(64),
      wifiPassword: text(128),
      houseRulesEn: text(4_000),
      houseRulesJa: text(4_000),
      contactPhone: PhoneSchema.nullable(),
      keyBoxCode: text(32),
      keyInstructionsEn: text(1_000),
      keyInstructionsJa: text(1_000),
    })
    .strict(),
  output: z.object({ settings: StayPassSettingsSchema }),
});

export const STAY_PASS_METHODS = [getStayPass, listStayPasses, staffGetStayPassSettings, staffUpdateStayPassSettings];
