import { cancelBooking } from '@yado/contract/booking.contract';
import { addDays } from '@yado/contract/civil-date';
import { dateFromDateTime } from '@yado/contract/date-time';
import {
  getDoNotDisturb,
  getDoorState,
  getKey,
  getSmarthomeState,
  listKeys,
  listSharedKeys,
  lockDoor,
  revokeSharedKey,
  setDoNotDisturb,
  shareKey,
  staffListDoNotDisturb,
  staffListHouseAccess,
  staffListHousekeeping,
  staffUpdateHouseAccess,
  unlockDoor,
  updateSmarthomeState,
} from '@yado/contract/stay.contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { guestWithCard } from '../booking/booking.test-factory.js';
import { signInStaff } from '../staff-catalogue/staff-catalogue.test-factory.js';
import { issueDueKeys, keyHoldersOf, passKeyDetails } from './key.service.js';
import { expireKeyNow, keyOf, openKeyNow, readyStay } from './stay.test-factory.js';

let t: TestApi;
let staffToken: string;
beforeAll(async () => {
  t = await createTestApi({ LOG_LEVEL: 'error' });
  staffToken = (await signInStaff(t)).idToken;
});

const notificationsOf = async (userId: string, kind: string) =>
  (
    await t.pool.query<{ params: Record<string, unknown>; link: string }>(
      'SELECT params, link FROM notifications WHERE user_id = $1 AND kind = $2',
      [userId, kind],
    )
  ).rows;

const auditOf = async (keyId: string) =>
  (
    await t.pool.query<{ action: string; actor: string }>(
      `SELECT action, actor FROM audit_log WHERE entity = 'stay_key' AND entity_id = $1 ORDER BY id`,
      [keyId],
    )
  ).rows.map((r) => r.action);

const sharesOf = async (keyId: string) =>
  (await t.pool.query('SELECT id FROM stay_key_shares WHERE key_id = $1', [keyId])).rowCount;

const jst = (iso: string, time: string) => new Date(`${iso}T${time}:00+09:00`);

describe('issuing keys', () => {
  it('issues one key per READY_TO_CHECKIN booking, valid check-in 15:00 to check-out 11:00 in Japan, and tells the booker once', async () => {
    const stay = await readyStay(t);
    expect(await issueDueKeys(t.api.deps)).toBeGreaterThanOrEqual(1);
    const res = await t.call(listKeys, {}, { token: stay.guest.token });
    const key = res.body.keys.find((k) => k.stay.bookingId === stay.bookingId)!;
    expect(key).toMatchObject({ status: 'NOT_YET_VALID', holder: 'BOOKER', unlockOperationType: 'SMARTHOME' });
    expect(dateFromDateTime(key.validFrom)).toEqual(jst(addDays(stay.today, 1), '15:00'));
    expect(dateFromDateTime(key.validUntil)).toEqual(jst(addDays(stay.today, 3), '11:00'));
    // A second sweep and a read issue nothing more.
    await issueDueKeys(t.api.deps);
    await t.call(listKeys, {}, { token: stay.guest.token });
    expect((await t.pool.query('SELECT id FROM stay_keys WHERE booking_id = $1', [stay.bookingId])).rowCount).toBe(1);
    const told = await notificationsOf(stay.guest.userId, 'KEY_READY');
    expect(told).toHaveLength(1);
    expect(told[0]!.link).toBe(`/mypage/bookings/${stay.bookingId}`);
    expect(await auditOf(key.keyId)).toEqual(['KEY_ISSUED']);
  });

  it('issues no key while the guest register is incomplete (the booking stays BOOKED)', async () => {
    const stay = await readyStay(t, { register: false });
    await issueDueKeys(t.api.deps);
    expect((await t.call(listKeys, { bookingId: stay.bookingId }, { token: stay.guest.token })).body.keys).toEqual([]);
  });
});

