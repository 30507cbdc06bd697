import { randomUUID } from 'node:crypto';
import { todayIn } from '@yado/contract/civil-date';
import { withTx } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import type { Task } from '../../platform/scheduler.js';
import { getHouseGroup } from '../catalogue/catalogue.service.js';
import { enqueueNotification } from '../notification/notification-event.service.js';
import * as repo from './waitlist.repo.js';
import { bookingPath, exclusiveUntil } from './waitlist.rules.js';

/** Groups one sweep looks at, and waiting subscriptions per group it tries to offer. */
const GROUPS_PER_SWEEP = 200;
const WAITING_PER_GROUP = 100;

export type GroupSweep = { offered: number; used: number; lapsed: number };

/**
 * One group's turn, in one transaction under the group's lock: the released nights noted since
 * the last sweep are taken, offers used by their subscribers are closed (BOOKED), offers whose
 * exclusive period ended unused lapse (OFFER_EXPIRED), waiting subscriptions whose day passed
 * expire, and then each waiting subscription, in subscription order, is offered a house free on
 * all its nights (stays and others' offers; the nights' locks taken as a hold takes them), with
 * its notification in the same transaction. A lapsed offer and the next subscriber's offer so
 * commit together: between them nobody else can take the nights.
 */
export async function sweepGroup(deps: Deps, houseGroupId: string): Promise<GroupSweep> {
  // The notification carries the group's name in both languages; its reader's language picks one.
  const [{ houseGroup }, { houseGroup: ja }] = await Promise.all([
    getHouseGroup(deps, 'en', houseGroupId),
    getHouseGroup(deps, 'ja', houseGroupId),
  ]);
  const now = deps.clock.now();
  return withTx(deps.db, async (tx) => {
    await repo.lockGroup(tx, houseGroupId);
    await repo.takeReleases(tx, houseGroupId);
    const used = await repo.closeUsedOffers(tx, houseGroupId, now);
    const lapsed = await repo.closeLapsedOffers(tx, houseGroupId, now);
    await repo.expirePastWaiting(tx, houseGroupId, todayIn(houseGroup.timezone, now), now);
    let offered = 0;
    for (const s of await repo.waitingInOrder(tx, houseGroupId, WAITING_PER_GROUP)) {
      const houseId = await repo.freeHouse(tx, { houseGroupId, ...s, accountId: null, lock: true });
      if (houseId === null) continue;
      const until = exclusiveUntil(now);
      const offerId = randomUUID();
      await repo.insertOffer(tx, { id: offerId, subscription: s, houseGroupId, houseId, now, exclusiveUntil: until });
      await enqueueNotification(tx, now, {
        userId: s.userId,
        kind: 'WAITLIST_DATES_FREED',
        params: {
          houseGroupId,
          houseGroupName: houseGroup.name,
          houseGroupNameJa: ja.name,
          checkinDate: s.checkinDate,
          checkoutDate: s.checkoutDate,
          exclusiveUntil: until.toISOString(),
        },
        link: bookingPath(houseGroupId, s),
        dedupeKey: `waitlist-offer:${offerId}`,
      });
      offered++;
    }
    return { offered, used, lapsed };
  });
}

/** Two sweeps' night locks can cross a hold's; PostgreSQL then aborts one (40P01), and that group is swept again. */
async function sweepWithRetry(deps: Deps, houseGroupId: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await sweepGroup(deps, houseGroupId);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '40P01' || attempt >= 3) throw err;
    }
  }
}

/** Every group with released nights, an active offer or a waiting subscription whose day came. */
export async function runWaitlistSweep(deps: Deps): Promise<void> {
  for (const g of await repo.groupsToSweep(deps.db, deps.clock.now(), GROUPS_PER_SWEEP)) {
    await sweepWithRetry(deps, g).catch((err: unknown) =>
      deps.log.warn('waitlist sweep of a house group failed', { houseGroupId: g, error: String(err) }),
    );
  }
}

/** Offers follow a release within this period; an offer's end is seen within it too. */
export const waitlistTask: Task = { name: 'waitlist-offers', everyMs: 15_000, run: runWaitlistSweep };
