import type { Language } from '@yado/contract/headers';
import type { Db } from '../../platform/db/pool.js';

export type OwnershipOffer = {
  houseGroupId: string;
  name: string;
  placeName: string;
  prefectureName: string;
  imageUrl: string;
  sharePriceYen: number;
  nightsPerShare: number;
  totalShares: number;
  sharesSold: number;
  open: boolean;
};

type OfferRow = {
  house_group_id: string;
  name: string;
  place_name: string;
  prefecture_name: string;
  image_url: string;
  share_price_yen: number;
  nights_per_share: number;
  total_shares: number;
  shares_sold: number;
  open: boolean;
};

const toOffer = (r: OfferRow): OwnershipOffer => ({
  houseGroupId: r.house_group_id,
  name: r.name,
  placeName: r.place_name,
  prefectureName: r.prefecture_name,
  imageUrl: r.image_url,
  sharePriceYen: Number(r.share_price_yen),
  nightsPerShare: r.nights_per_share,
  totalShares: r.total_shares,
  sharesSold: r.shares_sold,
  open: r.open,
});

const OFFER_SELECT = `
  SELECT o.house_group_id, o.share_price_yen, o.nights_per_share, o.total_shares, o.shares_sold, o.open,
         CASE WHEN $1 = 'ja' THEN hg.name_ja ELSE hg.name_en END AS name,
         CASE WHEN $1 = 'ja' THEN p.name_ja ELSE p.name_en END AS place_name,
         CASE WHEN $1 = 'ja' THEN p.prefecture_ja ELSE p.prefecture_en END AS prefecture_name,
         hg.horizontal_image_url AS image_url
  FROM ownership_offers o
  JOIN house_groups hg ON hg.id = o.house_group_id
  JOIN places p ON p.id = hg.place_id`;

export async function listOpenOffers(db: Db, language: Language): Promise<OwnershipOffer[]> {
  const r = await db.query<OfferRow>(
    `${OFFER_SELECT} WHERE o.open ORDER BY prefecture_name, place_name, name, o.house_group_id`,
    [language],
  );
  return r.rows.map(toOffer);
}

/** The offer, locked against share sales until the transaction ends. */
export async function findOfferForShare(db: Db, houseGroupId: string): Promise<OwnershipOffer | null> {
  const r = await db.query<OfferRow>(`${OFFER_SELECT} WHERE o.house_group_id = $2 FOR SHARE OF o`, [
    'en',
    houseGroupId,
  ]);
  return r.rows[0] ? toOffer(r.rows[0]) : null;
}

export type OwnerApplication = {
  id: string;
  userId: string;
  houseGroupId: string;
  shares: number;
  status: 'PENDING' | 'APPROVED' | 'REJECTED';
  submittedAt: Date;
};

type ApplicationRow = {
  id: string;
  user_id: string;
  house_group_id: string;
  shares: number;
  status: OwnerApplication['status'];
  submitted_at: Date;
};

const toApplication = (r: ApplicationRow): OwnerApplication => ({
  id: r.id,
  userId: r.user_id,
  houseGroupId: r.house_group_id,
  shares: r.shares,
  status: r.status,
  submittedAt: r.submitted_at,
});

export async function latestApplication(db: Db, userId: string): Promise<OwnerApplication | null> {
  const r = await db.query<ApplicationRow>(
    'SELECT * FROM owner_applications WHERE user_id = $1 ORDER BY submitted_at DESC, id DESC LIMIT 1',
    [userId],
  );
  return r.rows[0] ? toApplication(r.rows[0]) : null;
}

export async function hasPendingApplication(db: Db, userId: string): Promise<boolean> {
  const r = await db.query("SELECT 1 FROM owner_applications WHERE user_id = $1 AND status = 'PENDING'", [userId]);
  return (r.rowCount ?? 0) > 0;
}

/** Null when the user already has a pending application (one at a time, enforced by a unique index). */
export async function insertApplication(
  db: Db,
  a: { id: string; userId: string; houseGroupId: string; shares: number; message: string; now: Date },
): Promise<OwnerApplication | null> {
  const r = await db.query<ApplicationRow>(
    `INSERT INTO owner_applications (id, user_id, house_group_id, shares, message, status, submitted_at)
     VALUES ($1, $2, $3, $4, $5, 'PENDING', $6)
     ON CONFLICT (user_id) WHERE status = 'PENDING' DO NOTHING RETURNING *`,
    [a.id, a.userId, a.houseGroupId, a.shares, a.message, a.now],
  );
  return r.rows[0] ? toApplication(r.rows[0]) : null;
}

export async function clearApplicationMessages(db: Db, userId: string): Promise<void> {
  await db.query("UPDATE owner_applications SET message = '' WHERE user_id = $1", [userId]);
}