describe('keys and their refusals', () => {
  it('hides another user’s key: get_key, unlock_door and list_shared_keys answer 404 CodeKeyNotFound', async () => {
    const stay = await readyStay(t);
    const key = await keyOf(t, stay);
    await openKeyNow(t, key.keyId);
    const stranger = await guestWithCard(t);
    for (const [def, body] of [
      [getKey, { keyId: key.keyId }],
      [unlockDoor, { keyId: key.keyId }],
      [listSharedKeys, { keyId: key.keyId }],
    ] as const) {
      const res = await t.callRaw(def, body, { token: stranger.token, language: 'ja' });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ errorInfo: { reason: 'CodeKeyNotFound' } });
    }
    expect((await t.call(listKeys, {}, { token: stranger.token })).body.keys).toEqual([]);
    expect(await auditOf(key.keyId)).toEqual(['KEY_ISSUED']);
  });

  it('opens nothing before check-in time, after check-out time, or once the stay is cancelled', async () => {
    const stay = await readyStay(t);
    const key = await keyOf(t, stay);
    const before = await t.callRaw(unlockDoor, { keyId: key.keyId }, { token: stay.guest.token });
    expect(before.status).toBe(409);
    expect(before.body).toMatchObject({ errorInfo: { reason: 'CodeKeyNotYetValid' } });

    await expireKeyNow(t, key.keyId);
    const after = await t.callRaw(unlockDoor, { keyId: key.keyId }, { token: stay.guest.token, language: 'ja' });
    expect(after.body).toMatchObject({
      errorInfo: { reason: 'CodeKeyExpired' },
      localizedMessage: 'この鍵はチェックアウトにより有効期限が切れました。',
    });

    await openKeyNow(t, key.keyId);
    expect((await t.call(cancelBooking, { bookingId: stay.bookingId }, { token: stay.guest.token })).status).toBe(200);
    const cancelled = await t.callRaw(unlockDoor, { keyId: key.keyId }, { token: stay.guest.token });
    expect(cancelled.status).toBe(409);
    expect(cancelled.body).toMatchObject({ errorInfo: { reason: 'CodeKeyCancelled' } });
    expect((await t.call(getKey, { keyId: key.keyId }, { token: stay.guest.token })).body.key.status).toBe('CANCELLED');
    // None of the refused attempts reached the lock or the log.
    expect(await auditOf(key.keyId)).toEqual(['KEY_ISSUED']);
  });
});

