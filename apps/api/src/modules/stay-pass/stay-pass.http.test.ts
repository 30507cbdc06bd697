import { addDays } from '@yado/contract/civil-date';
import { cancelBooking } from '@yado/contract/booking.contract';
import { getHouseGroup, getHouseGroupLocation, listHouseGroups } from '@yado/contract/catalogue.contract';
import { staffGetHouseGroup } from '@yado/contract/staff-catalogue.contract';
import {
  getStayPass,
  listStayPasses,
  staffGetStayPassSettings,
  staffUpdateStayPassSettings,
} from '@yado/contract/stay-pass.contract';
import { listKeys, revokeSharedKey, shareKey, staffUpdateHouseAccess } from '@yado/contract/stay.contract';
import { dateFromDateTime } from '@yado/contract/date-time';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { freshToken, guestWithCard } from '../booking/booking.test-factory.js';
import { signInStaff } from '../staff-catalogue/staff-catalogue.test-factory.js';
import { passGuest, passHouseGroup, readyPassGuest } from './stay-pass.test-factory.js';

let t: TestApi;
let staffToken: string;
beforeAll(async () => {
  t = await createTestApi({ LOG_LEVEL: 'error' });
  staffToken = (await signInStaff(t)).idToken;
});
// Tests that move the clock put it back, so each starts at the real now.
afterEach(() => t.clock.set(new Date()));

/** A local time in Japan on an ISO date. */
const jst = (iso: string, time: string) => new Date(`${iso}T${time}:00+09:00`);

