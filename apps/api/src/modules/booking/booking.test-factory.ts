import { randomBytes, randomUUID } from 'node:crypto';
import { plannedConsumeEntries } from '../ownership/slot-ledger.service.js';
import type { BookingRecord, OwnerHoldArgs } from './booking.repo.js';
import { IDENTITY_ROUTES } from '@yado/contract/identity.contract';
import type { TestApi } from '../../test-support/test-api.js';
import { registeredUser } from '../../test-support/user-factory.js';
import { addDays, todayIn } from '@yado/contract/civil-date';
import { attachProviderCard } from '../payment/payment.service.js';
import { vaultTestCard } from '../payment/test-processor.service.js';
import { civilFromIso as civil } from '@yado/contract/civil-date';
import type { createGuestUseTentativeBooking } from '@yado/contract/booking.contract';
import type { MethodInput } from '@yado/contract/method';

/** What create_guest_use_tentative_booking (and get_booking_quote) accepts. */
export type StayRequest = MethodInput<typeof createGuestUseTentativeBooking>;

export type HouseGroupOptions = {
  houses?: number;
  type?: 'YADO' | 'EXCLUSIVE';
  bookingTypes?: string[];
  baseCapacity?: number;
  maxCapacity?: number;
  extraCharge?: number;
  petsAllowed?: boolean;
  maxPets?: number;
  /** Nightly STANDARD price of every day on sale. */
  price?: number;
  /** Days from today (Asia/Tokyo) on sale. */
  days?: number;
  closed?: string[];
};

/** A place with a house group, its houses and a priced season calendar, written straight to the tables. */
export async function bookableHouseGroup(t: TestApi, o: HouseGroupOptions = {}) {
  const suffix = randomBytes(4).toString('hex');
  const placeId = `place-${suffix}`;
  const houseGroupId = `hg-${suffix}`;
  await t.pool.query(
    `INSERT INTO places (id, name_en, name_ja, prefecture_en, prefecture_ja, city_en, city_ja)
     VALUES ($1, $2, $3, 'Nagano', '長野県', 'Hakuba', '白馬村')`,
    [placeId, `Snow Field ${suffix}`, `雪原 ${suffix}`],
  );
  await t.pool.query(
    `INSERT INTO house_groups (id, place_id, name_en, name_ja, timezone, type, available_booking_types,
       base_capacity, max_capacity, extra_charge_per_guest_per_night, is_pet_allowed, max_pet_capacity,
       service_charge_percentage)
     VALUES ($1, $2, $3, $4, 'Asia/Tokyo', $5, $6, $7, $8, $9, $10, $11, 10)`,
    [
      houseGroupId,
      placeId,
      `Snow Chalet ${suffix}`,
      `スノーシャレー ${suffix}`,
      o.type ?? 'YADO',
      o.bookingTypes ?? ['GUEST_USE'],
      o.baseCapacity ?? 2,
      o.maxCapacity ?? 4,
      o.extraCharge ?? 3_000,
      o.petsAllowed ?? false,
      o.maxPets ?? 0,
    ],
  );
  const houseIds: string[] = [];
  for (let i = 0; i < (o.houses ?? 1); i++) {
    const id = `house-${suffix}-${i}`;
    houseIds.push(id);
    await t.pool.query(`INSERT INTO houses (id, house_group_id, name_en, name_ja) VALUES ($1, $2, $3, $3)`, [
      id,
      houseGroupId,
      `House ${i + 1}`,
    ]);
  }
  const today = todayIn('Asia/Tokyo', t.clock.now());
  await t.pool.query(
    `INSERT INTO house_group_days (house_group_id, date, price_type, closed, standard_price, high_price)
     SELECT $1, d::date, 'STANDARD', d::date = ANY($5::date[]), $3::bigint, $3::bigint * 2
     FROM generate_series($2::date - 2, $2::date + $4::int, interval '1 day') AS d`,
    [houseGroupId, today, o.price ?? 20_000, o.days ?? 120, o.closed ?? []],
  );
  return { placeId, houseGroupId, houseIds, today };
}