describe('sharing a key', () => {
  it('shares with a companion’s account: they see it, may unlock within validity, cannot share it on; revoked, it opens nothing', async () => {
    const stay = await readyStay(t);
    const key = await keyOf(t, stay);
    await openKeyNow(t, key.keyId);
    const companion = await guestWithCard(t);

    const shared = await t.call(
      shareKey,
      { keyId: key.keyId, emailAddress: companion.email.toUpperCase() },
      { token: stay.guest.token },
    );
    expect(shared.status).toBe(200);
    expect(shared.body.sharedKey).toMatchObject({
      keyId: key.keyId,
      sharedWith: { userId: companion.userId, emailAddress: companion.email },
      sharedBy: { userId: stay.guest.userId },
      revokedAt: null,
    });
    expect(await notificationsOf(companion.userId, 'KEY_SHARED')).toHaveLength(1);
    expect(await keyHoldersOf(t.pool, stay.bookingId)).toEqual(
      expect.arrayContaining([stay.guest.userId, companion.userId]),
    );

    const theirs = await t.call(listKeys, {}, { token: companion.token });
    expect(theirs.body.keys.map((k) => [k.keyId, k.holder])).toEqual([[key.keyId, 'SHARE']]);
    const unlocked = await t.call(unlockDoor, { keyId: key.keyId }, { token: companion.token });
    expect(unlocked.body).toMatchObject({ result: 'CONFIRMED', doorState: { locked: false } });

    const third = await guestWithCard(t);
    const reshare = await t.callRaw(
      shareKey,
      { keyId: key.keyId, emailAddress: third.email },
      { token: companion.token },
    );
    expect(reshare.status).toBe(403);
    expect(reshare.body).toMatchObject({ errorInfo: { reason: 'CodeKeyShareNotBooker' } });
    const again = await t.callRaw(
      shareKey,
      { keyId: key.keyId, emailAddress: companion.email },
      { token: stay.guest.token },
    );
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ errorInfo: { reason: 'CodeKeyAlreadyShared' } });

    const revoked = await t.call(
      revokeSharedKey,
      { sharedKeyId: shared.body.sharedKey.sharedKeyId },
      { token: stay.guest.token },
    );
    expect(revoked.body.sharedKey.revokedAt).not.toBeNull();
    expect(revoked.body.sharedKey.revokedBy).toMatchObject({ userId: stay.guest.userId });
    for (const def of [getKey, unlockDoor, lockDoor]) {
      const res = await t.callRaw(def, { keyId: key.keyId }, { token: companion.token });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ errorInfo: { reason: 'CodeKeyNotFound' } });
    }
    expect((await t.call(listKeys, {}, { token: companion.token })).body.keys).toEqual([]);
    expect(await keyHoldersOf(t.pool, stay.bookingId)).toEqual([stay.guest.userId]);

    // Auditable: the booker's list shows the revoked share with who and when.
    const list = await t.call(listSharedKeys, { keyId: key.keyId }, { token: stay.guest.token });
    expect(list.body.sharedKeys).toHaveLength(1);
    expect(list.body.sharedKeys[0]).toMatchObject({ sharedWith: { userId: companion.userId } });
    expect(list.body.sharedKeys[0]!.revokedAt).not.toBeNull();
    expect(await auditOf(key.keyId)).toEqual(['KEY_ISSUED', 'KEY_SHARED', 'DOOR_UNLOCK', 'KEY_SHARE_REVOKED']);
    // Revoking again answers the share as it is.
    const twice = await t.call(
      revokeSharedKey,
      { sharedKeyId: shared.body.sharedKey.sharedKeyId },
      { token: stay.guest.token },
    );
    expect(twice.body.sharedKey.revokedAt).toEqual(revoked.body.sharedKey.revokedAt);
  });

  it('refuses an unknown address and the booker’s own, each with its reason, sharing nothing', async () => {
    const stay = await readyStay(t);
    const key = await keyOf(t, stay);
    const unknown = await t.callRaw(
      shareKey,
      { keyId: key.keyId, emailAddress: 'nobody-here@example.com' },
      { token: stay.guest.token, language: 'ja' },
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      errorInfo: { reason: 'CodeKeyShareRecipientUnknown' },
      localizedMessage: expect.stringContaining('アカウントはありません'),
    });
    const self = await t.callRaw(
      shareKey,
      { keyId: key.keyId, emailAddress: stay.guest.email },
      { token: stay.guest.token },
    );
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ errorInfo: { reason: 'CodeKeyShareToSelf' } });
    const bad = await t.callRaw(
      shareKey,
      { keyId: key.keyId, emailAddress: 'not an address' },
      { token: stay.guest.token },
    );
    expect(bad.status).toBe(400);
    expect(await sharesOf(key.keyId)).toBe(0);
    const missing = await t.callRaw(revokeSharedKey, { sharedKeyId: 'ksh_missing' }, { token: stay.guest.token });
    expect(missing.body).toMatchObject({ errorInfo: { reason: 'CodeKeyShareNotFound' } });
  });
});

