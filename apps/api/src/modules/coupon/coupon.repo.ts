import type { CouponDiscount } from '@yado/contract/coupon.contract';
import type { Language } from '@yado/contract/headers';
import type { Db } from '../../platform/db/pool.js';

export type CouponRecord = {
  id: string;
  couponType: 'CAMPAIGN' | 'PARTNER' | 'REFERRAL';
  code: string;
  titleEn: string;
  titleJa: string;
  descriptionEn: string;
  descriptionJa: string;
  discount: CouponDiscount;
  validFrom: Date;
  validTo: Date;
  stayDateFrom: string | null;
  stayDateTo: string | null;
  allHouseGroups: boolean;
  houseGroupIds: string[];
  limitPerUser: number | null;
  limitTotal: number | null;
  active: boolean;
  redemptionCount: number;
  createdAt: Date;
  updatedAt: Date;
};

export type CouponWrite = Omit<CouponRecord, 'redemptionCount' | 'createdAt' | 'updatedAt'>;

type CouponRow = {
  id: string;
  coupon_type: CouponRecord['couponType'];
  code: string;
  title_en: string;
  title_ja: string;
  description_en: string;
  description_ja: string;
  discount_type: 'PERCENTAGE' | 'AMOUNT';
  discount_value: number;
  valid_from: Date;
  valid_to: Date;
  stay_date_from: string | null;
  stay_date_to: string | null;
  all_house_groups: boolean;
  house_group_ids: string[];
  limit_per_user: number | null;
  limit_total: number | null;
  active: boolean;
  redemption_count: number;
  created_at: Date;
  updated_at: Date;
};

