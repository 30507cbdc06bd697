import type { Db } from '../../platform/db/pool.js';

/** A subscription as stored, with its latest offer. */
export type SubscriptionRecord = {
  id: string;
  accountId: string;
  userId: string;
  houseGroupId: string;
  checkinDate: string;
  checkoutDate: string;
  adults: number;
  children: number;
  infants: number;
  state: 'WAITING' | 'OFFERED' | 'BOOKED' | 'OFFER_EXPIRED' | 'EXPIRED';
  createdAt: Date;
  offer: { offeredAt: Date; exclusiveUntil: Date; state: 'ACTIVE' | 'USED' | 'EXPIRED' } | null;
};

type Row = {
  id: string;
  account_id: string;
  user_id: string;
  house_group_id: string;
  checkin_date: string;
  checkout_date: string;
  adults: number;
  children: number;
  infants: number;
  state: SubscriptionRecord['state'];
  created_at: Date;
  offered_at: Date | null;
  exclusive_until: Date | null;
  offer_state: 'ACTIVE' | 'USED' | 'EXPIRED' | null;
};

const SELECT = `SELECT s.id, s.account_id, s.user_id, s.house_group_id, s.checkin_date::text AS checkin_date,
    s.checkout_date::text AS checkout_date, s.adults, s.children, s.infants, s.state, s.created_at,
    o.offered_at, o.exclusive_until, o.state AS offer_state
  FROM cancellation_subscriptions s
  LEFT JOIN LATERAL (SELECT * FROM waitlist_offers o WHERE o.subscription_id = s.id
                     ORDER BY o.offered_at DESC, o.id LIMIT 1) o ON true`;

function toRecord(r: Row): SubscriptionRecord {
  return {
    id: r.id,
    accountId: r.account_id,
    userId: r.user_id,
    houseGroupId: r.house_group_id,
    checkinDate: r.checkin_date,
    checkoutDate: r.checkout_date,
    adults: r.adults,
    children: r.children,
    infants: r.infants,
    state: r.state,
    createdAt: r.created_at,
    offer:
      r.offered_at && r.exclusive_until && r.offer_state
        ? { offeredAt: r.offered_at, exclusiveUntil: r.exclusive_until, state: r.offer_state }
        : null,
  };
}

/** Serialises one user's subscribing, so the open count and the duplicate check hold under concurrent calls. */
export async function lockUser(tx: Db, userId: string): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('waitlist-user'), hashtext($1))`, [userId]);
}

export async function countOpen(db: Db, userId: string): Promise<number> {
  const r = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM cancellation_subscriptions WHERE user_id = $1 AND state IN ('WAITING', 'OFFERED')`,
    [userId],
  );
  return r.rows[0]!.n;
}

export async function openDuplicateExists(
  db: Db,
  s: { userId: string; houseGroupId: string; checkinDate: string; checkoutDate: string },
): Promise<boolean> {
  const r = await db.query(
    `SELECT 1 FROM cancellation_subscriptions WHERE user_id = $1 AND house_group_id = $2 AND checkin_date = $3
       AND checkout_date = $4 AND state IN ('WAITING', 'OFFERED')`,
    [s.userId, s.houseGroupId, s.checkinDate, s.checkoutDate],
  );
  return (r.rowCount ?? 0) > 0;
}

/**
 * The first house of the group free on the nights for the account (no stay, no offer of someone
 * else's; a null account: no offer at all), taking its night locks first when `lock` is set.
 */
export async function freeHouse(
  db: Db,
  s: { houseGroupId: string; checkinDate: string; checkoutDate: string; accountId: string | null; lock: boolean },
): Promise<string | null> {
  const r = await db.query<{ house: string | null }>(
    'SELECT waitlist_free_house($1, $2::date, $3::date, $4::uuid, $5) AS house',
    [s.houseGroupId, s.checkinDate, s.checkoutDate, s.accountId, s.lock],
  );
  return r.rows[0]?.house ?? null;
}

