import { z } from 'zod';
import { DateSchema, DateTimeSchema, TypedIdSchema } from './common.schema.js';
import { UnlockOperationType } from './catalogue.contract.js';
import { specEnum } from './enum.schema.js';
import { defineMethod } from './method.js';

/**
 * During the stay: the booking's smart-lock key (one per booking, valid from
 * the check-in time to the check-out time in the house group's time zone),
 * its shares with companions, the door it opens, do-not-disturb and the
 * house's smart-home controls. Decision 0041.
 */

const id = TypedIdSchema;

/**
 * Where a key stands now. NOT_YET_VALID before check-in time, VALID until check-out time,
 * EXPIRED after it (or once checked out), CANCELLED with its booking (cancelled or no-show).
 */
export const KeyStatus = specEnum(['NOT_YET_VALID', 'VALID', 'EXPIRED', 'CANCELLED']);

/** The booking a key opens, as a key list shows it. */
export const KeyStaySchema = z.object({
  bookingId: z.string(),
  bookingNumber: z.string(),
  houseGroupId: z.string(),
  houseGroupName: z.string(),
  houseName: z.string(),
  checkinDate: DateSchema,
  checkoutDate: DateSchema,
  timezone: z.string(),
});

export const KeySchema = z.object({
  keyId: z.string(),
  stay: KeyStaySchema,
  validFrom: DateTimeSchema,
  validUntil: DateTimeSchema,
  status: KeyStatus.strict,
  unlockOperationType: UnlockOperationType.strict,
  /** The booker holds the key; a companion holds a share of it (and cannot share it on). */
  holder: z.enum(['BOOKER', 'SHARE']),
  /** MANUAL: the key-box code, only while the key is VALID (null otherwise or when none is set). */
  keyBoxCode: z.string().nullable(),
  /** TEMAIRAZU_PARTNER (and MANUAL, where set): how to reach the door, in the reader's language. */
  instructions: z.string().nullable(),
  issuedAt: DateTimeSchema,
});
export type Key = z.output<typeof KeySchema>;