describe('get_stay_pass', () => {
  it('gives the guest of a stay from tomorrow its essentials, in the caller’s language, the key from the stay’s issued key with its code held back before check-in', async () => {
    const hg = await passHouseGroup(t);
    const g = await readyPassGuest(t, hg, 2);
    const res = await t.call(getStayPass, { bookingId: g.bookingId }, { token: g.token, language: 'ja' });
    expect(res.status).toBe(200);
    const p = res.body.stayPass;
    const tomorrow = addDays(hg.today, 1);
    expect(p).toMatchObject({
      bookingId: g.bookingId,
      houseName: 'House 1',
      address: { postalCode: '399-9301', state: '長野県', city: '白馬村', street1: '北城1-2-3' },
      latitude: 36.698,
      longitude: 137.862,
      timezone: 'Asia/Tokyo',
      checkinTime: '15:00',
      checkoutTime: '11:00',
      wifi: { networkName: 'Chalet-Guest', password: hg.wifiPassword },
      houseRules: '屋内禁煙です。',
      contactPhone: { countryCode: 81, nationalNumber: '0261720000' },
      key: { unlockOperationType: 'MANUAL', keyBoxCode: null, instructions: 'キーボックスは玄関の左です。' },
    });
    expect(p.bookingNumber).toMatch(/.+/);
    // The read issued the key that was due (as list_keys does); the pass shows that key's validity.
    expect((await t.pool.query('SELECT id FROM stay_keys WHERE booking_id = $1', [g.bookingId])).rowCount).toBe(1);
    const keys = await t.call(listKeys, { bookingId: g.bookingId }, { token: g.token });
    expect(keys.body.keys).toHaveLength(1);
    expect(p.key?.validFrom).toEqual(keys.body.keys[0]!.validFrom);
    expect(p.key?.validUntil).toEqual(keys.body.keys[0]!.validUntil);
    expect(dateFromDateTime(p.key!.validFrom)).toEqual(jst(tomorrow, '15:00'));
    expect(p.checkinDate).toEqual({
      year: Number(tomorrow.slice(0, 4)),
      month: Number(tomorrow.slice(5, 7)),
      day: Number(tomorrow.slice(8, 10)),
    });
    // The window in the house group's zone: 00:00 today (the day before) until 11:00 on the check-out day.
    const from = new Date(
      Date.UTC(p.availableFrom.year, p.availableFrom.month - 1, p.availableFrom.day, p.availableFrom.hours),
    );
    expect(from.toISOString()).toBe(jst(hg.today, '00:00').toISOString());
    const until = p.availableUntil;
    expect(new Date(Date.UTC(until.year, until.month - 1, until.day, until.hours)).toISOString()).toBe(
      jst(addDays(hg.today, 3), '11:00').toISOString(),
    );
    expect(
      Math.abs(
        Date.UTC(p.issuedAt.year, p.issuedAt.month - 1, p.issuedAt.day, p.issuedAt.hours, p.issuedAt.minutes) -
          t.clock.now().getTime(),
      ),
    ).toBeLessThan(61_000);

    const en = await t.call(getStayPass, { bookingId: g.bookingId }, { token: g.token, language: 'en' });
    expect(en.body.stayPass.houseRules).toBe('No smoking indoors.');
    expect(en.body.stayPass.address.city).toBe('Hakuba');
    expect(en.body.stayPass.key?.instructions).toBe('The key box is left of the door.');
  });

  it('has no key while the guest register is incomplete (no key is issued for a BOOKED stay), the rest of the pass there', async () => {
    const hg = await passHouseGroup(t);
    const g = await passGuest(t, hg, 1, 2);
    const res = await t.call(getStayPass, { bookingId: g.bookingId }, { token: g.token });
    expect(res.status).toBe(200);
    expect(res.body.stayPass.key).toBeNull();
    expect(res.body.stayPass.wifi).toEqual({ networkName: 'Chalet-Guest', password: hg.wifiPassword });
    expect((await t.pool.query('SELECT id FROM stay_keys WHERE booking_id = $1', [g.bookingId])).rowCount).toBe(0);
  });

  it('shows the key-box code from the check-in time only, the one the doors page sets', async () => {
    const hg = await passHouseGroup(t);
    const g = await readyPassGuest(t, hg, 1);
    const checkin = addDays(hg.today, 1);
    t.clock.set(jst(checkin, '14:59'));
    await freshToken(t, g);
    expect(
      (await t.call(getStayPass, { bookingId: g.bookingId }, { token: g.token })).body.stayPass.key?.keyBoxCode,
    ).toBeNull();
    t.clock.set(jst(checkin, '15:00'));
    await freshToken(t, g);
    const inside = await t.call(getStayPass, { bookingId: g.bookingId }, { token: g.token });
    expect(inside.body.stayPass.key?.keyBoxCode).toBe(hg.keyBoxCode);
    // Staff change the code on the doors page: the pass and the booking page's key show the new one.
    const { houseId } = (
      await t.pool.query<{ houseId: string }>('SELECT house_id AS "houseId" FROM bookings WHERE id = $1', [g.bookingId])
    ).rows[0]!;
    const changed = await t.call(
      staffUpdateHouseAccess,
      {
        houseId,
        lockDeviceId: '',
        keyBoxCode: '9055',
        instructionsEn: 'Box by the door.',
        instructionsJa: '玄関横のボックス。',
      },
      { token: (await signInStaff(t)).idToken },
    );
    expect(changed.status).toBe(200);
    const after = await t.call(getStayPass, { bookingId: g.bookingId }, { token: g.token, language: 'ja' });
    expect(after.body.stayPass.key).toMatchObject({ keyBoxCode: '9055', instructions: '玄関横のボックス。' });
    const keys = await t.call(listKeys, { bookingId: g.bookingId }, { token: g.token });
    expect(keys.body.keys[0]?.keyBoxCode).toBe('9055');
  });

  it('gives partner front-desk instructions without a code for a TEMAIRAZU_PARTNER house, and no Wi-Fi where none is set', async () => {
    const hg = await passHouseGroup(t, 'TEMAIRAZU_PARTNER');
    await t.pool.query(`UPDATE house_group_stay_details SET wifi_network_name = '' WHERE house_group_id = $1`, [
      hg.houseGroupId,
    ]);
    await t.pool.query(
      `UPDATE stay_house_access SET instructions_en = 'Collect your key at the Hakuba Lodge front desk.'
        WHERE house_id IN (SELECT id FROM houses WHERE house_group_id = $1)`,
      [hg.houseGroupId],
    );
    const g = await readyPassGuest(t, hg, 1);
    t.clock.set(jst(addDays(hg.today, 1), '16:00'));
    await freshToken(t, g);
    const { stayPass } = (await t.call(getStayPass, { bookingId: g.bookingId }, { token: g.token })).body;
    expect(stayPass.key).toMatchObject({
      unlockOperationType: 'TEMAIRAZU_PARTNER',
      keyBoxCode: null,
      instructions: 'Collect your key at the Hakuba Lodge front desk.',
    });
    expect(stayPass.wifi).toBeNull();
  });

  it('refuses before the day before check-in (409 CodeStayPassNotYetAvailable), and opens at 00:00 that day', async () => {
    const hg = await passHouseGroup(t);
    const g = await passGuest(t, hg, 3, 2);
    const res = await t.call(getStayPass, { bookingId: g.bookingId }, { token: g.token, language: 'ja' });
    expect(res.status).toBe(409);
    expect(res.error.errorInfo.reason).toBe('CodeStayPassNotYetAvailable');
    expect(res.error.localizedMessage).toContain('チェックイン前日');
    t.clock.set(jst(addDays(hg.today, 1), '23:59'));
    await freshToken(t, g);
    expect((await t.call(getStayPass, { bookingId: g.bookingId }, { token: g.token })).status).toBe(409);
    t.clock.set(jst(addDays(hg.today, 2), '00:00'));
    await freshToken(t, g);
    expect((await t.call(getStayPass, { bookingId: g.bookingId }, { token: g.token })).status).toBe(200);
  });

  it('refuses from the check-out time on (410 CodeStayPassEnded)', async () => {
    const hg = await passHouseGroup(t);
    const g = await passGuest(t, hg, 1, 2);
    const checkout = addDays(hg.today, 3);
    t.clock.set(jst(checkout, '10:59'));
    await freshToken(t, g);
    expect((await t.call(getStayPass, { bookingId: g.bookingId }, { token: g.token })).status).toBe(200);
    t.clock.set(jst(checkout, '11:00'));
    await freshToken(t, g);
    const res = await t.call(getStayPass, { bookingId: g.bookingId }, { token: g.token });
    expect(res.status).toBe(410);
    expect(res.error.errorInfo.reason).toBe('CodeStayPassEnded');
  });

  it('refuses a cancelled booking (410 CodeStayPassEnded), which list_stay_passes no longer lists', async () => {
    const hg = await passHouseGroup(t);
    const g = await passGuest(t, hg, 1, 2);
    const before = await t.call(listStayPasses, {}, { token: g.token });
    expect(before.body.stayPasses.map((p) => p.bookingId)).toEqual([g.bookingId]);
    const cancelled = await t.call(cancelBooking, { bookingId: g.bookingId }, { token: g.token });
    expect(cancelled.status).toBe(200);
    const res = await t.call(getStayPass, { bookingId: g.bookingId }, { token: g.token });
    expect(res.status).toBe(410);
    expect(res.error.errorInfo.reason).toBe('CodeStayPassEnded');
    expect((await t.call(listStayPasses, {}, { token: g.token })).body.stayPasses).toEqual([]);
  });

  it('answers another guest’s booking as unknown (404 CodeBookingNotFound), and nobody without a token', async () => {
    const hg = await passHouseGroup(t);
    const owner = await passGuest(t, hg, 1, 2);
    const other = await passGuest(t, hg, 1, 2);
    const res = await t.call(getStayPass, { bookingId: owner.bookingId }, { token: other.token });
    expect(res.status).toBe(404);
    expect(res.error.errorInfo.reason).toBe('CodeBookingNotFound');
    expect(JSON.stringify(res.body)).not.toContain(hg.wifiPassword);
    expect((await t.call(getStayPass, { bookingId: owner.bookingId })).status).toBe(401);
    expect((await t.call(getStayPass, { bookingId: 'no-such-booking' }, { token: other.token })).status).toBe(404);
  });

  it('never lets the Wi-Fi password, the key-box code or the rules reach the public catalogue', async () => {
    const hg = await passHouseGroup(t);
    t.clock.set(jst(addDays(hg.today, 1), '16:00'));
    const answers = await Promise.all([
      t.call(getHouseGroup, { houseGroupId: hg.houseGroupId }),
      t.call(getHouseGroupLocation, { houseGroupId: hg.houseGroupId }),
      t.call(listHouseGroups, { placeId: hg.placeId, pageSize: 20, pageToken: '' }),
    ]);
    for (const res of answers) {
      expect(res.status).toBe(200);
      const text = JSON.stringify(res.body);
      expect(text).not.toContain(hg.wifiPassword);
      expect(text).not.toContain(hg.keyBoxCode);
      expect(text).not.toContain('Chalet-Guest');
    }
    // Nor the staff catalogue's house-group form: the details have their own staff method.
    const staffForm = await t.call(staffGetHouseGroup, { houseGroupId: hg.houseGroupId }, { token: staffToken });
    expect(JSON.stringify(staffForm.body)).not.toContain(hg.wifiPassword);
  });
});