export async function insertSubscription(
  db: Db,
  s: Omit<SubscriptionRecord, 'state' | 'offer' | 'createdAt'> & { now: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO cancellation_subscriptions (id, account_id, user_id, house_group_id, checkin_date, checkout_date,
       adults, children, infants, state, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'WAITING', $10, $10)`,
    [
      s.id,
      s.accountId,
      s.userId,
      s.houseGroupId,
      s.checkinDate,
      s.checkoutDate,
      s.adults,
      s.children,
      s.infants,
      s.now,
    ],
  );
}

/**
 * Notes the nights for the next sweep as if just released: a release committed while the
 * subscription was being written did not see it (its trigger looks for waiting subscriptions), and
 * the sweep then finds the nights free and offers them instead of leaving the subscriber waiting.
 */
export async function noteForSweep(
  db: Db,
  s: { houseGroupId: string; checkinDate: string; checkoutDate: string; now: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO waitlist_releases (house_group_id, checkin_date, checkout_date, released_at) VALUES ($1, $2, $3, $4)`,
    [s.houseGroupId, s.checkinDate, s.checkoutDate, s.now],
  );
}

export async function findSubscription(db: Db, id: string): Promise<SubscriptionRecord | null> {
  const r = await db.query<Row>(`${SELECT} WHERE s.id = $1`, [id]);
  return r.rows[0] ? toRecord(r.rows[0]) : null;
}

export async function lockSubscription(tx: Db, id: string): Promise<{ userId: string } | null> {
  const r = await tx.query<{ user_id: string }>(
    'SELECT user_id FROM cancellation_subscriptions WHERE id = $1 FOR UPDATE',
    [id],
  );
  return r.rows[0] ? { userId: r.rows[0].user_id } : null;
}

export async function listForUser(db: Db, userId: string, limit: number): Promise<SubscriptionRecord[]> {
  const r = await db.query<Row>(`${SELECT} WHERE s.user_id = $1 ORDER BY s.created_at DESC, s.seq DESC LIMIT $2`, [
    userId,
    limit,
  ]);
  return r.rows.map(toRecord);
}

/** Deletes the subscription (its offers with it); the nights an active offer kept are noted as released. */
export async function deleteSubscription(tx: Db, id: string, now: Date): Promise<void> {
  await tx.query(
    `WITH gone AS (DELETE FROM waitlist_offers WHERE subscription_id = $1 AND state = 'ACTIVE'
                   RETURNING house_group_id, checkin_date, checkout_date)
     INSERT INTO waitlist_releases (house_group_id, checkin_date, checkout_date, released_at)
     SELECT house_group_id, checkin_date, checkout_date, $2 FROM gone`,
    [id, now],
  );
  await tx.query('DELETE FROM cancellation_subscriptions WHERE id = $1', [id]);
}

export async function deleteUserData(tx: Db, userId: string, now: Date): Promise<void> {
  const r = await tx.query<{ id: string }>('SELECT id FROM cancellation_subscriptions WHERE user_id = $1', [userId]);
  for (const { id } of r.rows) await deleteSubscription(tx, id, now);
}

// The sweep -----------------------------------------------------------------------

/** Groups with something for the sweep: released nights, an ACTIVE offer, or a waiting subscription whose day came. */
export async function groupsToSweep(db: Db, now: Date, limit: number): Promise<string[]> {
  const r = await db.query<{ g: string }>(
    `SELECT g FROM (
       SELECT house_group_id AS g FROM waitlist_releases
       UNION SELECT house_group_id FROM waitlist_offers WHERE state = 'ACTIVE'
       UNION SELECT house_group_id FROM cancellation_subscriptions
         WHERE state = 'WAITING' AND checkin_date < ($1::timestamptz AT TIME ZONE 'UTC')::date + 1) x
     ORDER BY g LIMIT $2`,
    [now, limit],
  );
  return r.rows.map((x) => x.g);
}

