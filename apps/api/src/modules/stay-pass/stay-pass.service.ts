import type { Language } from '@yado/contract/headers';
import type { StayPass, StayPassKey, StayPassSettings } from '@yado/contract/stay-pass.contract';
import { civilFromIso, todayIn, addDays } from '@yado/contract/civil-date';
import { dateTimeFromDate } from '@yado/contract/date-time';
import { AppError } from '../../platform/app-error.js';
import { withTx } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import { recordAudit } from '../audit/audit.service.js';
import { requireBooking } from '../booking/booking-access.service.js';
import { listBookings } from '../booking/booking-view.service.js';
import { getHouseGroup, getHouseGroupLocation, getPlace, listHouses } from '../catalogue/catalogue.service.js';
import {
  bookingsSharedWith,
  issueKey,
  keyHoldersOf,
  passKeyDetails,
  type PassKeyDetails,
} from '../stay/key.service.js';
import { findUserOfAccount } from '../user/user.service.js';
import * as repo from './stay-pass.repo.js';
import type { StayDetailsRecord } from './stay-pass.repo.js';
import { passStateOf, passWindowOf } from './stay-pass.rules.js';

type Booking = Awaited<ReturnType<typeof requireBooking>>;

/** Bookings looked at by list_stay_passes: a guest with more upcoming stays than this has no pass among the later ones. */
const LIST_LOOKAHEAD = 20;

/**
 * The booking if the caller holds its key: its booker, or a companion with an active share of the
 * key (keyHoldersOf, the keys module's own answer). Anyone else, and a companion whose share was
 * revoked, gets 404 CodeBookingNotFound, as another account's booking reads everywhere.
 */
async function requirePassHolder(
  deps: Deps,
  accountId: string,
  bookingId: string,
): Promise<{ booking: Booking; userId: string }> {
  const booking = await requireBooking(deps, bookingId);
  if (booking.accountId === accountId) return { booking, userId: booking.userId };
  const user = await findUserOfAccount(deps, accountId);
  if (user && (await keyHoldersOf(deps.db, bookingId)).includes(user.id)) return { booking, userId: user.id };
  throw new AppError('CodeBookingNotFound');
}

/** The pass of a booking whose key the caller holds, or the reason it has none now. */
export async function getStayPass(
  deps: Deps,
  accountId: string,
  language: Language,
  bookingId: string,
): Promise<{ stayPass: StayPass }> {
  const { booking, userId } = await requirePassHolder(deps, accountId, bookingId);
  return { stayPass: await passOf(deps, language, booking, userId, true) };
}

/**
 * Every open pass of the caller, of their own bookings and of those whose key is shared with them:
 * what the app keeps on the device (and deletes when no longer listed, e.g. when a share is revoked).
 */
export async function listStayPasses(
  deps: Deps,
  accountId: string,
  language: Language,
): Promise<{ stayPasses: StayPass[] }> {
  const [{ bookings }, user] = await Promise.all([
    listBookings(deps, accountId, language, {
      filter: 'UPCOMING',
      pageRequest: { pageSize: LIST_LOOKAHEAD, pageToken: '' },
    }),
    findUserOfAccount(deps, accountId),
  ]);
  const found: { checkin: string; pass: StayPass }[] = [];
  for (const item of bookings) {
    // Upcoming stays come earliest first; one checking in after tomorrow (in any zone) has no pass yet.
    const checkin = `${item.checkinDate.year}-${String(item.checkinDate.month).padStart(2, '0')}-${String(item.checkinDate.day).padStart(2, '0')}`;
    if (checkin > addDays(todayIn('UTC', deps.clock.now()), 2)) break;
    const booking = await requireBooking(deps, item.bookingId);
    const pass = await passOf(deps, language, booking, booking.userId, false);
    if (pass) found.push({ checkin: booking.checkinDate, pass });
  }
  // Shared keys exist only once issued (the stay is READY_TO_CHECKIN or STAYING), so these are few.
  const shared = user ? await bookingsSharedWith(deps, user.id, LIST_LOOKAHEAD) : [];
  for (const bookingId of shared) {
    if (found.some((f) => f.pass.bookingId === bookingId)) continue;
    const booking = await requireBooking(deps, bookingId);
    const pass = await passOf(deps, language, booking, user!.id, false);
    if (pass) found.push({ checkin: booking.checkinDate, pass });
  }
  found.sort((a, b) => a.checkin.localeCompare(b.checkin) || a.pass.bookingId.localeCompare(b.pass.bookingId));
  return { stayPasses: found.map((f) => f.pass) };
}

