import { createGuestUseTentativeBooking, getBooking } from '@yado/contract/booking.contract';
import type { TestApi } from '../../test-support/test-api.js';
import { bookableHouseGroup, guestWithCard, stayRequest } from '../booking/booking.test-factory.js';

export type ChatGuest = Awaited<ReturnType<typeof guestWithCard>> & { bookingId: string; conversationId: string };

/** A guest with a (tentative) booking of a new house group, and the booking's conversation. */
export async function chatGuest(t: TestApi, place?: { houseGroupId: string; today: string }): Promise<ChatGuest> {
  const hg = place ?? (await bookableHouseGroup(t, { houses: 3 }));
  const g = await guestWithCard(t);
  const created = await t.call(createGuestUseTentativeBooking, stayRequest(hg.houseGroupId, hg.today, 5, 2), {
    token: g.token,
  });
  if (created.status !== 200) throw new Error(`booking failed: ${JSON.stringify(created.body)}`);
  const booking = await t.call(getBooking, { bookingId: created.body.bookingId }, { token: g.token });
  return { ...g, bookingId: created.body.bookingId, conversationId: booking.body.booking.conversationId };
}