describe('list_stay_passes', () => {
  it('lists the open passes only: not a stay three days ahead, nor a tentative one', async () => {
    const hg = await passHouseGroup(t);
    const g = await passGuest(t, hg, 1, 1);
    const later = await passGuest(t, hg, 3, 1);
    expect((await t.call(listStayPasses, {}, { token: later.token })).body.stayPasses).toEqual([]);
    const mine = await t.call(listStayPasses, {}, { token: g.token });
    expect(mine.status).toBe(200);
    expect(mine.body.stayPasses).toHaveLength(1);
    expect(mine.body.stayPasses[0]).toMatchObject({ bookingId: g.bookingId, wifi: { password: hg.wifiPassword } });
  });
});

describe('companions holding a shared key', () => {
  it('get the pass of the stay, its key with the code held back until check-in, and lose it when the share is revoked', async () => {
    const hg = await passHouseGroup(t);
    const booker = await readyPassGuest(t, hg, 1);
    const companion = await guestWithCard(t);
    expect(
      (await t.call(getStayPass, { bookingId: booker.bookingId }, { token: companion.token })).error.errorInfo.reason,
    ).toBe('CodeBookingNotFound');
    const key = (await t.call(listKeys, { bookingId: booker.bookingId }, { token: booker.token })).body.keys[0]!;
    const shared = await t.call(shareKey, { keyId: key.keyId, emailAddress: companion.email }, { token: booker.token });
    expect(shared.status).toBe(200);

    const res = await t.call(getStayPass, { bookingId: booker.bookingId }, { token: companion.token, language: 'en' });
    expect(res.status).toBe(200);
    expect(res.body.stayPass).toMatchObject({
      bookingId: booker.bookingId,
      wifi: { password: hg.wifiPassword },
      key: { unlockOperationType: 'MANUAL', keyBoxCode: null, instructions: 'The key box is left of the door.' },
    });
    expect(res.body.stayPass.key?.validFrom).toEqual(key.validFrom);
    const listed = await t.call(listStayPasses, {}, { token: companion.token });
    expect(listed.body.stayPasses.map((p) => p.bookingId)).toEqual([booker.bookingId]);

    t.clock.set(jst(addDays(hg.today, 1), '15:00'));
    await freshToken(t, companion);
    expect(
      (await t.call(getStayPass, { bookingId: booker.bookingId }, { token: companion.token })).body.stayPass.key
        ?.keyBoxCode,
    ).toBe(hg.keyBoxCode);

    await freshToken(t, booker);
    const revoked = await t.call(
      revokeSharedKey,
      { sharedKeyId: shared.body.sharedKey.sharedKeyId },
      { token: booker.token },
    );
    expect(revoked.status).toBe(200);
    const refused = await t.call(getStayPass, { bookingId: booker.bookingId }, { token: companion.token });
    expect(refused.status).toBe(404);
    expect(refused.error.errorInfo.reason).toBe('CodeBookingNotFound');
    expect(JSON.stringify(refused.body)).not.toContain(hg.keyBoxCode);
    expect((await t.call(listStayPasses, {}, { token: companion.token })).body.stayPasses).toEqual([]);
    // The booker keeps theirs.
    expect((await t.call(getStayPass, { bookingId: booker.bookingId }, { token: booker.token })).status).toBe(200);
  });

  it('lists a companion’s own passes and the shared ones together, each once', async () => {
    const hg = await passHouseGroup(t);
    const booker = await readyPassGuest(t, hg, 2);
    const companion = await passGuest(t, hg, 1, 1);
    const key = (await t.call(listKeys, { bookingId: booker.bookingId }, { token: booker.token })).body.keys[0]!;
    expect(
      (await t.call(shareKey, { keyId: key.keyId, emailAddress: companion.email }, { token: booker.token })).status,
    ).toBe(200);
    const listed = await t.call(listStayPasses, {}, { token: companion.token });
    // Both check in tomorrow: same-day passes follow in booking id order.
    expect(listed.body.stayPasses.map((p) => p.bookingId)).toEqual([companion.bookingId, booker.bookingId].sort());
  });
});

