import { randomUUID } from 'node:crypto';
import type { Db } from '../../platform/db/pool.js';
import { withTx } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/app-error.js';
import { setBookingStayStyle } from '../stay-style/stay-style.service.js';
import { requireUser } from '../user/user.service.js';
import type { IsoDate } from '@yado/contract/civil-date';
import { priceRequest } from './booking-quote.service.js';
import type { EntitlementFacts } from './use-types/use-type.js';
import { useTypeOf } from './use-types/use-types.registry.js';
import * as repo from './booking.repo.js';
import {
  bookingRow,
  createdOutput,
  firstEvent,
  placeRequestedOrders,
  takeFirstFreeHouse,
  withHouse,
  type Created,
  type HoldIds,
  type HoldRequest,
} from './create-tentative-booking.service.js';

/** The booking types whose room an entitlement pays. */
export type EntitledBookingType = 'NFT_THE_KEY_USE' | 'NFT_MASTER_KEY_USE' | 'DAO_USE';

/** The nights of a stay by season: what an entitlement counts in standard and high nights. */
export type NightsBySeason = { standard: number; high: number };

export function nightsBySeason(nights: readonly { priceType: 'STANDARD' | 'HIGH' }[]): NightsBySeason {
  const high = nights.filter((n) => n.priceType === 'HIGH').length;
  return { standard: nights.length - high, high };
}

/**
 * The hold of a stay whose room an entitlement pays (a key token, a DAO slot; decision 0051): the
 * core prices it (its nights at zero, meals and options as any stay), takes the first free house,
 * writes the booking and its orders, and — in the same transaction — lets the entitlement's module
 * take its nights (`take`), whose ledger guard may refuse and so undo the whole hold.
 */
export async function holdEntitledStay(
  deps: Deps,
  input: Omit<HoldRequest, 'bookingType' | 'request'> & {
    bookingType: EntitledBookingType;
    request: HoldRequest['request'];
    /** What pays the room, as the booking's type extension shows it. */
    entitlement: EntitlementFacts;
    /** The one house the entitlement is for (a voucher naming a house); left out: any house of the group. */
    onlyHouseId?: string | null;
  },
  take: (tx: Db, ctx: { bookingId: string; checkinDate: IsoDate; nights: NightsBySeason; now: Date }) => Promise<void>,
): Promise<Created> {
  const { entitlement, onlyHouseId, ...hold } = input;
  if (!useTypeOf(hold.bookingType).coversNights) throw new AppError('CodeBookingTypeNotAvailable');
  const [priced, user] = await Promise.all([
    priceRequest(deps, {
      accountId: hold.accountId,
      language: hold.language,
      bookingType: hold.bookingType,
      request: hold.request,
    }),
    requireUser(deps, hold.accountId),
  ]);
  const busy = await repo.busyHouseIds(deps.db, priced.houseGroup.id, priced.checkinDate, priced.checkoutDate);
  const candidates = priced.houseIds.filter((id) => !busy.has(id) && (!onlyHouseId || id === onlyHouseId));
  if (candidates.length === 0) throw new AppError('CodeHouseNotAvailable');
  const ids: HoldIds = {
    bookingId: randomUUID(),
    stayId: randomUUID(),
    conversationId: randomUUID(),
    now: deps.clock.now(),
    accountId: hold.accountId,
  };
  const held = await withTx(deps.db, async (tx) => {
    const houseId = await takeFirstFreeHouse(tx, priced, candidates, ids);
    const snapshot = withHouse(priced.snapshot, houseId);
    const bookingNumber = await repo.insertBooking(
      tx,
      bookingRow(hold, priced, ids, { userId: user.id, houseId, snapshot, couponRedemptionId: null }),
      firstEvent(hold, houseId, snapshot, null),
    );
    await repo.updateBooking(tx, ids.bookingId, { entitlement }, ids.now);
    await take(tx, {
      bookingId: ids.bookingId,
      checkinDate: priced.checkinDate,
      nights: nightsBySeason(priced.nights),
      now: ids.now,
    });
    const { stayStyleId } = hold.request;
    if (stayStyleId) {
      await setBookingStayStyle(tx, { bookingId: ids.bookingId, houseGroupId: priced.houseGroup.id, stayStyleId });
    }
    const ordered = await placeRequestedOrders(tx, hold, priced, ids, snapshot);
    return { bookingNumber, houseId, snapshot: ordered, user };
  });
  return createdOutput(hold, priced, ids, held);
}
