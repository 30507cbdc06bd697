import { randomBytes } from 'node:crypto';
import { addDays } from '@yado/contract/civil-date';
import { confirmBooking, createGuestUseTentativeBooking } from '@yado/contract/booking.contract';
import type { DateTime } from '@yado/contract/common.schema';
import { dateTimeFromDate } from '@yado/contract/date-time';
import type { TestApi } from '../../test-support/test-api.js';
import { bookableHouseGroup, guestWithCard, stayRequest } from '../booking/booking.test-factory.js';

export type RentalGuest = Awaited<ReturnType<typeof guestWithCard>> & { bookingId: string };

/** Midnight (00:00 in Japan) of an ISO date, plus `hours` (which may run past 24). */
export const jstAt = (iso: string, hours: number): Date =>
  new Date(Date.parse(`${iso}T00:00:00+09:00`) + hours * 3_600_000);

export const at = (d: Date): DateTime => dateTimeFromDate(d);

/**
 * A place with a bookable house group, one car (capacity 4, base 3,000 yen, 800 yen a half hour)
 * available for the next 10 days, a free location at the place and a paid one (500 yen), written
 * straight to the tables.
 */
export async function rentalPlace(t: TestApi, o: { deviceId?: string; capacity?: number; houses?: number } = {}) {
  const hg = await bookableHouseGroup(t, { days: 30, houses: o.houses ?? 10 });
  const suffix = randomBytes(4).toString('hex');
  const now = t.clock.now();
  const vehicleId = `veh-${suffix}`;
  await t.pool.query(
    `INSERT INTO vehicles (id, place_id, registration_number, display_name_en, display_name_ja, capacity, base_price,
       half_hour_price, telematics_device_id, created_at, updated_at)
     VALUES ($1, $2, $3, 'Leaf', 'リーフ', $4, 3000, 800, $5, $6, $6)`,
    [vehicleId, hg.placeId, `品川 300 あ ${suffix}`, o.capacity ?? 4, o.deviceId ?? `SIM-${suffix}`, now],
  );
  const lobby = `loc-${suffix}-lobby`;
  const station = `loc-${suffix}-station`;
  await t.pool.query(
    `INSERT INTO vehicle_locations (id, place_id, display_name_en, display_name_ja, price, latitude, longitude,
       created_at, updated_at)
     VALUES ($1, $3, 'Lobby', 'ロビー', 0, 36.698, 137.862, $4, $4),
            ($2, $3, 'Hakuba Station', '白馬駅', 500, 36.702, 137.861, $4, $4)`,
    [lobby, station, hg.placeId, now],
  );
  await t.pool.query(
    `INSERT INTO vehicle_availabilities (id, vehicle_id, start_time, end_time, created_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [`av-${suffix}`, vehicleId, jstAt(hg.today, 0), jstAt(addDays(hg.today, 10), 0), now],
  );
  return { ...hg, vehicleId, lobby, station };
}

/** Inserts a licence of the guest's user in a status, valid until `expireDate`. */
export async function licenseOf(
  t: TestApi,
  userId: string,
  status: 'APPROVED' | 'PENDING_REVIEW' | 'REJECTED' = 'APPROVED',
  expireDate = '2035-12-31',
): Promise<string> {
  const id = `dl-${randomBytes(5).toString('hex')}`;
  const now = t.clock.now();
  await t.pool.query(
    `INSERT INTO driver_licenses (id, user_id, driver_license_number, holder_name, holder_address, license_type,
       expire_date, status, reason, erase_after, created_at, updated_at)
     VALUES ($1, $2, $3, 'Yamada Taro', '{}'::jsonb, 'ORDINARY', $4, $5, $6, $7, $8, $8)`,
    [
      id,
      userId,
      `30${randomBytes(5).toString('hex')}`,
      expireDate,
      status,
      status === 'REJECTED' ? 'blurred' : null,
      new Date(now.getTime() + 2 * 365 * 86_400_000),
      now,
    ],
  );
  return id;
}

/** A guest with a saved card, an approved licence and a BOOKED stay of 2 nights from tomorrow at the place. */
export async function rentalGuest(
  t: TestApi,
  place: { houseGroupId: string; today: string },
  o: { license?: boolean } = {},
): Promise<RentalGuest> {
  const g = await guestWithCard(t);
  if (o.license !== false) await licenseOf(t, g.userId);
  const created = await t.call(createGuestUseTentativeBooking, stayRequest(place.houseGroupId, place.today, 1, 2), {
    token: g.token,
  });
  if (created.status !== 200) throw new Error(`booking failed: ${JSON.stringify(created.body)}`);
  const confirmed = await t.call(
    confirmBooking,
    { bookingId: created.body.bookingId, paymentMethodId: g.paymentMethodId, pointPaymentAmount: 0, returnPath: '/' },
    { token: g.token },
  );
  if (confirmed.body.status !== 'PAID') throw new Error(`confirm failed: ${JSON.stringify(confirmed.body)}`);
  return { ...g, bookingId: created.body.bookingId };
}

/** A rental request for the car from `fromHours` to `toHours` after midnight of tomorrow (Japan). */
export function rentalRequest(
  place: { vehicleId: string; lobby: string; station: string; today: string },
  g: { bookingId: string },
  fromHours: number,
  toHours: number,
  extra: { headcount?: number; pickupLocationId?: string; dropoffLocationId?: string } = {},
) {
  const day = addDays(place.today, 1);
  return {
    vehicleId: place.vehicleId,
    bookingId: g.bookingId,
    pickupLocationId: extra.pickupLocationId ?? place.station,
    dropoffLocationId: extra.dropoffLocationId ?? place.lobby,
    vehiclePickupTime: at(jstAt(day, fromHours)),
    vehicleDropoffTime: at(jstAt(day, toHours)),
    headcount: extra.headcount ?? 2,
  };
}