describe('a companion’s share', () => {
  it('shows the companion only their own share, and the companion may give it back', async () => {
    const stay = await readyStay(t);
    const key = await keyOf(t, stay);
    const [first, second] = [await guestWithCard(t), await guestWithCard(t)];
    for (const c of [first, second]) {
      expect(
        (await t.call(shareKey, { keyId: key.keyId, emailAddress: c.email }, { token: stay.guest.token })).status,
      ).toBe(200);
    }
    expect(
      (await t.call(listSharedKeys, { keyId: key.keyId }, { token: stay.guest.token })).body.sharedKeys,
    ).toHaveLength(2);
    const own = await t.call(listSharedKeys, { keyId: key.keyId }, { token: first.token });
    expect(own.body.sharedKeys.map((s) => s.sharedWith.userId)).toEqual([first.userId]);
    // Another holder's share is not theirs to revoke.
    const others = (await t.call(listSharedKeys, { keyId: key.keyId }, { token: second.token })).body.sharedKeys[0]!;
    const refused = await t.callRaw(revokeSharedKey, { sharedKeyId: others.sharedKeyId }, { token: first.token });
    expect(refused.body).toMatchObject({ errorInfo: { reason: 'CodeKeyShareNotFound' } });
    const given = await t.call(
      revokeSharedKey,
      { sharedKeyId: own.body.sharedKeys[0]!.sharedKeyId },
      { token: first.token },
    );
    expect(given.body.sharedKey.revokedBy).toMatchObject({ userId: first.userId });
    expect((await t.call(listKeys, {}, { token: first.token })).body.keys).toEqual([]);
    expect((await t.call(listKeys, {}, { token: second.token })).body.keys).toHaveLength(1);
  });
});

describe('the door', () => {
  it('unlocks and locks through the lock, answering its reported state and battery; a replay acts once', async () => {
    const stay = await readyStay(t);
    const key = await keyOf(t, stay);
    await openKeyNow(t, key.keyId);
    const headers = { 'idempotency-key': `unlock-${key.keyId}` };
    const unlocked = await t.call(unlockDoor, { keyId: key.keyId }, { token: stay.guest.token, headers });
    expect(unlocked.body).toMatchObject({
      result: 'CONFIRMED',
      reason: null,
      doorState: { locked: false, jammed: false },
    });
    // A charged simulated lock holds 60–100 % and each movement drains a little: 59 after one from 60.
    expect(unlocked.body.doorState!.batteryLevel).toBeGreaterThanOrEqual(59);
    expect(unlocked.body.doorState!.batteryLevel).toBeLessThanOrEqual(100);
    const locked = await t.call(lockDoor, { keyId: key.keyId }, { token: stay.guest.token });
    expect(locked.body).toMatchObject({ result: 'CONFIRMED', doorState: { locked: true } });
    // The unlock sent again with its key is answered as before and does not open the door again.
    const replay = await t.call(unlockDoor, { keyId: key.keyId }, { token: stay.guest.token, headers });
    expect(replay.body.result).toBe('CONFIRMED');
    const state = await t.call(getDoorState, { keyId: key.keyId }, { token: stay.guest.token });
    expect(state.body.doorState).toMatchObject({ locked: true, lowBattery: false });
  });

  it('never says open when the lock does not: jammed, offline, flat battery; a low battery is reported', async () => {
    const cases = [
      { device: 'LOCK-JAMMED-1', reason: 'JAMMED', state: { locked: true, jammed: true } },
      { device: 'LOCK-OFFLINE-1', reason: 'NO_ANSWER', state: null },
      { device: 'LOCK-FLAT-1', reason: 'REFUSED', state: { locked: true, batteryLevel: 2, lowBattery: true } },
    ] as const;
    for (const c of cases) {
      const stay = await readyStay(t, { access: { lockDeviceId: c.device } });
      const key = await keyOf(t, stay);
      await openKeyNow(t, key.keyId);
      const res = await t.call(unlockDoor, { keyId: key.keyId }, { token: stay.guest.token });
      expect(res.body.result).toBe('UNCONFIRMED');
      expect(res.body.reason).toBe(c.reason);
      if (c.state === null) expect(res.body.doorState).toBeNull();
      else expect(res.body.doorState).toMatchObject(c.state);
    }
    const low = await readyStay(t, { access: { lockDeviceId: 'LOCK-LOWBATT-1' } });
    const key = await keyOf(t, low);
    await openKeyNow(t, key.keyId);
    const res = await t.call(unlockDoor, { keyId: key.keyId }, { token: low.guest.token });
    expect(res.body).toMatchObject({ result: 'CONFIRMED', doorState: { locked: false, lowBattery: true } });
  });

  it('a MANUAL house shows its key-box code only within validity and is not opened from the app', async () => {
    const stay = await readyStay(t, {
      unlock: 'MANUAL',
      access: {
        keyBoxCode: '4821',
        instructionsEn: 'The key box is left of the door.',
        instructionsJa: '扉の左にキーボックスがあります。',
      },
    });
    const key = await keyOf(t, stay);
    expect(key).toMatchObject({ unlockOperationType: 'MANUAL', status: 'NOT_YET_VALID', keyBoxCode: null });
    await openKeyNow(t, key.keyId);
    const valid = await t.call(getKey, { keyId: key.keyId }, { token: stay.guest.token, language: 'ja' });
    expect(valid.body.key).toMatchObject({ keyBoxCode: '4821', instructions: '扉の左にキーボックスがあります。' });
    const remote = await t.callRaw(unlockDoor, { keyId: key.keyId }, { token: stay.guest.token });
    expect(remote.body).toMatchObject({ errorInfo: { reason: 'CodeDoorNotRemote' } });
    await expireKeyNow(t, key.keyId);
    expect((await t.call(getKey, { keyId: key.keyId }, { token: stay.guest.token })).body.key.keyBoxCode).toBeNull();
    expect(await passKeyDetails(t.api.deps, stay.bookingId, stay.guest.userId)).toMatchObject({
      unlockOperationType: 'MANUAL',
      status: 'EXPIRED',
      keyBoxCode: null,
      instructions: { en: 'The key box is left of the door.' },
    });
  });

  it('a TEMAIRAZU_PARTNER house shows the partner desk’s instructions', async () => {
    const stay = await readyStay(t, {
      unlock: 'TEMAIRAZU_PARTNER',
      access: { instructionsEn: 'Collect the key at the Hakuba Inn desk.' },
    });
    const key = await keyOf(t, stay);
    expect(key).toMatchObject({ instructions: 'Collect the key at the Hakuba Inn desk.', keyBoxCode: null });
    const stranger = await guestWithCard(t);
    expect(await passKeyDetails(t.api.deps, stay.bookingId, stranger.userId)).toBeNull();
  });
});

