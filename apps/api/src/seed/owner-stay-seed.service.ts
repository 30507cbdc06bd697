import { randomBytes, randomUUID, createHash } from 'node:crypto';
import { addDays, civilFromIso as civil, todayIn } from '@yado/contract/civil-date';
import { fixedClock } from '../platform/clock.js';
import type { Deps } from '../platform/deps.js';
import { checkinBooking, checkoutBooking, submitGuestRegister } from '../modules/booking/booking-lifecycle.service.js';
import { holdOwnerStay } from '../modules/booking/owner-booking.service.js';
import { confirmOwnerBooking } from '../modules/booking/owner-fees.service.js';
import { useTypeOf } from '../modules/booking/use-types/use-types.registry.js';
import { staffUpdateOwnerSettings } from '../modules/ownership/owner-settings.service.js';
import { findUserOfAccount } from '../modules/user/user.service.js';
import * as repo from './booking-seed.repo.js';
import * as family from './family-seed.repo.js';

const DEMO_OWNER = 'owner@yado.example';
const DEMO_FAMILY = 'family@yado.example';

/**
 * What the demo house groups ask of owners (tax-exclusive yen): the own-use fee per stay, the
 * mutual-use extra charge per night and the management fee per house per month (an owner's
 * statement charges their share's part). Every YADO group takes part in the owner network.
 */
export const DEMO_OWNER_SETTINGS = [
  {
    houseGroupId: 'hg-kazahana-villa',
    ownUseFee: 8_000,
    mutualUseExtraChargePerDay: 6_000,
    managementFeePerMonth: 180_000,
  },
  {
    houseGroupId: 'hg-kazahana-onsen',
    ownUseFee: 9_000,
    mutualUseExtraChargePerDay: 7_000,
    managementFeePerMonth: 150_000,
  },
  {
    houseGroupId: 'hg-komorebi-cabin',
    ownUseFee: 6_000,
    mutualUseExtraChargePerDay: 5_000,
    managementFeePerMonth: 120_000,
  },
  {
    houseGroupId: 'hg-komorebi-lodge',
    ownUseFee: 7_000,
    mutualUseExtraChargePerDay: 5_500,
    managementFeePerMonth: 120_000,
  },
  {
    houseGroupId: 'hg-shiosai-house',
    ownUseFee: 7_500,
    mutualUseExtraChargePerDay: 6_000,
    managementFeePerMonth: 140_000,
  },
] as const;

export async function seedDemoOwnerSettings(deps: Deps): Promise<void> {
  for (const s of DEMO_OWNER_SETTINGS) {
    await staffUpdateOwnerSettings(deps, 'system:demo-seed', { ...s, allowHighSubstitute: true, inOwnerNetwork: true });
  }
}

const request = (houseGroupId: string, checkin: string, nights: number, adults = 2) => ({
  houseGroupId,
  checkinDate: civil(checkin),
  checkoutDate: civil(addDays(checkin, nights)),
  headcount: { males: 1, females: adults - 1, children: 0, largeDogs: 0, mediumDogs: 0, smallDogs: 0 },
  childrenAge: [],
  allergy: '',
  request: '',
  meals: [],
  extraOptions: [],
  debtOption: 'DEFAULT' as const,
});

/** Holds and confirms an owner stay on the first free nights from `fromDay` days ahead (null when none was free). */
async function bookFirstFree(
  deps: Deps,
  accountId: string,
  bookingType: 'OWN_USE' | 'MUTUAL_USE',
  houseGroupId: string,
  fromDay: number,
  nights: number,
): Promise<string | null> {
  const today = todayIn('Asia/Tokyo', deps.clock.now());
  for (let d = fromDay; d < fromDay + 40; d += 2) {
    try {
      const held = await holdOwnerStay(
        deps,
        accountId,
        'en',
        useTypeOf(bookingType),
        request(houseGroupId, addDays(today, d), nights),
      );
      await confirmOwnerBooking(deps, accountId, { bookingId: held.bookingId });
      return held.bookingId;
    } catch {
      // Those nights are taken by the demo stays: a few days later.
    }
  }
  return null;
}

const registerEntry = (fullName: string, emailAddress: string | null) => ({
  fullName,
  address: {
    countryCode: 'JP',
    postalCode: '150-0013',
    state: 'Tokyo',
    city: 'Shibuya',
    street1: '4-5-6',
    street2: '',
  },
  phoneNumber: null,
  emailAddress,
  nationalityCountryCode: 'JP',
  passportNumber: null,
  age: null,
});

/**
 * The demo owner's nights in use: a stay at the hot-spring house 45 days ago (lived through on a
 * clock set back, when it falls in this slot year), an upcoming own-use stay at the villa and a
 * mutual-use stay at Komorebi Cabin, all under the DEFAULT debt option; the demo family member
 * (family@yado.example) accepted, with a stay of their own on the owner's villa share.
 */
export async function seedDemoOwnerStays(deps: Deps): Promise<void> {
  const ownerAccountId = await repo.accountIdOfEmail(deps.db, DEMO_OWNER);
  const familyAccountId = await repo.accountIdOfEmail(deps.db, DEMO_FAMILY);
  if (!ownerAccountId || (await repo.bookingCount(deps.db, ownerAccountId)) > 0) return;
  const owner = await findUserOfAccount(deps, ownerAccountId);
  if (!owner) return;
  const today = todayIn('Asia/Tokyo', deps.clock.now());

  const checkin = addDays(today, -45);
  if (checkin.slice(0, 4) === today.slice(0, 4)) {
    await repo.pricePastNights(deps.db, 'hg-kazahana-onsen', addDays(checkin, -1), addDays(today, -1));
    const clock = fixedClock(new Date(`${addDays(checkin, -20)}T10:00:00+09:00`));
    const past = { ...deps, clock };
    const bookingId = await bookFirstFree(past, ownerAccountId, 'OWN_USE', 'hg-kazahana-onsen', 20, 3);
    if (bookingId) {
      const b = await repo.checkinDateOf(deps.db, bookingId);
      await submitGuestRegister(past, ownerAccountId, {
        bookingId,
        guests: [registerEntry('Kenji Tanaka', DEMO_OWNER), registerEntry('Yuko Tanaka', null)],
      });
      clock.set(new Date(`${b}T16:00:00+09:00`));
      await checkinBooking(past, { bookingId, accountId: ownerAccountId, staff: false, language: 'en' });
      clock.set(new Date(`${addDays(b, 3)}T10:00:00+09:00`));
      await checkoutBooking(past, { bookingId, accountId: ownerAccountId, staff: false });
    }
  }
  await bookFirstFree(deps, ownerAccountId, 'OWN_USE', 'hg-kazahana-villa', 30, 3);
  await bookFirstFree(deps, ownerAccountId, 'MUTUAL_USE', 'hg-komorebi-cabin', 20, 2);

  if (!familyAccountId) return;
  const member = await findUserOfAccount(deps, familyAccountId);
  if (!member) return;
  await family.insertAcceptedMember(deps.db, {
    id: randomUUID(),
    ownerUserId: owner.id,
    memberUserId: member.id,
    email: DEMO_FAMILY,
    displayName: 'Yuko Tanaka',
    relationship: 'SPOUSE',
    // The demo membership was never mailed: its token is a random one nobody holds.
    tokenHash: createHash('sha256').update(randomBytes(32)).digest('hex'),
    at: deps.clock.now(),
  });
  await bookFirstFree(deps, familyAccountId, 'OWN_USE', 'hg-kazahana-villa', 60, 2);
}