export const SharedKeySchema = z.object({
  sharedKeyId: z.string(),
  keyId: z.string(),
  sharedWith: z.object({ userId: z.string(), firstName: z.string(), lastName: z.string(), emailAddress: z.string() }),
  sharedBy: z.object({ userId: z.string(), firstName: z.string(), lastName: z.string() }),
  sharedAt: DateTimeSchema,
  revokedAt: DateTimeSchema.nullable(),
  revokedBy: z.object({ userId: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
});
export type SharedKey = z.output<typeof SharedKeySchema>;

/** What the door's lock reports of itself. */
export const DoorStateSchema = z.object({
  locked: z.boolean(),
  /** Percent, 0–100. */
  batteryLevel: z.number().int().min(0).max(100),
  /** The lock's own warning that its battery needs changing (below 20 %). */
  lowBattery: z.boolean(),
  /** The bolt is stuck between positions: the lock cannot be trusted to open or close. */
  jammed: z.boolean(),
  reportedAt: DateTimeSchema,
});
export type DoorState = z.output<typeof DoorStateSchema>;

/** CONFIRMED: the lock reported the state asked for. UNCONFIRMED: it did not — never shown as done. */
export const DoorCommandOutputSchema = z.object({
  result: z.enum(['CONFIRMED', 'UNCONFIRMED']),
  /** Why it is unconfirmed: no answer in time, the lock refused, or its bolt jammed. */
  reason: z.enum(['NO_ANSWER', 'REFUSED', 'JAMMED']).nullable(),
  /** What the lock last reported; null when it answered nothing at all. */
  doorState: DoorStateSchema.nullable(),
});

export const BathState = z.enum(['EMPTY', 'FILLING', 'READY']);
export const ClimateMode = z.enum(['OFF', 'HEAT', 'COOL', 'AUTO']);

/** Set points in whole degrees Celsius, as Japanese room controllers take them. */
export const SET_POINT_MIN = 16;
export const SET_POINT_MAX = 30;

export const SmartHomeStateSchema = z.object({
  climateMode: ClimateMode,
  setPointCelsius: z.number().int().min(SET_POINT_MIN).max(SET_POINT_MAX),
  /** What the room's sensor reads, to one decimal. */
  roomTemperatureCelsius: z.number(),
  lightsOn: z.boolean(),
  bath: BathState,
  reportedAt: DateTimeSchema,
});
export type SmartHomeState = z.output<typeof SmartHomeStateSchema>;

export const DoNotDisturbSchema = z.object({
  enabled: z.boolean(),
  updatedAt: DateTimeSchema.nullable(),
});

const KEY_REFUSALS =
  'Refused: a key that is not the caller’s (404 CodeKeyNotFound), before its check-in time (409 CodeKeyNotYetValid), after its check-out time or check-out (409 CodeKeyExpired), of a cancelled stay (409 CodeKeyCancelled), a share revoked (404 CodeKeyNotFound).';

export const listKeys = defineMethod({
  path: 'list_keys',
  access: 'user',
  summary:
    'The keys the caller holds: of their own bookings and shared with them (active shares only), latest check-in first. A key is issued the day before check-in (with the guest register complete); this read issues one that is due and not yet issued.',
  input: z.object({ bookingId: id.optional() }).strict(),
  output: z.object({ keys: z.array(KeySchema) }),
});

export const getKey = defineMethod({
  path: 'get_key',
  access: 'user',
  summary: `One key the caller holds. MANUAL houses show the key-box code only while the key is VALID. 404 CodeKeyNotFound for another user's key or a revoked share.`,
  input: z.object({ keyId: id }).strict(),
  output: z.object({ key: KeySchema }),
});

export const shareKey = defineMethod({
  path: 'share_key',
  access: 'user',
  idempotent: true,
  summary:
    'The booker shares the key with a companion by the email address of their account (KEY_SHARED notification). Refused: unknown address (404 CodeKeyShareRecipientUnknown), the booker themselves (400 CodeKeyShareToSelf), already shared with them (409 CodeKeyAlreadyShared), a share holder (403 CodeKeyShareNotBooker), a cancelled or expired key (409 CodeKeyCancelled, CodeKeyExpired), another user’s key (404 CodeKeyNotFound). Written to the audit log.',
  input: z.object({ keyId: id, emailAddress: z.string().trim().toLowerCase().email().max(254) }).strict(),
  output: z.object({ sharedKey: SharedKeySchema }),
});

export const listSharedKeys = defineMethod({
  path: 'list_shared_keys',
  access: 'user',
  summary:
    'Every share of a key, revoked ones too: who shared it with whom, when, and who revoked it when (the booker sees all; a share holder only their own). 404 CodeKeyNotFound.',
  input: z.object({ keyId: id }).strict(),
  output: z.object({ sharedKeys: z.array(SharedKeySchema) }),
});

export const revokeSharedKey = defineMethod({
  path: 'revoke_shared_key',
  access: 'user',
  idempotent: true,
  summary:
    'The booker revokes a share (or a share holder gives theirs back): it opens nothing from then on. Revoking again answers the share as it is. 404 CodeKeyShareNotFound. Written to the audit log.',
  input: z.object({ sharedKeyId: id }).strict(),
  output: z.object({ sharedKey: SharedKeySchema }),
});

const DOOR =
  'Only SMARTHOME houses are opened from the app (409 CodeDoorNotRemote otherwise). The lock’s own report decides: CONFIRMED only when it reports the state asked for; a lost answer is checked by reading the lock and retried once under the same command (a retry never acts twice). Written to the audit log.';

export const unlockDoor = defineMethod({
  path: 'unlock_door',
  access: 'user',
  idempotent: true,
  summary: `Unlocks the door with a VALID key. ${DOOR} ${KEY_REFUSALS}`,
  input: z.object({ keyId: id }).strict(),
  output: DoorCommandOutputSchema,
});

export const lockDoor = defineMethod({
  path: 'lock_door',
  access: 'user',
  idempotent: true,
  summary: `Locks the door with a VALID key. ${DOOR} ${KEY_REFUSALS}`,
  input: z.object({ keyId: id }).strict(),
  output: DoorCommandOutputSchema,
});

export const getDoorState = defineMethod({
  path: 'get_door_state',
  access: 'user',
  summary: `What the door's lock reports now (locked, battery, jammed), with a VALID key of a SMARTHOME house; doorState null when the lock does not answer in time. ${KEY_REFUSALS}`,
  input: z.object({ keyId: id }).strict(),
  output: z.object({ doorState: DoorStateSchema.nullable() }),
});

export const setDoNotDisturb = defineMethod({
  path: 'set_do_not_disturb',
  access: 'user',
  summary:
    'Turns do-not-disturb on or off for a stay READY_TO_CHECKIN or STAYING (booker or key holder); housekeeping sees it. 409 CodeDoNotDisturbNotAllowed otherwise; 404 CodeBookingNotFound.',
  input: z.object({ bookingId: id, enabled: z.boolean() }).strict(),
  output: z.object({ doNotDisturb: DoNotDisturbSchema }),
});

export const getDoNotDisturb = defineMethod({
  path: 'get_do_not_disturb',
  access: 'user',
  summary: 'Whether do-not-disturb is on for a stay (booker or key holder). 404 CodeBookingNotFound.',
  input: z.object({ bookingId: id }).strict(),
  output: z.object({ doNotDisturb: DoNotDisturbSchema }),
});

export const getSmarthomeState = defineMethod({
  path: 'get_smarthome_state',
  access: 'user',
  summary: `The house's heating or cooling, set point, room temperature, lights and bath as its controller reports them (null when it does not answer in time), with a VALID key. ${KEY_REFUSALS}`,
  input: z.object({ keyId: id }).strict(),
  output: z.object({ smartHomeState: SmartHomeStateSchema.nullable() }),
});

export const updateSmarthomeState = defineMethod({
  path: 'update_smarthome_state',
  access: 'user',
  idempotent: true,
  summary: `Changes what is given (climate mode, set point ${SET_POINT_MIN}–${SET_POINT_MAX} °C, lights; bath FILLING runs it, EMPTY drains it) and answers the controller's report; result UNCONFIRMED when it did not answer in time. ${KEY_REFUSALS}`,
  input: z
    .object({
      keyId: id,
      climateMode: ClimateMode.optional(),
      setPointCelsius: z.number().int().min(SET_POINT_MIN).max(SET_POINT_MAX).optional(),
      lightsOn: z.boolean().optional(),
      bath: z.enum(['FILLING', 'EMPTY']).optional(),
    })
    .strict(),
  output: z.object({
    result: z.enum(['CONFIRMED', 'UNCONFIRMED']),
    smartHomeState: SmartHomeStateSchema.nullable(),
  }),
});

/** One stay on a day, as housekeeping plans its rounds. */
export const HousekeepingItemSchema = z.object({
  bookingId: z.string(),
  bookingNumber: z.string(),
  bookingStatus: z.string(),
  /** DEPARTURE: leaves today (clean after check-out); STAYOVER: stays the night again; ARRIVAL: arrives today. */
  kind: z.enum(['DEPARTURE', 'STAYOVER', 'ARRIVAL']),
  houseGroup: z.object({ id: z.string(), name: z.string() }),
  house: z.object({ id: z.string(), name: z.string() }),
  guestName: z.string(),
  checkinDate: DateSchema,
  checkoutDate: DateSchema,
  doNotDisturb: z.boolean(),
});

export const staffListHousekeeping = defineMethod({
  path: 'staff_list_housekeeping',
  access: 'staff',
  summary:
    'The cleaning schedule of a day (today in each house group’s time zone by default): departures, stay-overs and arrivals of BOOKED, READY_TO_CHECKIN, STAYING and CHECKED_OUT stays, with their do-not-disturb flag, by house group and house.',
  input: z.object({ date: DateSchema.optional(), houseGroupId: id.optional() }).strict(),
  output: z.object({ date: DateSchema.nullable(), items: z.array(HousekeepingItemSchema) }),
});

export const staffListDoNotDisturb = defineMethod({
  path: 'staff_list_do_not_disturb',
  access: 'staff',
  summary: 'The bookings among those given whose do-not-disturb is on (the staff bookings list marks them).',
  input: z.object({ bookingIds: z.array(id).max(200) }).strict(),
  output: z.object({ bookingIds: z.array(z.string()) }),
});

/** How guests reach the door of one house: the lock device, the key-box code, the partner desk's instructions. */
export const HouseAccessSchema = z.object({
  houseId: z.string(),
  houseName: z.string(),
  lockDeviceId: z.string(),
  keyBoxCode: z.string(),
  instructionsEn: z.string(),
  instructionsJa: z.string(),
});

export const staffListHouseAccess = defineMethod({
  path: 'staff_list_house_access',
  access: 'staff',
  summary: 'The door settings of every house of a house group, with the group’s unlock operation type.',
  input: z.object({ houseGroupId: id }).strict(),
  output: z.object({ unlockOperationType: UnlockOperationType.strict, houses: z.array(HouseAccessSchema) }),
});

export const staffUpdateHouseAccess = defineMethod({
  path: 'staff_update_house_access',
  access: 'staff',
  summary:
    'Sets a house’s lock device (SMARTHOME), key-box code (MANUAL: shown to key holders only while their key is VALID) and instructions (TEMAIRAZU_PARTNER). Written to the audit log. 404 CodeStayHouseNotFound.',
  input: z
    .object({
      houseId: id,
      lockDeviceId: z.string().trim().max(100),
      keyBoxCode: z
        .string()
        .trim()
        .max(20)
        .regex(/^[0-9A-Za-z#*-]*$/, 'digits, letters, #, * and - only'),
      instructionsEn: z.string().trim().max(2_000),
      instructionsJa: z.string().trim().max(2_000),
    })
    .strict(),
  output: z.object({ house: HouseAccessSchema }),
});

export const STAY_METHODS = [
  listKeys,
  getKey,
  shareKey,
  listSharedKeys,
  revokeSharedKey,
  unlockDoor,
  lockDoor,
  getDoorState,
  setDoNotDisturb,
  getDoNotDisturb,
  getSmarthomeState,
  updateSmarthomeState,
  staffListHousekeeping,
  staffListDoNotDisturb,
  staffListHouseAccess,
  staffUpdateHouseAccess,
] as const;
