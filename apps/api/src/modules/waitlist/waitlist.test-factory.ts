import { addDays, civilFromIso } from '@yado/contract/civil-date';
import { cancelBooking, createGuestUseTentativeBooking } from '@yado/contract/booking.contract';
import type { TestApi } from '../../test-support/test-api.js';
import { registeredUser } from '../../test-support/user-factory.js';
import { bookableHouseGroup, freshToken, stayRequest } from '../booking/booking.test-factory.js';

export type Guest = { token: string; email: string; userId: string };

export async function waitlistGuest(t: TestApi): Promise<Guest> {
  const u = await registeredUser(t);
  return { token: u.token, email: u.email, userId: u.user.id };
}

/** New tokens for guests after the test clock moved past their lifetime. */
export async function refreshTokens(t: TestApi, ...guests: Guest[]): Promise<void> {
  for (const g of guests) await freshToken(t, g);
}

/** A house group of `houses` houses on sale for 120 days, and the nights [from, from + nights) as ISO dates. */
export async function waitlistGroup(t: TestApi, houses = 1) {
  const g = await bookableHouseGroup(t, { houses, maxCapacity: 4 });
  const nights = (from: number, n = 2) => ({ checkin: addDays(g.today, from), checkout: addDays(g.today, from + n) });
  return { ...g, nights };
}

/** What create_cancellation_subscription takes for those nights. */
export function subscriptionInput(
  houseGroupId: string,
  n: { checkin: string; checkout: string },
  headcount: { adults: number; children?: number; infants?: number } = { adults: 2 },
) {
  return {
    houseGroupId,
    checkinDate: civilFromIso(n.checkin),
    checkoutDate: civilFromIso(n.checkout),
    headcount,
  };
}

/** Holds the nights for the guest (a plain TENTATIVE guest booking); returns the booking id. */
export async function holdNights(t: TestApi, g: Guest, houseGroupId: string, today: string, from: number, n = 2) {
  const res = await t.call(createGuestUseTentativeBooking, stayRequest(houseGroupId, today, from, n), {
    token: g.token,
  });
  return res;
}

export async function cancel(t: TestApi, g: Guest, bookingId: string) {
  const res = await t.call(cancelBooking, { bookingId }, { token: g.token });
  if (res.status !== 200) throw new Error(`cancel_booking failed: ${JSON.stringify(res.body)}`);
}
