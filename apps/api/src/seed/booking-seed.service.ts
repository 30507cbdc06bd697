import { fixedClock } from '../platform/clock.js';
import type { Deps } from '../platform/deps.js';
import { addDays, addMonths, firstOfMonth, monthOf, todayIn } from '@yado/contract/civil-date';
import { checkinBooking, checkoutBooking, submitGuestRegister } from '../modules/booking/booking-lifecycle.service.js';
import { chargeDefaultBillings } from '../modules/booking/booking-jobs.service.js';
import { confirmBooking } from '../modules/booking/confirm-booking.service.js';
import { createTentativeBooking } from '../modules/booking/create-tentative-booking.service.js';
import { civilFromIso as civil } from '@yado/contract/civil-date';
import { listPaymentMethods } from '../modules/payment/payment.service.js';
import * as repo from './booking-seed.repo.js';

const DEMO_GUEST = 'guest@yado.example';
const HOUSE_GROUP = 'hg-kazahana-villa';

const stay = (checkin: string, nights: number) => ({
  houseGroupId: HOUSE_GROUP,
  checkinDate: civil(checkin),
  checkoutDate: civil(addDays(checkin, nights)),
  headcount: { males: 1, females: 1, children: 0, largeDogs: 0, mediumDogs: 0, smallDogs: 0 },
  childrenAge: [],
  allergy: '',
  request: 'Late arrival, around 20:00.',
  meals: [],
  extraOptions: [],
});

/** Books through the booking services as the guest would, at the clock's time. */
async function book(deps: Deps, accountId: string, paymentMethodId: string, checkin: string, nights: number) {
  const created = await createTentativeBooking(deps, accountId, 'en', 'GUEST_USE', stay(checkin, nights));
  await confirmBooking(deps, accountId, {
    bookingId: created.bookingId,
    paymentMethodId,
    pointPaymentAmount: 0,
    returnPath: '/en/mypage/bookings',
  });
  return created.bookingId;
}

/**
 * The demo guest's bookings: one BOOKED stay three weeks ahead and two
 * CHECKED_OUT stays, one in the quarter before this one and one last month (booked, charged, registered, checked in and
 * out on a clock set back to those days), made through the booking services.
 */
export async function seedDemoBookings(deps: Deps): Promise<void> {
  const accountId = await repo.accountIdOfEmail(deps.db, DEMO_GUEST);
  if (!accountId || (await repo.bookingCount(deps.db, accountId)) > 0) return;
  const card = (await listPaymentMethods(deps, accountId)).paymentMethods[0];
  if (!card) return;
  const paymentMethodId = card.creditCard.paymentMethodId;
  const today = todayIn('Asia/Tokyo', deps.clock.now());

  // Upcoming: the first free two nights from three weeks ahead.
  for (let d = 21; d < 60; d += 3) {
    try {
      await book(deps, accountId, paymentMethodId, addDays(today, d), 2);
      break;
    } catch {
      // Taken by the demo stays: try a few days later.
    }
  }

  // Past: a stay in the quarter before this one, so the payment statements have a whole quarter to
  // show, and one that began 30 days ago; each lived through on a clock set back.
  const m = Number(today.slice(5, 7));
  const quarterStart = `${today.slice(0, 4)}-${String(m - ((m - 1) % 3)).padStart(2, '0')}-01`;
  const previousQuarter = firstOfMonth(addMonths(monthOf(quarterStart), -3));
  await livedStay(deps, accountId, paymentMethodId, addDays(previousQuarter, 50), today);
  await livedStay(deps, accountId, paymentMethodId, addDays(today, -30), today);
}

/** A stay lived through on a clock set back to its days: booked, charged, registered, checked in and out. */
async function livedStay(deps: Deps, accountId: string, paymentMethodId: string, checkin: string, today: string) {
  await repo.pricePastNights(deps.db, HOUSE_GROUP, addDays(checkin, -1), addDays(today, -1));
  const clock = fixedClock(new Date(`${addDays(checkin, -14)}T10:00:00+09:00`));
  const past = { ...deps, clock };
  const bookingId = await book(past, accountId, paymentMethodId, checkin, 2);
  clock.set(new Date(`${addDays(checkin, -3)}T09:00:00+09:00`));
  await chargeDefaultBillings(past);
  await submitGuestRegister(past, accountId, {
    bookingId,
    guests: [
      {
        fullName: 'Demo Guest',
        address: {
          countryCode: 'JP',
          postalCode: '150-0001',
          state: 'Tokyo',
          city: 'Shibuya',
          street1: '1-1-1',
          street2: '',
        },
        phoneNumber: null,
        emailAddress: DEMO_GUEST,
        nationalityCountryCode: 'JP',
        passportNumber: null,
        age: null,
      },
      {
        fullName: 'Demo Companion',
        address: {
          countryCode: 'JP',
          postalCode: '150-0001',
          state: 'Tokyo',
          city: 'Shibuya',
          street1: '1-1-1',
          street2: '',
        },
        phoneNumber: null,
        emailAddress: null,
        nationalityCountryCode: 'JP',
        passportNumber: null,
        age: null,
      },
    ],
  });
  clock.set(new Date(`${checkin}T16:00:00+09:00`));
  await checkinBooking(past, { bookingId, accountId, staff: false, language: 'en' });
  clock.set(new Date(`${addDays(checkin, 2)}T10:00:00+09:00`));
  await checkoutBooking(past, { bookingId, accountId, staff: false });
}