describe('do-not-disturb and the smart home', () => {
  it('the guest sets do-not-disturb on a READY stay; staff see it in the cleaning schedule', async () => {
    const stay = await readyStay(t);
    const on = await t.call(setDoNotDisturb, { bookingId: stay.bookingId, enabled: true }, { token: stay.guest.token });
    expect(on.body.doNotDisturb.enabled).toBe(true);
    expect(
      (await t.call(getDoNotDisturb, { bookingId: stay.bookingId }, { token: stay.guest.token })).body.doNotDisturb
        .enabled,
    ).toBe(true);
    const tomorrow = addDays(stay.today, 1);
    const [y, m, d] = tomorrow.split('-').map(Number) as [number, number, number];
    const schedule = await t.call(
      staffListHousekeeping,
      { date: { year: y, month: m, day: d }, houseGroupId: stay.houseGroupId },
      { token: staffToken },
    );
    expect(schedule.body.items).toEqual([
      expect.objectContaining({
        bookingId: stay.bookingId,
        kind: 'ARRIVAL',
        doNotDisturb: true,
        guestName: expect.any(String),
      }),
    ]);
    const flagged = await t.call(
      staffListDoNotDisturb,
      { bookingIds: [stay.bookingId, 'b-none'] },
      { token: staffToken },
    );
    expect(flagged.body.bookingIds).toEqual([stay.bookingId]);
    const guestTry = await t.callRaw(staffListHousekeeping, {}, { token: stay.guest.token });
    expect(guestTry.status).toBe(403);
  });

  it('refuses do-not-disturb before the stay is ready, and on another user’s stay', async () => {
    const stay = await readyStay(t, { register: false });
    const early = await t.callRaw(
      setDoNotDisturb,
      { bookingId: stay.bookingId, enabled: true },
      { token: stay.guest.token },
    );
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ errorInfo: { reason: 'CodeDoNotDisturbNotAllowed' } });
    const stranger = await guestWithCard(t);
    const theirs = await t.callRaw(
      setDoNotDisturb,
      { bookingId: stay.bookingId, enabled: true },
      { token: stranger.token },
    );
    expect(theirs.status).toBe(404);
    expect(
      (await t.pool.query('SELECT 1 FROM stay_do_not_disturb WHERE booking_id = $1', [stay.bookingId])).rowCount,
    ).toBe(0);
  });

  it('reads and changes the climate, lights and bath as the controller reports them, with a valid key', async () => {
    const stay = await readyStay(t);
    const key = await keyOf(t, stay);
    const early = await t.callRaw(getSmarthomeState, { keyId: key.keyId }, { token: stay.guest.token });
    expect(early.body).toMatchObject({ errorInfo: { reason: 'CodeKeyNotYetValid' } });
    await openKeyNow(t, key.keyId);
    const first = await t.call(getSmarthomeState, { keyId: key.keyId }, { token: stay.guest.token });
    expect(first.body.smartHomeState).toMatchObject({ climateMode: 'OFF', lightsOn: false, bath: 'EMPTY' });
    const changed = await t.call(
      updateSmarthomeState,
      { keyId: key.keyId, climateMode: 'HEAT', setPointCelsius: 24, lightsOn: true, bath: 'FILLING' },
      { token: stay.guest.token },
    );
    expect(changed.body).toMatchObject({
      result: 'CONFIRMED',
      smartHomeState: { climateMode: 'HEAT', setPointCelsius: 24, lightsOn: true, bath: 'FILLING' },
    });
    const tooHot = await t.callRaw(
      updateSmarthomeState,
      { keyId: key.keyId, setPointCelsius: 40 },
      { token: stay.guest.token },
    );
    expect(tooHot.status).toBe(400);
  });
});

