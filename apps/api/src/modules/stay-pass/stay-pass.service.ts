import type { Language } from '@yado/contract/headers';
import type { StayPass, StayPassKey, StayPassSettings } from '@yado/contract/stay-pass.contract';
import { civilFromIso, todayIn, addDays } from '@yado/contract/civil-date';
import { dateTimeFromDate } from '@yado/contract/date-time';
import { AppError } from '../../platform/app-error.js';
import { withTx } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import { recordAudit } from '../audit/audit.service.js';
import { requireOwnBooking } from '../booking/booking-access.service.js';
import { listBookings } from '../booking/booking-view.service.js';
import { getHouseGroup, getHouseGroupLocation, getPlace, listHouses } from '../catalogue/catalogue.service.js';
import * as repo from './stay-pass.repo.js';
import type { StayDetailsRecord } from './stay-pass.repo.js';
import { keyCodeVisible, passStateOf, passWindowOf } from './stay-pass.rules.js';

type Booking = Awaited<ReturnType<typeof requireOwnBooking>>;

/** Bookings looked at by list_stay_passes: a guest with more upcoming stays than this has no pass among the later ones. */
const LIST_LOOKAHEAD = 20;

/** The pass of one of the caller's bookings, or the reason it has none now. */
export async function getStayPass(
  deps: Deps,
  accountId: string,
  language: Language,
  bookingId: string,
): Promise<{ stayPass: StayPass }> {
  const booking = await requireOwnBooking(deps, accountId, bookingId);
  return { stayPass: await passOf(deps, language, booking, true) };
}

/** Every open pass of the caller: what the app keeps on the device (and deletes when no longer listed). */
export async function listStayPasses(
  deps: Deps,
  accountId: string,
  language: Language,
): Promise<{ stayPasses: StayPass[] }> {
  const { bookings } = await listBookings(deps, accountId, language, {
    filter: 'UPCOMING',
    pageRequest: { pageSize: LIST_LOOKAHEAD, pageToken: '' },
  });
  const passes: StayPass[] = [];
  for (const item of bookings) {
    // Upcoming stays come earliest first; one checking in after tomorrow (in any zone) has no pass yet.
    const checkin = `${item.checkinDate.year}-${String(item.checkinDate.month).padStart(2, '0')}-${String(item.checkinDate.day).padStart(2, '0')}`;
    if (checkin > addDays(todayIn('UTC', deps.clock.now()), 2)) break;
    const booking = await requireOwnBooking(deps, accountId, item.bookingId);
    const pass = await passOf(deps, language, booking, false);
    if (pass) passes.push(pass);
  }
  return { stayPasses: passes };
}

async function passOf(deps: Deps, language: Language, b: Booking, refuse: true): Promise<StayPass>;
async function passOf(deps: Deps, language: Language, b: Booking, refuse: false): Promise<StayPass | null>;
async function passOf(deps: Deps, language: Language, b: Booking, refuse: boolean): Promise<StayPass | null> {
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
  const [{ houseGroupLocation: location }, { place }, { houses }, details] = await Promise.all([
    getHouseGroupLocation(deps, language, hg.id),
    getPlace(deps, language, hg.placeId),
    listHouses(deps, language, hg.id),
    repo.findStayDetails(deps.db, hg.id),
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
    key: houseKeyOf(hg.unlockOperationType, details, w, now, language),
    wifi: details?.wifiNetworkName ? { networkName: details.wifiNetworkName, password: details.wifiPassword } : null,
    houseRules: (ja ? details?.houseRulesJa : details?.houseRulesEn) ?? '',
    contactPhone: details?.contactPhone ?? place.phoneNumber ?? null,
    availableFrom: dateTimeFromDate(w.availableFrom),
    availableUntil: dateTimeFromDate(w.availableUntil),
    issuedAt: dateTimeFromDate(now),
  };
}

/**
 * The pass's key part from the house group's own details: its unlock operation type, the key box's
 * code only while the key is valid, and the instructions in the caller's language. The one source of
 * `key` to replace when the keys module supplies the stay's own key.
 */
function houseKeyOf(
  unlockOperationType: string,
  details: StayDetailsRecord | null,
  w: ReturnType<typeof passWindowOf>,
  now: Date,
  language: Language,
): StayPassKey | null {
  if (
    unlockOperationType !== 'SMARTHOME' &&
    unlockOperationType !== 'MANUAL' &&
    unlockOperationType !== 'TEMAIRAZU_PARTNER'
  )
    return null;
  return {
    unlockOperationType,
    keyBoxCode:
      unlockOperationType === 'MANUAL' && details?.keyBoxCode && keyCodeVisible(w, now) ? details.keyBoxCode : null,
    validFrom: dateTimeFromDate(w.keyValidFrom),
    validUntil: dateTimeFromDate(w.keyValidUntil),
    instructions: (language === 'ja' ? details?.keyInstructionsJa : details?.keyInstructionsEn) ?? '',
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
    keyBoxCode: d?.keyBoxCode ?? '',
    keyInstructionsEn: d?.keyInstructionsEn ?? '',
    keyInstructionsJa: d?.keyInstructionsJa ?? '',
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

/** What the audit log keeps of the details: the secrets only as whether they are set, never their value. */
function audited(d: Omit<StayDetailsRecord, 'updatedAt'> | null) {
  if (!d) return null;
  const { wifiPassword, keyBoxCode, ...rest } = d;
  return { ...rest, wifiPasswordSet: wifiPassword !== '', keyBoxCodeSet: keyBoxCode !== '' };
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
      keyBoxCodeChanged: (before?.keyBoxCode ?? '') !== after.keyBoxCode,
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