const toRecord = (r: CouponRow): CouponRecord => ({
  id: r.id,
  couponType: r.coupon_type,
  code: r.code,
  titleEn: r.title_en,
  titleJa: r.title_ja,
  descriptionEn: r.description_en,
  descriptionJa: r.description_ja,
  discount:
    r.discount_type === 'PERCENTAGE'
      ? { type: 'PERCENTAGE', percent: Number(r.discount_value) }
      : { type: 'AMOUNT', amountYen: Number(r.discount_value) },
  validFrom: r.valid_from,
  validTo: r.valid_to,
  stayDateFrom: r.stay_date_from,
  stayDateTo: r.stay_date_to,
  allHouseGroups: r.all_house_groups,
  houseGroupIds: r.house_group_ids,
  limitPerUser: r.limit_per_user,
  limitTotal: r.limit_total,
  active: r.active,
  redemptionCount: Number(r.redemption_count),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

// Dates are read as text: a `date` turned into a JS Date would shift with the server's time zone.
const COUPON_SELECT = `
  SELECT c.id, c.coupon_type, c.code, c.title_en, c.title_ja, c.description_en, c.description_ja,
         c.discount_type, c.discount_value, c.valid_from, c.valid_to,
         c.stay_date_from::text AS stay_date_from, c.stay_date_to::text AS stay_date_to,
         c.all_house_groups, c.limit_per_user, c.limit_total, c.active, c.created_at, c.updated_at,
         COALESCE((SELECT array_agg(h.house_group_id ORDER BY h.house_group_id)
                   FROM coupon_house_groups h WHERE h.coupon_id = c.id), '{}') AS house_group_ids,
         (SELECT count(*) FROM coupon_redemptions r
          WHERE r.coupon_id = c.id AND r.released_at IS NULL) AS redemption_count
  FROM coupons c`;

export async function findByKey(db: Db, couponType: string, code: string): Promise<CouponRecord | null> {
  const r = await db.query<CouponRow>(`${COUPON_SELECT} WHERE c.coupon_type = $1 AND c.code = $2`, [couponType, code]);
  return r.rows[0] ? toRecord(r.rows[0]) : null;
}

export async function findById(db: Db, id: string): Promise<CouponRecord | null> {
  const r = await db.query<CouponRow>(`${COUPON_SELECT} WHERE c.id = $1`, [id]);
  return r.rows[0] ? toRecord(r.rows[0]) : null;
}

/**
 * Locks the coupon row until the transaction ends. Every redemption and every
 * staff edit takes this lock first, so concurrent redemptions of one coupon
 * count and insert one after another and cannot overshoot a limit.
 */
export async function lockByKey(db: Db, couponType: string, code: string): Promise<string | null> {
  const r = await db.query<{ id: string }>('SELECT id FROM coupons WHERE coupon_type = $1 AND code = $2 FOR UPDATE', [
    couponType,
    code,
  ]);
  return r.rows[0]?.id ?? null;
}

export async function lockById(db: Db, id: string): Promise<boolean> {
  const r = await db.query('SELECT 1 FROM coupons WHERE id = $1 FOR UPDATE', [id]);
  return (r.rowCount ?? 0) > 0;
}

export async function countRedemptions(
  db: Db,
  couponId: string,
  userId: string,
): Promise<{ total: number; byUser: number }> {
  const r = await db.query<{ total: number; by_user: number }>(
    `SELECT count(*) AS total, count(*) FILTER (WHERE user_id = $2) AS by_user
     FROM coupon_redemptions WHERE coupon_id = $1 AND released_at IS NULL`,
    [couponId, userId],
  );
  return { total: Number(r.rows[0]?.total ?? 0), byUser: Number(r.rows[0]?.by_user ?? 0) };
}

export async function insertRedemption(
  db: Db,
  r: {
    id: string;
    couponId: string;
    userId: string;
    bookingId: string | null;
    houseGroupId: string;
    discountAmount: number;
    now: Date;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO coupon_redemptions (id, coupon_id, user_id, booking_id, house_group_id, discount_amount, redeemed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [r.id, r.couponId, r.userId, r.bookingId, r.houseGroupId, r.discountAmount, r.now],
  );
}

/** Releases an active redemption; returns its coupon, or null when there was none to release. */
export async function releaseRedemption(db: Db, redemptionId: string, now: Date): Promise<{ couponId: string } | null> {
  const r = await db.query<{ coupon_id: string }>(
    `UPDATE coupon_redemptions SET released_at = $2 WHERE id = $1 AND released_at IS NULL RETURNING coupon_id`,
    [redemptionId, now],
  );
  return r.rows[0] ? { couponId: r.rows[0].coupon_id } : null;
}

export async function insertCoupon(db: Db, c: CouponWrite, now: Date): Promise<boolean> {
  const r = await db.query(
    `INSERT INTO coupons (id, coupon_type, code, title_en, title_ja, description_en, description_ja,
       discount_type, discount_value, valid_from, valid_to, stay_date_from, stay_date_to, all_house_groups,
       limit_per_user, limit_total, active, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $18)
     ON CONFLICT (coupon_type, code) DO NOTHING`,
    [
      c.id,
      c.couponType,
      c.code,
      c.titleEn,
      c.titleJa,
      c.descriptionEn,
      c.descriptionJa,
      c.discount.type,
      c.discount.type === 'PERCENTAGE' ? c.discount.percent : c.discount.amountYen,
      c.validFrom,
      c.validTo,
      c.stayDateFrom,
      c.stayDateTo,
      c.allHouseGroups,
      c.limitPerUser,
      c.limitTotal,
      c.active,
      now,
    ],
  );
  if ((r.rowCount ?? 0) === 0) return false;
  await replaceHouseGroups(db, c.id, c.houseGroupIds);
  return true;
}

export async function updateCoupon(db: Db, c: CouponWrite, now: Date): Promise<void> {
  await db.query(
    `UPDATE coupons SET title_en = $2, title_ja = $3, description_en = $4, description_ja = $5,
       discount_type = $6, discount_value = $7, valid_from = $8, valid_to = $9, stay_date_from = $10,
       stay_date_to = $11, all_house_groups = $12, limit_per_user = $13, limit_total = $14, active = $15,
       updated_at = $16
     WHERE id = $1`,
    [
      c.id,
      c.titleEn,
      c.titleJa,
      c.descriptionEn,
      c.descriptionJa,
      c.discount.type,
      c.discount.type === 'PERCENTAGE' ? c.discount.percent : c.discount.amountYen,
      c.validFrom,
      c.validTo,
      c.stayDateFrom,
      c.stayDateTo,
      c.allHouseGroups,
      c.limitPerUser,
      c.limitTotal,
      c.active,
      now,
    ],
  );
  await replaceHouseGroups(db, c.id, c.houseGroupIds);
}

export async function setActive(db: Db, id: string, active: boolean, now: Date): Promise<void> {
  await db.query('UPDATE coupons SET active = $2, updated_at = $3 WHERE id = $1', [id, active, now]);
}

async function replaceHouseGroups(db: Db, couponId: string, houseGroupIds: readonly string[]): Promise<void> {
  await db.query('DELETE FROM coupon_house_groups WHERE coupon_id = $1', [couponId]);
  if (houseGroupIds.length) {
    await db.query(
      `INSERT INTO coupon_house_groups (coupon_id, house_group_id)
       SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING`,
      [couponId, houseGroupIds],
    );
  }
}

/** The ids among these that name no house group. */
export async function unknownHouseGroups(db: Db, ids: readonly string[]): Promise<string[]> {
  if (!ids.length) return [];
  const r = await db.query<{ id: string }>(
    `SELECT x.id FROM unnest($1::text[]) AS x(id) WHERE NOT EXISTS (SELECT 1 FROM house_groups h WHERE h.id = x.id)`,
    [ids],
  );
  return r.rows.map((row) => row.id);
}

export async function houseGroupExists(db: Db, id: string): Promise<boolean> {
  const r = await db.query('SELECT 1 FROM house_groups WHERE id = $1', [id]);
  return (r.rowCount ?? 0) > 0;
}

export type CouponHouseGroupName = { id: string; name: string; placeId: string; placeName: string };

export async function houseGroupNames(db: Db, couponId: string, language: Language): Promise<CouponHouseGroupName[]> {
  const r = await db.query<{ id: string; name: string; place_id: string; place_name: string }>(
    `SELECT hg.id, CASE WHEN $2 = 'ja' THEN hg.name_ja ELSE hg.name_en END AS name,
            p.id AS place_id, CASE WHEN $2 = 'ja' THEN p.name_ja ELSE p.name_en END AS place_name
     FROM coupon_house_groups ch
     JOIN house_groups hg ON hg.id = ch.house_group_id
     JOIN places p ON p.id = hg.place_id
     WHERE ch.coupon_id = $1
     ORDER BY place_name, name, hg.id`,
    [couponId, language],
  );
  return r.rows.map((row) => ({ id: row.id, name: row.name, placeId: row.place_id, placeName: row.place_name }));
}

/** Newest first; the page token is the offset into that order. */
export async function listCoupons(
  db: Db,
  q: { couponType: string | null; query: string; includeInactive: boolean; limit: number; offset: number },
): Promise<CouponRecord[]> {
  const r = await db.query<CouponRow>(
    `${COUPON_SELECT}
     WHERE ($1::text IS NULL OR c.coupon_type = $1)
       AND ($2 = '' OR c.code ILIKE '%' || $2 || '%' OR c.title_en ILIKE '%' || $2 || '%' OR c.title_ja LIKE '%' || $2 || '%')
       AND ($3 OR c.active)
     ORDER BY c.created_at DESC, c.id DESC
     LIMIT $4 OFFSET $5`,
    [q.couponType, q.query, q.includeInactive, q.limit, q.offset],
  );
  return r.rows.map(toRecord);
}
