import { randomUUID } from 'node:crypto';
import { civilFromIso, todayIn } from '@yado/contract/civil-date';
import { dateTimeFromDate } from '@yado/contract/date-time';
import type { Language } from '@yado/contract/headers';
import { WAITLIST_MAX_OPEN, type CancellationSubscription } from '@yado/contract/waitlist.contract';
import type { CivilDate } from '@yado/contract/common.schema';
import { AppError } from '../../platform/app-error.js';
import { withTx } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import { getHouseGroup, requireIsoDate } from '../catalogue/catalogue.service.js';
import { requireUser } from '../user/user.service.js';
import * as repo from './waitlist.repo.js';
import type { SubscriptionRecord } from './waitlist.repo.js';
import { bookingPath, guestsFit, isPast, nightsAcceptable } from './waitlist.rules.js';

type CreateInput = {
  houseGroupId: string;
  checkinDate: CivilDate;
  checkoutDate: CivilDate;
  headcount: { adults: number; children: number; infants: number };
};
type GroupView = CancellationSubscription['houseGroup'];

/** The newest subscriptions a list shows. */
const LIST_LIMIT = 100;

function toView(r: SubscriptionRecord, g: GroupView): CancellationSubscription {
  return {
    id: r.id,
    houseGroup: g,
    checkinDate: civilFromIso(r.checkinDate),
    checkoutDate: civilFromIso(r.checkoutDate),
    headcount: { adults: r.adults, children: r.children, infants: r.infants },
    state: r.state,
    offer: r.offer
      ? {
          offeredAt: dateTimeFromDate(r.offer.offeredAt),
          exclusiveUntil: dateTimeFromDate(r.offer.exclusiveUntil),
          active: r.offer.state === 'ACTIVE',
          bookingPath: bookingPath(r.houseGroupId, r),
        }
      : null,
    createdAt: dateTimeFromDate(r.createdAt),
  };
}

async function groupView(deps: Deps, language: Language, houseGroupId: string): Promise<GroupView> {
  const { houseGroup: g } = await getHouseGroup(deps, language, houseGroupId);
  return { id: g.id, name: g.name, placeName: g.placeName, timezone: g.timezone };
}

/**
 * Subscribes the caller to taken nights of a house group. Refusals in the order a guest can act on
 * them: the nights, the group, the day, the guests, then (under the user's lock, so two calls at
 * once count each other) the open limit, a duplicate, and nights that are in fact free to them.
 */
export async function createSubscription(
  deps: Deps,
  accountId: string,
  language: Language,
  input: CreateInput,
): Promise<{ cancellationSubscription: CancellationSubscription }> {
  const checkinDate = requireIsoDate('checkinDate', input.checkinDate);
  const checkoutDate = requireIsoDate('checkoutDate', input.checkoutDate);
  if (!nightsAcceptable(checkinDate, checkoutDate)) throw new AppError('CodeWaitlistStayTooLong');
  const { houseGroup: g } = await getHouseGroup(deps, language, input.houseGroupId);
  // Offers are nights of a house; a group booked by the hour has none to offer (and its hourly
  // stays are written apart from the holds that respect offers).
  if (g.usageLabel === 'TIME') throw new AppError('CodeWaitlistHourlyGroup');
  const now = deps.clock.now();
  if (isPast(checkinDate, todayIn(g.timezone, now))) throw new AppError('CodeWaitlistDatesPast');
  const { adults, children, infants } = input.headcount;
  if (!guestsFit(g, { adults, children })) throw new AppError('CodeWaitlistGuestsInvalid');
  const user = await requireUser(deps, accountId);
  const id = randomUUID();
  const wanted = { userId: user.id, houseGroupId: g.id, checkinDate, checkoutDate };
  await withTx(deps.db, async (tx) => {
    await repo.lockUser(tx, user.id);
    if ((await repo.countOpen(tx, user.id)) >= WAITLIST_MAX_OPEN) throw new AppError('CodeWaitlistLimitReached');
    if (await repo.openDuplicateExists(tx, wanted)) throw new AppError('CodeWaitlistDuplicate');
    const free = await repo.freeHouse(tx, { ...wanted, accountId, lock: false });
    if (free !== null) throw new AppError('CodeWaitlistDatesAvailable');
    await repo.insertSubscription(tx, { id, accountId, ...wanted, adults, children, infants, now });
    await repo.noteForSweep(tx, { ...wanted, now });
  });
  const stored = (await repo.findSubscription(deps.db, id))!;
  return {
    cancellationSubscription: toView(stored, {
      id: g.id,
      name: g.name,
      placeName: g.placeName,
      timezone: g.timezone,
    }),
  };
}

export async function listSubscriptions(
  deps: Deps,
  accountId: string,
  language: Language,
): Promise<{ cancellationSubscriptions: CancellationSubscription[] }> {
  const user = await requireUser(deps, accountId);
  const records = await repo.listForUser(deps.db, user.id, LIST_LIMIT);
  const groups = new Map<string, GroupView>();
  for (const id of new Set(records.map((r) => r.houseGroupId))) groups.set(id, await groupView(deps, language, id));
  return { cancellationSubscriptions: records.map((r) => toView(r, groups.get(r.houseGroupId)!)) };
}

/** Removes the caller's subscription; the nights an active offer kept go to the next subscriber at the next sweep. */
export async function deleteSubscription(
  deps: Deps,
  accountId: string,
  subscriptionId: string,
): Promise<Record<string, never>> {
  const user = await requireUser(deps, accountId);
  await withTx(deps.db, async (tx) => {
    const s = await repo.lockSubscription(tx, subscriptionId);
    if (!s || s.userId !== user.id) throw new AppError('CodeWaitlistSubscriptionNotFound');
    await repo.deleteSubscription(tx, subscriptionId, deps.clock.now());
  });
  return {};
}

/** What the waitlist forgets of a deleted user: their subscriptions (offers they held pass on). */
export async function forgetUser(deps: Deps, userId: string): Promise<void> {
  await withTx(deps.db, (tx) => repo.deleteUserData(tx, userId, deps.clock.now()));
}
