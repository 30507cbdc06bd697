import { randomBytes } from 'node:crypto';
import { confirmBooking, createGuestUseTentativeBooking, submitGuestRegister } from '@yado/contract/booking.contract';
import type { TestApi } from '../../test-support/test-api.js';
import { readyToCheckin } from '../booking/booking-jobs.service.js';
import { bookableHouseGroup, guestWithCard, stayRequest } from '../booking/booking.test-factory.js';
import { TWO_GUESTS } from '../stay/stay.test-factory.js';

/**
 * A house group whose stay-pass details are set (Wi-Fi, rules, phone) and whose houses have their
 * door settings (a key-box code and directions, the keys module's), written straight to the tables.
 */
export async function passHouseGroup(t: TestApi, unlock: 'SMARTHOME' | 'MANUAL' | 'TEMAIRAZU_PARTNER' = 'MANUAL') {
  const hg = await bookableHouseGroup(t, { days: 30, houses: 4 });
  const secret = randomBytes(6).toString('hex');
  const keyBoxCode = `7${secret.slice(0, 3)}`;
  await t.pool.query(
    `UPDATE house_groups SET unlock_operation_type = $2, latitude = 36.698, longitude = 137.862,
       checkin_time = '15:00', checkout_time = '11:00', postal_code = '399-9301',
       address_en = '{"state":"Nagano","city":"Hakuba","street1":"1-2-3 Hokujo","street2":""}',
       address_ja = '{"state":"長野県","city":"白馬村","street1":"北城1-2-3","street2":""}'
     WHERE id = $1`,
    [hg.houseGroupId, unlock],
  );
  await t.pool.query(
    `INSERT INTO house_group_stay_details (house_group_id, wifi_network_name, wifi_password, house_rules_en,
       house_rules_ja, contact_phone_country_code, contact_phone_national_number)
     VALUES ($1, 'Chalet-Guest', $2, 'No smoking indoors.', '屋内禁煙です。', 81, '0261720000')`,
    [hg.houseGroupId, `wifi-${secret}`],
  );
  await t.pool.query(
    `INSERT INTO stay_house_access (house_id, lock_device_id, key_box_code, instructions_en, instructions_ja, updated_at)
     SELECT id, '', $2, 'The key box is left of the door.', 'キーボックスは玄関の左です。', now()
       FROM houses WHERE house_group_id = $1`,
    [hg.houseGroupId, unlock === 'MANUAL' ? keyBoxCode : ''],
  );
  return { ...hg, wifiPassword: `wifi-${secret}`, keyBoxCode };
}

/** A guest with a saved card and a BOOKED stay of `nights` nights from `fromToday` days ahead (register not filled in). */
export async function passGuest(t: TestApi, hg: { houseGroupId: string; today: string }, fromToday = 1, nights = 2) {
  const g = await guestWithCard(t);
  const created = await t.call(
    createGuestUseTentativeBooking,
    stayRequest(hg.houseGroupId, hg.today, fromToday, nights),
    {
      token: g.token,
    },
  );
  if (created.status !== 200) throw new Error(`booking failed: ${JSON.stringify(created.body)}`);
  const confirmed = await t.call(
    confirmBooking,
    { bookingId: created.body.bookingId, paymentMethodId: g.paymentMethodId, pointPaymentAmount: 0, returnPath: '/' },
    { token: g.token },
  );
  if (confirmed.body.status !== 'PAID') throw new Error(`confirm failed: ${JSON.stringify(confirmed.body)}`);
  return { ...g, bookingId: created.body.bookingId };
}

/**
 * A guest whose stay from tomorrow has its guest register complete and is READY_TO_CHECKIN (the
 * booking module's own step run): its key is due, not yet issued.
 */
export async function readyPassGuest(t: TestApi, hg: { houseGroupId: string; today: string }, nights = 2) {
  const g = await passGuest(t, hg, 1, nights);
  const reg = await t.call(submitGuestRegister, { bookingId: g.bookingId, guests: TWO_GUESTS }, { token: g.token });
  if (reg.status !== 200) throw new Error(`register failed: ${JSON.stringify(reg.body)}`);
  await readyToCheckin(t.api.deps);
  return g;
}