describe('staff stay-pass settings', () => {
  it('staff read and replace a house group’s details; the audit log records that secrets changed, never their values', async () => {
    const hg = await passHouseGroup(t);
    const read = await t.call(staffGetStayPassSettings, { houseGroupId: hg.houseGroupId }, { token: staffToken });
    expect(read.body.settings).toMatchObject({ wifiNetworkName: 'Chalet-Guest', wifiPassword: hg.wifiPassword });
    // How to get in is not part of these details: the doors page holds it.
    expect(JSON.stringify(read.body)).not.toContain(hg.keyBoxCode);
    expect(Object.keys(read.body.settings)).not.toContain('keyBoxCode');
    const update = {
      houseGroupId: hg.houseGroupId,
      wifiNetworkName: '  Kazahana-5G ',
      wifiPassword: 'snow-fall-2026',
      houseRulesEn: 'Quiet after 22:00.',
      houseRulesJa: '22時以降はお静かに。',
      contactPhone: { countryCode: 81, nationalNumber: '0261720001' },
    };
    const saved = await t.call(staffUpdateStayPassSettings, update, { token: staffToken });
    expect(saved.status).toBe(200);
    expect(saved.body.settings).toMatchObject({ ...update, wifiNetworkName: 'Kazahana-5G' });
    const audit = await t.pool.query<{ before: unknown; after: unknown }>(
      `SELECT before, after FROM audit_log WHERE entity = 'house_group_stay_details' AND entity_id = $1`,
      [hg.houseGroupId],
    );
    expect(audit.rows).toHaveLength(1);
    const text = JSON.stringify(audit.rows[0]);
    expect(text).not.toContain('snow-fall-2026');
    expect(text).not.toContain(hg.wifiPassword);
    expect(audit.rows[0]!.after).toMatchObject({
      wifiPasswordChanged: true,
      houseRulesEn: 'Quiet after 22:00.',
    });

    const g = await passGuest(t, hg, 1, 1);
    const pass = await t.call(getStayPass, { bookingId: g.bookingId }, { token: g.token });
    expect(pass.body.stayPass.wifi).toEqual({ networkName: 'Kazahana-5G', password: 'snow-fall-2026' });
  });

  it('refuses guests (403), an unknown house group (404) and a malformed phone (400), changing nothing', async () => {
    const hg = await passHouseGroup(t);
    const guest = await passGuest(t, hg, 1, 1);
    const body = {
      houseGroupId: hg.houseGroupId,
      wifiNetworkName: 'x',
      wifiPassword: 'y',
      houseRulesEn: '',
      houseRulesJa: '',
      contactPhone: null,
    };
    expect((await t.call(staffUpdateStayPassSettings, body, { token: guest.token })).status).toBe(403);
    expect(
      (await t.call(staffGetStayPassSettings, { houseGroupId: hg.houseGroupId }, { token: guest.token })).status,
    ).toBe(403);
    const unknown = await t.call(
      staffUpdateStayPassSettings,
      { ...body, houseGroupId: 'hg-nowhere' },
      { token: staffToken },
    );
    expect(unknown.status).toBe(404);
    const bad = await t.callRaw(
      staffUpdateStayPassSettings,
      { ...body, contactPhone: { countryCode: 81, nationalNumber: '03-12' } },
      { token: staffToken },
    );
    expect(bad.status).toBe(400);
    const after = await t.call(staffGetStayPassSettings, { houseGroupId: hg.houseGroupId }, { token: staffToken });
    expect(after.body.settings.wifiNetworkName).toBe('Chalet-Guest');
  });
});