async function passOf(deps: Deps, language: Language, b: Booking, userId: string, refuse: true): Promise<StayPass>;
async function passOf(
  deps: Deps,
  language: Language,
  b: Booking,
  userId: string,
  refuse: false,
): Promise<StayPass | null>;
async function passOf(
  deps: Deps,
  language: Language,
  b: Booking,
  userId: string,
  refuse: boolean,
): Promise<StayPass | null> {
  const now = deps.clock.now();
  const { houseGroup: hg } = await getHouseGroup(deps, language, b.houseGroupId);
  const stay = {
    status: b.status,
    checkinDate: b.checkinDate,
    checkoutDate: b.checkoutDate,
    timezone: hg.timezone,
    checkinTime: hg.checkinTime,
    checkoutTime: hg.checkoutTime,
  };
  const state = passStateOf(stay, now);
  if (state !== 'OPEN') {
    if (!refuse) return null;
    throw new AppError(state === 'ENDED' ? 'CodeStayPassEnded' : 'CodeStayPassNotYetAvailable');
  }
  const w = passWindowOf(stay);
  const [{ houseGroupLocation: location }, { place }, { houses }, details, key] = await Promise.all([
    getHouseGroupLocation(deps, language, hg.id),
    getPlace(deps, language, hg.placeId),
    listHouses(deps, language, hg.id),
    repo.findStayDetails(deps.db, hg.id),
    stayKeyOf(deps, b, userId),
  ]);
  const ja = language === 'ja';
  return {
    bookingId: b.id,
    bookingNumber: b.bookingNumber,
    placeName: place.name,
    houseGroupName: hg.name,
    houseName: houses.find((h) => h.id === b.houseId)?.name ?? '',
    address: location.address,
    latitude: location.latitude,
    longitude: location.longitude,
    timezone: hg.timezone,
    checkinDate: civilFromIso(b.checkinDate),
    checkoutDate: civilFromIso(b.checkoutDate),
    checkinTime: hg.checkinTime,
    checkoutTime: hg.checkoutTime,
    key: key ? passKeyOf(key, language) : null,
    wifi: details?.wifiNetworkName ? { networkName: details.wifiNetworkName, password: details.wifiPassword } : null,
    houseRules: (ja ? details?.houseRulesJa : details?.houseRulesEn) ?? '',
    contactPhone: details?.contactPhone ?? place.phoneNumber ?? null,
    availableFrom: dateTimeFromDate(w.availableFrom),
    availableUntil: dateTimeFromDate(w.availableUntil),
    issuedAt: dateTimeFromDate(now),
  };
}

/**
 * The stay's key as the caller holds it. A stay that is due its key (READY_TO_CHECKIN or STAYING) and
 * has none yet gets it by this read, as list_keys does, so a guest opening the pass before the issuing
 * task has run still sees how to get in. Issuing is idempotent and does nothing for a booking not yet
 * due (BOOKED: the guest register is incomplete), whose pass has no key.
 */
async function stayKeyOf(deps: Deps, b: Booking, userId: string): Promise<PassKeyDetails | null> {
  const key = await passKeyDetails(deps, b.id, userId);
  if (key || (b.status !== 'READY_TO_CHECKIN' && b.status !== 'STAYING')) return key;
  await issueKey(deps, b.id);
  return passKeyDetails(deps, b.id, userId);
}

/**
 * The pass's key part: the stay's own issued key as the keys module gives it (its validity, the
 * key-box code only while it is valid, the house's door instructions), so the pass and the booking
 * page's key section never disagree.
 */
function passKeyOf(key: PassKeyDetails, language: Language): StayPassKey {
  return {
    unlockOperationType: key.unlockOperationType,
    keyBoxCode: key.keyBoxCode,
    validFrom: dateTimeFromDate(key.validFrom),
    validUntil: dateTimeFromDate(key.validUntil),
    instructions: key.instructions[language] ?? '',
  };
}

// Staff: the house-group editor's stay-pass section -----------------------------------------------

function settingsOf(houseGroupId: string, d: StayDetailsRecord | null): StayPassSettings {
  return {
    houseGroupId,
    wifiNetworkName: d?.wifiNetworkName ?? '',
    wifiPassword: d?.wifiPassword ?? '',
    houseRulesEn: d?.houseRulesEn ?? '',
    houseRulesJa: d?.houseRulesJa ?? '',
    contactPhone: d?.contactPhone ?? null,
    updatedAt: d ? dateTimeFromDate(d.updatedAt) : null,
  };
}

export async function staffGetStayPassSettings(
  deps: Deps,
  houseGroupId: string,
): Promise<{ settings: StayPassSettings }> {
  // An unknown group answers 404 CodeNotFound as the catalogue does.
  await getHouseGroup(deps, 'en', houseGroupId);
  return { settings: settingsOf(houseGroupId, await repo.findStayDetails(deps.db, houseGroupId)) };
}

/** What the audit log keeps of the details: the Wi-Fi password only as whether it is set, never its value. */
function audited(d: Omit<StayDetailsRecord, 'updatedAt'> | null) {
  if (!d) return null;
  const { wifiPassword, ...rest } = d;
  return { ...rest, wifiPasswordSet: wifiPassword !== '' };
}

export async function staffUpdateStayPassSettings(
  deps: Deps,
  /** Who changes them, as the audit log names actors: `account:<id>`, or `system:<task>` for the demo data. */
  actor: string,
  input: Omit<StayPassSettings, 'updatedAt'>,
): Promise<{ settings: StayPassSettings }> {
  await getHouseGroup(deps, 'en', input.houseGroupId);
  const now = deps.clock.now();
  const saved = await withTx(deps.db, async (tx) => {
    const before = await repo.lockStayDetails(tx, input.houseGroupId);
    const after = await repo.upsertStayDetails(tx, input, now);
    const changedSecrets = {
      wifiPasswordChanged: (before?.wifiPassword ?? '') !== after.wifiPassword,
    };
    await recordAudit(tx, {
      actor,
      action: before ? 'update' : 'create',
      entity: 'house_group_stay_details',
      entityId: input.houseGroupId,
      before: audited(before),
      after: { ...audited(after), ...changedSecrets },
      at: now,
    });
    return after;
  });
  return { settings: settingsOf(input.houseGroupId, saved) };
}