/** One sweep of a group at a time, across nodes too. */
export async function lockGroup(tx: Db, houseGroupId: string): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('waitlist-group'), hashtext($1))`, [houseGroupId]);
}

export async function takeReleases(tx: Db, houseGroupId: string): Promise<number> {
  const r = await tx.query('DELETE FROM waitlist_releases WHERE house_group_id = $1', [houseGroupId]);
  return r.rowCount ?? 0;
}

/** Offers whose subscriber now holds a stay on their nights: USED, and their subscriptions BOOKED. */
export async function closeUsedOffers(tx: Db, houseGroupId: string, now: Date): Promise<number> {
  const r = await tx.query(
    `WITH used AS (
       UPDATE waitlist_offers o SET state = 'USED', closed_at = $2, booking_id = b.booking_id
       FROM (SELECT o2.id, waitlist_booking_of(o2.account_id, o2.house_group_id, o2.checkin_date, o2.checkout_date)
               AS booking_id
             FROM waitlist_offers o2 WHERE o2.house_group_id = $1 AND o2.state = 'ACTIVE') b
       WHERE o.id = b.id AND b.booking_id IS NOT NULL
       RETURNING o.subscription_id)
     UPDATE cancellation_subscriptions s SET state = 'BOOKED', updated_at = $2 FROM used WHERE s.id = used.subscription_id`,
    [houseGroupId, now],
  );
  return r.rowCount ?? 0;
}

/** Offers whose exclusive period ended unused: EXPIRED, and their subscriptions OFFER_EXPIRED. */
export async function closeLapsedOffers(tx: Db, houseGroupId: string, now: Date): Promise<number> {
  const r = await tx.query(
    `WITH lapsed AS (
       UPDATE waitlist_offers SET state = 'EXPIRED', closed_at = $2
       WHERE house_group_id = $1 AND state = 'ACTIVE' AND exclusive_until <= $2
       RETURNING subscription_id)
     UPDATE cancellation_subscriptions s SET state = 'OFFER_EXPIRED', updated_at = $2
     FROM lapsed WHERE s.id = lapsed.subscription_id`,
    [houseGroupId, now],
  );
  return r.rowCount ?? 0;
}

/** Waiting subscriptions whose check-in day has passed (in the group's zone: `today`) are EXPIRED. */
export async function expirePastWaiting(tx: Db, houseGroupId: string, today: string, now: Date): Promise<void> {
  await tx.query(
    `UPDATE cancellation_subscriptions SET state = 'EXPIRED', updated_at = $3
     WHERE house_group_id = $1 AND state = 'WAITING' AND checkin_date < $2::date`,
    [houseGroupId, today, now],
  );
}

export type WaitingSubscription = Pick<
  SubscriptionRecord,
  'id' | 'accountId' | 'userId' | 'checkinDate' | 'checkoutDate' | 'adults' | 'children' | 'infants'
>;

/** The group's waiting subscriptions in subscription order, locked for this sweep. */
export async function waitingInOrder(tx: Db, houseGroupId: string, limit: number): Promise<WaitingSubscription[]> {
  const r = await tx.query<Row>(
    `SELECT id, account_id, user_id, checkin_date::text AS checkin_date, checkout_date::text AS checkout_date,
       adults, children, infants
     FROM cancellation_subscriptions WHERE house_group_id = $1 AND state = 'WAITING'
     ORDER BY seq LIMIT $2 FOR UPDATE`,
    [houseGroupId, limit],
  );
  return r.rows.map((x) => ({
    id: x.id,
    accountId: x.account_id,
    userId: x.user_id,
    checkinDate: x.checkin_date,
    checkoutDate: x.checkout_date,
    adults: x.adults,
    children: x.children,
    infants: x.infants,
  }));
}

export async function insertOffer(
  tx: Db,
  o: {
    id: string;
    subscription: WaitingSubscription;
    houseGroupId: string;
    houseId: string;
    now: Date;
    exclusiveUntil: Date;
  },
): Promise<void> {
  const s = o.subscription;
  await tx.query(
    `INSERT INTO waitlist_offers (id, subscription_id, account_id, house_group_id, house_id, checkin_date,
       checkout_date, offered_at, exclusive_until)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [o.id, s.id, s.accountId, o.houseGroupId, o.houseId, s.checkinDate, s.checkoutDate, o.now, o.exclusiveUntil],
  );
  await tx.query(`UPDATE cancellation_subscriptions SET state = 'OFFERED', updated_at = $2 WHERE id = $1`, [
    s.id,
    o.now,
  ]);
}
