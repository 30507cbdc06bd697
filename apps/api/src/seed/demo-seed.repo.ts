import type { Db } from '../platform/db/pool.js';

export const DEMO_MARKER_KEY = 'demo_seeded';

export async function isMarked(db: Db): Promise<boolean> {
  const r = await db.query('SELECT 1 FROM app_settings WHERE key = $1', [DEMO_MARKER_KEY]);
  return (r.rowCount ?? 0) > 0;
}

export async function mark(db: Db, now: Date): Promise<void> {
  await db.query(`INSERT INTO app_settings (key, value, updated_at) VALUES ($1, $2, $3) ON CONFLICT (key) DO NOTHING`, [
    DEMO_MARKER_KEY,
    JSON.stringify({ seededAt: now.toISOString() }),
    now,
  ]);
}

export type DemoPlace = {
  id: string;
  name: { en: string; ja: string };
  prefecture: { en: string; ja: string };
  city: { en: string; ja: string };
};

export async function insertPlace(db: Db, p: DemoPlace): Promise<void> {
  await db.query(
    `INSERT INTO places (id, name_en, name_ja, prefecture_en, prefecture_ja, city_en, city_ja)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
    [p.id, p.name.en, p.name.ja, p.prefecture.en, p.prefecture.ja, p.city.en, p.city.ja],
  );
}

export type DemoHouseGroup = {
  id: string;
  placeId: string;
  name: { en: string; ja: string };
  imageUrl: string;
  offer: { sharePriceYen: number; nightsPerShare: number; totalShares: number; sharesSold: number; open: boolean };
};

export async function insertHouseGroupWithOffer(db: Db, h: DemoHouseGroup): Promise<void> {
  await db.query(
    `INSERT INTO house_groups (id, place_id, name_en, name_ja, horizontal_image_url)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING`,
    [h.id, h.placeId, h.name.en, h.name.ja, h.imageUrl],
  );
  await db.query(
    `INSERT INTO ownership_offers (house_group_id, share_price_yen, nights_per_share, total_shares, shares_sold, open)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (house_group_id) DO NOTHING`,
    [h.id, h.offer.sharePriceYen, h.offer.nightsPerShare, h.offer.totalShares, h.offer.sharesSold, h.offer.open],
  );
}
