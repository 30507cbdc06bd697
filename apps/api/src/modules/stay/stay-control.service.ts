import { randomUUID } from 'node:crypto';
import { dateTimeFromDate } from '@yado/contract/date-time';
import type { DoorState, SmartHomeState } from '@yado/contract/stay.contract';
import { AppError } from '../../platform/app-error.js';
import type { Deps } from '../../platform/deps.js';
import { recordAudit } from '../audit/audit.service.js';
import { findUserOfAccount } from '../user/user.service.js';
import { readDoorState, roomControl, sendDoorCommand, type DoorCommand } from './door.service.js';
import { requireValidKey } from './key.service.js';
import { LOW_BATTERY_PERCENT, type LockState } from './lock.adapter.js';
import type { SmartHomeChange, SmartHomeReport } from './smarthome.adapter.js';
import * as repo from './stay.repo.js';

const doorStateOf = (s: LockState): DoorState => ({
  locked: s.locked,
  batteryLevel: Math.max(0, Math.min(100, s.batteryLevel)),
  lowBattery: s.batteryLevel < LOW_BATTERY_PERCENT,
  jammed: s.jammed,
  reportedAt: dateTimeFromDate(s.reportedAt),
});

const smartHomeOf = (s: SmartHomeReport): SmartHomeState => ({ ...s, reportedAt: dateTimeFromDate(s.reportedAt) });

/** A VALID key of a house whose door the app opens (SMARTHOME). */
async function requireRemoteKey(deps: Deps, accountId: string, keyId: string) {
  const held = await requireValidKey(deps, accountId, keyId);
  if (held.row.unlockOperationType !== 'SMARTHOME') throw new AppError('CodeDoorNotRemote');
  return held;
}

/** unlock_door and lock_door: the lock's own report decides; every attempt is in the audit log. */
export async function commandDoor(
  deps: Deps,
  accountId: string,
  keyId: string,
  command: DoorCommand,
  idempotencyKey: string | null,
) {
  const held = await requireRemoteKey(deps, accountId, keyId);
  const outcome = await sendDoorCommand(
    deps,
    held.row.lockDeviceId,
    command,
    `${keyId}:${command}:${idempotencyKey ?? randomUUID()}`,
  );
  const result = outcome.confirmed ? ('CONFIRMED' as const) : ('UNCONFIRMED' as const);
  const reason = outcome.confirmed ? null : outcome.failure;
  await recordAudit(deps.db, {
    actor: `account:${accountId}`,
    action: command === 'UNLOCK' ? 'DOOR_UNLOCK' : 'DOOR_LOCK',
    entity: 'stay_key',
    entityId: keyId,
    after: { result, reason, holder: held.holder, locked: outcome.state?.locked ?? null },
    at: deps.clock.now(),
  });
  return { result, reason, doorState: outcome.state ? doorStateOf(outcome.state) : null };
}

/** get_door_state */
export async function getDoorState(deps: Deps, accountId: string, keyId: string) {
  const held = await requireRemoteKey(deps, accountId, keyId);
  const state = await readDoorState(deps, held.row.lockDeviceId);
  return { doorState: state ? doorStateOf(state) : null };
}

/** get_smarthome_state */
export async function getSmartHomeState(deps: Deps, accountId: string, keyId: string) {
  const held = await requireRemoteKey(deps, accountId, keyId);
  const report = await roomControl(deps, held.row.lockDeviceId, null);
  return { smartHomeState: report ? smartHomeOf(report) : null };
}

/** update_smarthome_state: applied and answered as the controller reports it. */
export async function updateSmartHomeState(deps: Deps, accountId: string, input: SmartHomeChange & { keyId: string }) {
  const held = await requireRemoteKey(deps, accountId, input.keyId);
  const { keyId, ...change } = input;
  const report = await roomControl(deps, held.row.lockDeviceId, change);
  const confirmed =
    report !== null &&
    (change.climateMode === undefined || report.climateMode === change.climateMode) &&
    (change.setPointCelsius === undefined || report.setPointCelsius === change.setPointCelsius) &&
    (change.lightsOn === undefined || report.lightsOn === change.lightsOn) &&
    (change.bath === undefined || (change.bath === 'EMPTY' ? report.bath === 'EMPTY' : report.bath !== 'EMPTY'));
  return {
    result: confirmed ? ('CONFIRMED' as const) : ('UNCONFIRMED' as const),
    smartHomeState: report ? smartHomeOf(report) : null,
  };
}

// Do-not-disturb -------------------------------------------------------------------------

/** The booker, or a companion holding an active share of the stay's key; 404 CodeBookingNotFound otherwise. */
async function requireStayOfCaller(deps: Deps, accountId: string, bookingId: string) {
  const [b, user] = await Promise.all([repo.findStayBooking(deps.db, bookingId), findUserOfAccount(deps, accountId)]);
  if (!b) throw new AppError('CodeBookingNotFound');
  if (b.accountId === accountId) return { booking: b, userId: user?.id ?? null };
  const key = await repo.findKeyOfBooking(deps.db, bookingId);
  if (user && key && (await repo.hasActiveShare(deps.db, key.keyId, user.id))) return { booking: b, userId: user.id };
  throw new AppError('CodeBookingNotFound');
}

const dndView = (d: { enabled: boolean; updatedAt: Date } | null) => ({
  doNotDisturb: { enabled: d?.enabled ?? false, updatedAt: d ? dateTimeFromDate(d.updatedAt) : null },
});

/** get_do_not_disturb */
export async function getDoNotDisturb(deps: Deps, accountId: string, bookingId: string) {
  await requireStayOfCaller(deps, accountId, bookingId);
  return dndView(await repo.findDoNotDisturb(deps.db, bookingId));
}

/** set_do_not_disturb: only while the stay is about to start or under way. */
export async function setDoNotDisturb(deps: Deps, accountId: string, input: { bookingId: string; enabled: boolean }) {
  const { booking, userId } = await requireStayOfCaller(deps, accountId, input.bookingId);
  if (booking.status !== 'READY_TO_CHECKIN' && booking.status !== 'STAYING') {
    throw new AppError('CodeDoNotDisturbNotAllowed');
  }
  await repo.upsertDoNotDisturb(deps.db, input.bookingId, input.enabled, userId, deps.clock.now());
  return dndView(await repo.findDoNotDisturb(deps.db, input.bookingId));
}
