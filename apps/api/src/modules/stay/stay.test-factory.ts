import { confirmBooking, createGuestUseTentativeBooking, submitGuestRegister } from '@yado/contract/booking.contract';
import { listKeys } from '@yado/contract/stay.contract';
import type { TestApi } from '../../test-support/test-api.js';
import { bookableHouseGroup, guestWithCard, stayRequest } from '../booking/booking.test-factory.js';

export type StayGuest = Awaited<ReturnType<typeof guestWithCard>>;

/** The register of a stay of one man and one woman (stayRequest's headcount). */
export const TWO_GUESTS = [1, 2].map((n) => ({
  fullName: `Guest ${n}`,
  address: { countryCode: 'JP', city: 'Tokyo' },
  emailAddress: `guest${n}@example.com`,
  nationalityCountryCode: 'JP',
}));

/**
 * A paid stay of 2 nights from tomorrow with its guest register complete: READY_TO_CHECKIN, its key
 * due. `unlock` sets the house group's unlock operation type; `access` the house's door settings.
 */
export async function readyStay(
  t: TestApi,
  o: {
    unlock?: 'SMARTHOME' | 'MANUAL' | 'TEMAIRAZU_PARTNER';
    access?: { lockDeviceId?: string; keyBoxCode?: string; instructionsEn?: string; instructionsJa?: string };
    register?: boolean;
    guest?: StayGuest;
  } = {},
) {
  const hg = await bookableHouseGroup(t, { days: 30 });
  await t.pool.query('UPDATE house_groups SET unlock_operation_type = $2 WHERE id = $1', [
    hg.houseGroupId,
    o.unlock ?? 'SMARTHOME',
  ]);
  if (o.access) {
    await t.pool.query(
      `INSERT INTO stay_house_access (house_id, lock_device_id, key_box_code, instructions_en, instructions_ja, updated_at)
       VALUES ($1, $2, $3, $4, $5, now())`,
      [
        hg.houseIds[0],
        o.access.lockDeviceId ?? '',
        o.access.keyBoxCode ?? '',
        o.access.instructionsEn ?? '',
        o.access.instructionsJa ?? '',
      ],
    );
  }
  const g = o.guest ?? (await guestWithCard(t));
  const created = await t.call(createGuestUseTentativeBooking, stayRequest(hg.houseGroupId, hg.today, 1, 2), {
    token: g.token,
  });
  if (created.status !== 200) throw new Error(`booking failed: ${JSON.stringify(created.body)}`);
  const bookingId = created.body.bookingId;
  const confirmed = await t.call(
    confirmBooking,
    { bookingId, paymentMethodId: g.paymentMethodId, pointPaymentAmount: 0, returnPath: '/' },
    { token: g.token },
  );
  if (confirmed.body.status !== 'PAID') throw new Error(`confirm failed: ${JSON.stringify(confirmed.body)}`);
  if (o.register !== false) {
    const reg = await t.call(submitGuestRegister, { bookingId, guests: TWO_GUESTS }, { token: g.token });
    if (reg.status !== 200) throw new Error(`register failed: ${JSON.stringify(reg.body)}`);
  }
  return { ...hg, guest: g, bookingId, houseId: hg.houseIds[0]! };
}

/** The stay's key as its booker lists it (issued by this read when due). */
export async function keyOf(t: TestApi, stay: { bookingId: string; guest: { token: string } }) {
  const res = await t.call(listKeys, { bookingId: stay.bookingId }, { token: stay.guest.token });
  const key = res.body.keys[0];
  if (!key) throw new Error(`no key: ${JSON.stringify(res.body)}`);
  return key;
}

/** Moves a key's validity so that now falls inside it (the check-in time has come). */
export async function openKeyNow(t: TestApi, keyId: string): Promise<void> {
  const now = t.clock.now();
  await t.pool.query('UPDATE stay_keys SET valid_from = $2, valid_until = $3 WHERE id = $1', [
    keyId,
    new Date(now.getTime() - 3_600_000),
    new Date(now.getTime() + 24 * 3_600_000),
  ]);
}

/** Moves a key's validity into the past (its check-out time has passed). */
export async function expireKeyNow(t: TestApi, keyId: string): Promise<void> {
  const now = t.clock.now();
  await t.pool.query('UPDATE stay_keys SET valid_from = $2, valid_until = $3 WHERE id = $1', [
    keyId,
    new Date(now.getTime() - 48 * 3_600_000),
    new Date(now.getTime() - 60_000),
  ]);
}