/** A registered guest with a saved test card (4242… succeeds; see test-processor.rules for the others). */
export async function guestWithCard(t: TestApi, cardNumber = '4242424242424242') {
  const u = await registeredUser(t);
  const principal = await t.api.verifyIdToken(u.token);
  const paymentMethodId = await addCard(t, principal.accountId, cardNumber);
  return { token: u.token, accountId: principal.accountId, userId: u.user.id, email: u.email, paymentMethodId };
}

export async function addCard(t: TestApi, accountId: string, number: string): Promise<string> {
  const card = await vaultTestCard(t.pool, {
    number,
    brand: 'VISA',
    expirationYear: 2039,
    expirationMonth: 12,
    holderName: 'TARO YAMADA',
    paymentType: 'CREDIT_CARD',
    now: t.clock.now(),
  });
  const method = await attachProviderCard(t.api.deps, accountId, card);
  return method.creditCard.paymentMethodId;
}

/**
 * The first offset from `today`, at least `atLeast` days ahead, from which `nights` nights all fall in
 * one calendar year. Allowances counted per year (an owner's slots, a key token's nights) then come
 * from one year's balance on whatever day the test runs, a stay across the new year included.
 */
export function daysAheadInOneYear(today: string, atLeast: number, nights: number): number {
  let d = atLeast;
  while (addDays(today, d).slice(0, 4) !== addDays(today, d + nights - 1).slice(0, 4)) d++;
  return d;
}

/** A booking request for `nights` nights from `fromToday` days ahead. */
export function stayRequest(
  houseGroupId: string,
  today: string,
  fromToday: number,
  nights = 2,
  extra: Partial<StayRequest> = {},
): StayRequest {
  return {
    houseGroupId,
    checkinDate: civil(addDays(today, fromToday)),
    checkoutDate: civil(addDays(today, fromToday + nights)),
    headcount: { males: 1, females: 1, children: 0, largeDogs: 0, mediumDogs: 0, smallDogs: 0 },
    childrenAge: [],
    ...extra,
  };
}

/** A new ID token for the guest, after the test clock moved past the old one's lifetime. */
export async function freshToken(t: TestApi, g: { email: string; token: string }): Promise<void> {
  const res = await t.identityPost<{ idToken: string }>(IDENTITY_ROUTES.signInWithPassword, {
    email: g.email,
    password: 'correct horse battery',
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(res.body)}`);
  g.token = res.body.idToken;
}

/**
 * The arguments of an owner hold's one call (hold_owner_stay, hold_owner_stays) copied from a
 * booking the owner held through the API: new ids, one night `fromToday`, the slots `plan` takes
 * of `slotYear` on the owner's share.
 */
export function ownerHoldLike(
  template: BookingRecord,
  o: {
    today: string;
    fromToday: number;
    houseIds: readonly string[];
    accountId: string;
    shareId: string;
    slotYear: number;
    plan: { slotStandard?: number; slotHigh?: number; slotHighSubstitute?: number };
    now: Date;
    bookingId?: string;
    contextFingerprint?: string | null;
    checkReservation?: boolean;
  },
): OwnerHoldArgs {
  const bookingId = o.bookingId ?? randomUUID();
  return {
    catalogueSeen: null,
    houseIds: o.houseIds,
    booking: {
      ...template,
      id: bookingId,
      stayId: randomUUID(),
      conversationId: randomUUID(),
      checkinDate: addDays(o.today, o.fromToday),
      checkoutDate: addDays(o.today, o.fromToday + 1),
      createdAt: o.now,
    },
    event: { fromStatus: null, toStatus: 'TENTATIVE', action: 'CREATE_TENTATIVE', actor: `account:${o.accountId}` },
    owner: {
      shareId: o.shareId,
      debtOption: 'DEFAULT',
      bookedByFamilyMember: false,
      entries: plannedConsumeEntries({ shareId: o.shareId, bookingId }, [
        { slotYear: o.slotYear, slotStandard: 0, slotHigh: 0, slotHighSubstitute: 0, ...o.plan },
      ]),
      contextFingerprint: o.contextFingerprint ?? null,
      checkReservation: o.checkReservation ?? false,
    },
  };
}