describe('staff door settings', () => {
  it('sets a house’s lock device, key-box code and instructions, logging that the code changed but not the code', async () => {
    const stay = await readyStay(t, { unlock: 'MANUAL' });
    const res = await t.call(
      staffUpdateHouseAccess,
      {
        houseId: stay.houseId,
        lockDeviceId: '',
        keyBoxCode: '7392',
        instructionsEn: 'Left of the door',
        instructionsJa: '扉の左',
      },
      { token: staffToken },
    );
    expect(res.body.house).toMatchObject({ keyBoxCode: '7392', lockDeviceId: `LOCK-${stay.houseId}` });
    const list = await t.call(staffListHouseAccess, { houseGroupId: stay.houseGroupId }, { token: staffToken });
    expect(list.body).toMatchObject({
      unlockOperationType: 'MANUAL',
      houses: [{ houseId: stay.houseId, keyBoxCode: '7392' }],
    });
    const log = await t.pool.query<{ after: unknown }>(
      `SELECT after FROM audit_log WHERE entity = 'house' AND entity_id = $1`,
      [stay.houseId],
    );
    expect(JSON.stringify(log.rows)).not.toContain('7392');
    const missing = await t.callRaw(
      staffUpdateHouseAccess,
      { houseId: 'house-none', lockDeviceId: '', keyBoxCode: '', instructionsEn: '', instructionsJa: '' },
      { token: staffToken },
    );
    expect(missing.body).toMatchObject({ errorInfo: { reason: 'CodeStayHouseNotFound' } });
  });
});
