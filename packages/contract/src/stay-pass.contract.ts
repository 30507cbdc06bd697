import { z } from 'zod';
import { UnlockOperationType } from './catalogue.contract.js';
import { AddressSchema, DateSchema, DateTimeSchema, PhoneSchema, TypedIdSchema } from './common.schema.js';
import { defineMethod } from './method.js';

/**
 * The stay pass: a stay's essentials (address and map position, times, key, Wi-Fi, house rules,
 * booking number, a number to call) that the app keeps on the device from the day before check-in
 * until check-out, so they are there without a network. The Wi-Fi password and the key-box code are
 * private: only holders of the stay's key read them (the booker, and companions the key is shared
 * with while the share is active), only inside the pass window, never the catalogue.
 */

const id = TypedIdSchema;

/**
 * How the guest gets in: the stay's own issued key (the keys module, as list_keys shows it), so the
 * pass and the booking page's key section always agree.
 */
export const StayPassKeySchema = z.object({
  unlockOperationType: UnlockOperationType.strict,
  /** MANUAL: the key box's code, present only while the key is valid (from check-in until check-out). */
  keyBoxCode: z.string().nullable(),
  /** The key's validity: the check-in time on the check-in day until the check-out time on the check-out day. */
  validFrom: DateTimeSchema,
  validUntil: DateTimeSchema,
  /** The house's door instructions (the key box's place, the partner's front desk) in the caller's language; '' for a smart lock. */
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
  /**
   * The stay's key; null while it is not issued (the guest register is not complete yet: the key is
   * issued as soon as the booking is READY_TO_CHECKIN, by this read too).
   */
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
    "The stay pass of a booking whose key the caller holds (the booker, or a companion with an active share of the key), from 00:00 the day before check-in until the check-out time (house group's time zone) while the booking is BOOKED, READY_TO_CHECKIN or STAYING. Refused: another account's booking with no key shared with the caller, a revoked share, or an unknown booking (404 CodeBookingNotFound), before the window or a booking not yet confirmed (409 CodeStayPassNotYetAvailable), after check-out or a cancelled or no-show booking (410 CodeStayPassEnded).",
  input: z.object({ bookingId: id }).strict(),
  output: z.object({ stayPass: StayPassSchema }),
});

export const listStayPasses = defineMethod({
  path: 'list_stay_passes',
  access: 'user',
  summary:
    "Every stay pass of the caller open now (see get_stay_pass), of the caller's own bookings and of those whose key is shared with them, earliest check-in first. The app stores them on the device and deletes the ones no longer listed (checked out, cancelled, a share revoked).",
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
  updatedAt: DateTimeSchema.nullable(),
});
export type StayPassSettings = z.output<typeof StayPassSettingsSchema>;

const text = (max: number) => z.string().trim().max(max);

export const staffGetStayPassSettings = defineMethod({
  path: 'staff_get_stay_pass_settings',
  access: 'staff',
  summary:
    "A house group's stay-pass details (Wi-Fi, house rules, contact phone); empty values when none are set. The key-box code and door instructions are the house's door settings (staff_update_house_access). 404 CodeNotFound (houseGroupId).",
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
    })
    .strict(),
  output: z.object({ settings: StayPassSettingsSchema }),
});

export const STAY_PASS_METHODS = [getStayPass, listStayPasses, staffGetStayPassSettings, staffUpdateStayPassSettings];
