import type { Db } from '../../platform/db/pool.js';
import type { IsoDate } from '@yado/contract/civil-date';
import type { SeasonDayValue } from './staff-catalogue.rules.js';

// Places ---------------------------------------------------------------------------

export type PlaceRecord = {
  id: string;
  nameEn: string;
  nameJa: string;
  prefectureEn: string;
  prefectureJa: string;
  cityEn: string;
  cityJa: string;
  phoneNumber: { countryCode: number; nationalNumber: string } | null;
  descriptionEn: string;
  descriptionJa: string;
  audiences: ('OWNER' | 'GUEST')[];
  verticalImageUrl: string;
  horizontalImageUrl: string;
  houseGroupCount: number;
  createdAt: Date;
  updatedAt: Date;
};
export type PlaceWrite = Omit<
  PlaceRecord,
  'verticalImageUrl' | 'horizontalImageUrl' | 'houseGroupCount' | 'createdAt' | 'updatedAt'
>;

type PlaceRow = {
  id: string;
  name_en: string;
  name_ja: string;
  prefecture_en: string;
  prefecture_ja: string;
  city_en: string;
  city_ja: string;
  phone_country_code: number;
  phone_national_number: string;
  description_en: string;
  description_ja: string;
  audiences: ('OWNER' | 'GUEST')[];
  vertical_image_url: string;
  horizontal_image_url: string;
  house_group_count: number;
  created_at: Date;
  updated_at: Date;
};

const toPlace = (r: PlaceRow): PlaceRecord => ({
  id: r.id,
  nameEn: r.name_en,
  nameJa: r.name_ja,
  prefectureEn: r.prefecture_en,
  prefectureJa: r.prefecture_ja,
  cityEn: r.city_en,
  cityJa: r.city_ja,
  phoneNumber: r.phone_national_number
    ? { countryCode: r.phone_country_code, nationalNumber: r.phone_national_number }
    : null,
  descriptionEn: r.description_en,
  descriptionJa: r.description_ja,
  audiences: r.audiences,
  verticalImageUrl: r.vertical_image_url,
  horizontalImageUrl: r.horizontal_image_url,
  houseGroupCount: Number(r.house_group_count),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const PLACE_SELECT = `
  SELECT p.*, (SELECT count(*) FROM house_groups hg WHERE hg.place_id = p.id) AS house_group_count
  FROM places p`;

export async function findPlace(db: Db, id: string, opts: { lock?: boolean } = {}): Promise<PlaceRecord | null> {
  const r = await db.query<PlaceRow>(`${PLACE_SELECT} WHERE p.id = $1${opts.lock ? ' FOR UPDATE OF p' : ''}`, [id]);
  return r.rows[0] ? toPlace(r.rows[0]) : null;
}

export async function listPlaces(db: Db, q: { query: string; limit: number; offset: number }): Promise<PlaceRecord[]> {
  const r = await db.query<PlaceRow>(
    `${PLACE_SELECT}
     WHERE $1 = '' OR p.name_en ILIKE '%' || $1 || '%' OR p.name_ja LIKE '%' || $1 || '%'
        OR p.prefecture_en ILIKE '%' || $1 || '%' OR p.prefecture_ja LIKE '%' || $1 || '%'
     ORDER BY p.prefecture_en, p.name_en, p.id
     LIMIT $2 OFFSET $3`,
    [q.query, q.limit, q.offset],
  );
  return r.rows.map(toPlace);
}

const placeParams = (p: PlaceWrite) => [
  p.id,
  p.nameEn,
  p.nameJa,
  p.prefectureEn,
  p.prefectureJa,
  p.cityEn,
  p.cityJa,
  p.phoneNumber?.countryCode ?? 81,
  p.phoneNumber?.nationalNumber ?? '',
  p.descriptionEn,
  p.descriptionJa,
  p.audiences,
];

/** False when the id is taken. */
export async function insertPlace(db: Db, p: PlaceWrite, now: Date): Promise<boolean> {
  const r = await db.query(
    `INSERT INTO places (id, name_en, name_ja, prefecture_en, prefecture_ja, city_en, city_ja, phone_country_code,
       phone_national_number, description_en, description_ja, audiences, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)
     ON CONFLICT (id) DO NOTHING`,
    [...placeParams(p), now],
  );
  return (r.rowCount ?? 0) > 0;
}

export async function updatePlace(db: Db, p: PlaceWrite, now: Date): Promise<void> {
  await db.query(
    `UPDATE places SET name_en = $2, name_ja = $3, prefecture_en = $4, prefecture_ja = $5, city_en = $6, city_ja = $7,
       phone_country_code = $8, phone_national_number = $9, description_en = $10, description_ja = $11,
       audiences = $12, updated_at = $13
     WHERE id = $1`,
    [...placeParams(p), now],
  );
}

export async function setPlaceImages(
  db: Db,
  id: string,
  images: { verticalImageUrl: string; horizontalImageUrl: string },
  now: Date,
): Promise<void> {
  await db.query(
    'UPDATE places SET vertical_image_url = $2, horizontal_image_url = $3, updated_at = $4 WHERE id = $1',
    [id, images.verticalImageUrl, images.horizontalImageUrl, now],
  );
}

// House groups ------------------------------------------------------------------------

type AddressLines = { state: string; city: string; street1: string; street2: string };

export type HouseGroupWrite = {
  id: string;
  placeId: string;
  nameEn: string;
  nameJa: string;
  type: string;
  usageLabel: string;
  areaEn: string;
  areaJa: string;
  beds: number;
  bathrooms: number;
  possibleBedSharingCapacity: number;
  standardSeasonPrice: number;
  baseCapacity: number;
  maxCapacity: number;
  minAdultCapacity: number;
  capacityDescriptionEn: string;
  capacityDescriptionJa: string;
  consentFormUrl: string;
  isPetAllowed: boolean;
  basePetCapacity: number;
  maxPetCapacity: number;
  ownerTimeUsePricePerHour: number;
  membershipTimeUsePricePerHour: number;
  timezone: string;
  utcOffset: string;
  unlockOperationType: string;
  mealProvidable: boolean;
  availableBookingTypes: string[];
  conceptTitleEn: string;
  conceptTitleJa: string;
  conceptDescriptionEn: string;
  conceptDescriptionJa: string;
  countryCode: string;
  postalCode: string;
  addressEn: AddressLines;
  addressJa: AddressLines;
  latitude: number | null;
  longitude: number | null;
  externalUrl: string;
  checkinTime: string;
  checkoutTime: string;
  serviceChargePercentage: number;
  extraChargePerGuestPerNight: number;
  cancellationPolicy: { tiers: { fromDaysBefore: number; percent: number }[]; noShowPercent: number };
  accommodationTaxBands: { minYen: number; maxYen: number | null; taxPerPersonNight: number }[];
  sortOrder: number;
};

export type HouseGroupRecord = HouseGroupWrite & {
  version: number;
  stayStyleIds: string[];
  verticalImageUrl: string;
  horizontalImageUrl: string;
  squareImageUrl: string;
  carouselImageUrls: string[];
  createdAt: Date;
  updatedAt: Date;
};

/** Field and column, in the order of the INSERT/UPDATE parameters. JSON columns are sent as text. */
const HOUSE_GROUP_COLUMNS: [keyof HouseGroupWrite, string, string?][] = [
  ['placeId', 'place_id'],
  ['nameEn', 'name_en'],
  ['nameJa', 'name_ja'],
  ['type', 'type'],
  ['usageLabel', 'usage_label'],
  ['areaEn', 'area_en'],
  ['areaJa', 'area_ja'],
  ['beds', 'beds'],
  ['bathrooms', 'bathrooms'],
  ['possibleBedSharingCapacity', 'possible_bed_sharing_capacity'],
  ['standardSeasonPrice', 'standard_season_price'],
  ['baseCapacity', 'base_capacity'],
  ['maxCapacity', 'max_capacity'],
  ['minAdultCapacity', 'min_adult_capacity'],
  ['capacityDescriptionEn', 'capacity_description_en'],
  ['capacityDescriptionJa', 'capacity_description_ja'],
  ['consentFormUrl', 'consent_form_url'],
  ['isPetAllowed', 'is_pet_allowed'],
  ['basePetCapacity', 'base_pet_capacity'],
  ['maxPetCapacity', 'max_pet_capacity'],
  ['ownerTimeUsePricePerHour', 'owner_time_use_price_per_hour'],
  ['membershipTimeUsePricePerHour', 'membership_time_use_price_per_hour'],
  ['timezone', 'timezone'],
  ['utcOffset', 'utc_offset'],
  ['unlockOperationType', 'unlock_operation_type'],
  ['mealProvidable', 'meal_providable'],
  ['availableBookingTypes', 'available_booking_types', 'text[]'],
  ['conceptTitleEn', 'concept_title_en'],
  ['conceptTitleJa', 'concept_title_ja'],
  ['conceptDescriptionEn', 'concept_description_en'],
  ['conceptDescriptionJa', 'concept_description_ja'],
  ['countryCode', 'country_code'],
  ['postalCode', 'postal_code'],
  ['addressEn', 'address_en', 'jsonb'],
  ['addressJa', 'address_ja', 'jsonb'],
  ['latitude', 'latitude', 'numeric'],
  ['longitude', 'longitude', 'numeric'],
  ['externalUrl', 'external_url'],
  ['checkinTime', 'checkin_time', 'time'],
  ['checkoutTime', 'checkout_time', 'time'],
  ['serviceChargePercentage', 'service_charge_percentage', 'numeric'],
  ['extraChargePerGuestPerNight', 'extra_charge_per_guest_per_night'],
  ['cancellationPolicy', 'cancellation_policy', 'jsonb'],
  ['accommodationTaxBands', 'accommodation_tax_bands', 'jsonb'],
  ['sortOrder', 'sort_order'],
];

const houseGroupParams = (h: HouseGroupWrite) =>
  HOUSE_GROUP_COLUMNS.map(([field, , cast]) => (cast === 'jsonb' ? JSON.stringify(h[field]) : h[field]));
const placeholder = (i: number, cast?: string) => (cast ? `$${i}::${cast}` : `$${i}`);

type HouseGroupRow = Record<string, unknown> & { id: string };

const toHouseGroup = (r: HouseGroupRow): HouseGroupRecord => {
  const out: Record<string, unknown> = { id: r.id };
  for (const [field, column, cast] of HOUSE_GROUP_COLUMNS) {
    const v = r[column];
    out[field] = cast === 'numeric' ? (v === null ? null : Number(v)) : v;
  }
  out['standardSeasonPrice'] = Number(r['standard_season_price']);
  out['ownerTimeUsePricePerHour'] = Number(r['owner_time_use_price_per_hour']);
  out['membershipTimeUsePricePerHour'] = Number(r['membership_time_use_price_per_hour']);
  out['extraChargePerGuestPerNight'] = Number(r['extra_charge_per_guest_per_night']);
  for (const a of ['addressEn', 'addressJa'] as const) {
    const v = (out[a] ?? {}) as Partial<AddressLines>;
    out[a] = { state: v.state ?? '', city: v.city ?? '', street1: v.street1 ?? '', street2: v.street2 ?? '' };
  }
  return {
    ...(out as HouseGroupWrite),
    version: r['version'] as number,
    stayStyleIds: r['stay_style_ids'] as string[],
    verticalImageUrl: r['vertical_image_url'] as string,
    horizontalImageUrl: r['horizontal_image_url'] as string,
    squareImageUrl: r['square_image_url'] as string,
    carouselImageUrls: r['carousel_image_urls'] as string[],
    createdAt: r['created_at'] as Date,
    updatedAt: r['updated_at'] as Date,
  };
};

// Times are read as "HH:MM", the way they are written.
const HOUSE_GROUP_SELECT = `
  SELECT hg.*, to_char(hg.checkin_time, 'HH24:MI') AS checkin_time, to_char(hg.checkout_time, 'HH24:MI') AS checkout_time,
         COALESCE((SELECT array_agg(s.stay_style_id ORDER BY s.stay_style_id)
                   FROM house_group_stay_styles s WHERE s.house_group_id = hg.id), '{}') AS stay_style_ids
  FROM house_groups hg`;

export async function findHouseGroup(
  db: Db,
  id: string,
  opts: { lock?: boolean } = {},
): Promise<HouseGroupRecord | null> {
  const r = await db.query<HouseGroupRow>(
    `${HOUSE_GROUP_SELECT} WHERE hg.id = $1${opts.lock ? ' FOR UPDATE OF hg' : ''}`,
    [id],
  );
  return r.rows[0] ? toHouseGroup(r.rows[0]) : null;
}

export async function listHouseGroups(
  db: Db,
  q: { placeId: string | null; query: string; limit: number; offset: number },
): Promise<HouseGroupRecord[]> {
  const r = await db.query<HouseGroupRow>(
    `${HOUSE_GROUP_SELECT}
     WHERE ($1::text IS NULL OR hg.place_id = $1)
       AND ($2 = '' OR hg.name_en ILIKE '%' || $2 || '%' OR hg.name_ja LIKE '%' || $2 || '%')
     ORDER BY hg.place_id, hg.sort_order, hg.id
     LIMIT $3 OFFSET $4`,
    [q.placeId, q.query, q.limit, q.offset],
  );
  return r.rows.map(toHouseGroup);
}

/** False when the id is taken. */
export async function insertHouseGroup(db: Db, h: HouseGroupWrite, now: Date): Promise<boolean> {
  const cols = HOUSE_GROUP_COLUMNS.map(([, c]) => c).join(', ');
  const values = HOUSE_GROUP_COLUMNS.map(([, , cast], i) => placeholder(i + 2, cast)).join(', ');
  const n = HOUSE_GROUP_COLUMNS.length + 2;
  const r = await db.query(
    `INSERT INTO house_groups (id, ${cols}, created_at, updated_at) VALUES ($1, ${values}, $${n}, $${n})
     ON CONFLICT (id) DO NOTHING`,
    [h.id, ...houseGroupParams(h), now],
  );
  return (r.rowCount ?? 0) > 0;
}

/** Replaces every field and bumps the version, which clients cache house-group details by. */
export async function updateHouseGroup(db: Db, h: HouseGroupWrite, now: Date): Promise<void> {
  const sets = HOUSE_GROUP_COLUMNS.map(([, c, cast], i) => `${c} = ${placeholder(i + 2, cast)}`).join(', ');
  const n = HOUSE_GROUP_COLUMNS.length + 2;
  await db.query(`UPDATE house_groups SET ${sets}, version = version + 1, updated_at = $${n} WHERE id = $1`, [
    h.id,
    ...houseGroupParams(h),
    now,
  ]);
}

export async function bumpHouseGroupVersion(db: Db, id: string, now: Date): Promise<number> {
  const r = await db.query<{ version: number }>(
    'UPDATE house_groups SET version = version + 1, updated_at = $2 WHERE id = $1 RETURNING version',
    [id, now],
  );
  return r.rows[0]?.version ?? 0;
}

export async function replaceStayStyles(db: Db, houseGroupId: string, stayStyleIds: readonly string[]): Promise<void> {
  await db.query('DELETE FROM house_group_stay_styles WHERE house_group_id = $1', [houseGroupId]);
  if (stayStyleIds.length) {
    await db.query(
      `INSERT INTO house_group_stay_styles (house_group_id, stay_style_id) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING`,
      [houseGroupId, stayStyleIds],
    );
  }
}

export async function unknownStayStyles(db: Db, ids: readonly string[]): Promise<string[]> {
  if (!ids.length) return [];
  const r = await db.query<{ id: string }>(
    'SELECT x.id FROM unnest($1::text[]) AS x(id) WHERE NOT EXISTS (SELECT 1 FROM stay_styles s WHERE s.id = x.id)',
    [ids],
  );
  return r.rows.map((row) => row.id);
}

export async function setHouseGroupImages(
  db: Db,
  id: string,
  images: { verticalImageUrl: string; horizontalImageUrl: string; squareImageUrl: string; carouselImageUrls: string[] },
  now: Date,
): Promise<void> {
  await db.query(
    `UPDATE house_groups SET vertical_image_url = $2, horizontal_image_url = $3, square_image_url = $4,
       carousel_image_urls = $5, version = version + 1, updated_at = $6
     WHERE id = $1`,
    [id, images.verticalImageUrl, images.horizontalImageUrl, images.squareImageUrl, images.carouselImageUrls, now],
  );
}

// Houses -------------------------------------------------------------------------------

export type HouseRecord = {
  id: string;
  houseGroupId: string;
  nameEn: string;
  nameJa: string;
  floor: number;
  retired: boolean;
};

type HouseRow = {
  id: string;
  house_group_id: string;
  name_en: string;
  name_ja: string;
  floor: number;
  retired_at: Date | null;
};
const toHouse = (r: HouseRow): HouseRecord => ({
  id: r.id,
  houseGroupId: r.house_group_id,
  nameEn: r.name_en,
  nameJa: r.name_ja,
  floor: r.floor,
  retired: r.retired_at !== null,
});

export async function housesOf(db: Db, houseGroupIds: readonly string[]): Promise<HouseRecord[]> {
  const r = await db.query<HouseRow>(
    'SELECT * FROM houses WHERE house_group_id = ANY ($1::text[]) ORDER BY floor, id',
    [houseGroupIds],
  );
  return r.rows.map(toHouse);
}

export async function findHouse(db: Db, id: string, opts: { lock?: boolean } = {}): Promise<HouseRecord | null> {
  const r = await db.query<HouseRow>(`SELECT * FROM houses WHERE id = $1${opts.lock ? ' FOR UPDATE' : ''}`, [id]);
  return r.rows[0] ? toHouse(r.rows[0]) : null;
}

export async function insertHouse(db: Db, h: Omit<HouseRecord, 'retired'>, now: Date): Promise<boolean> {
  const r = await db.query(
    `INSERT INTO houses (id, house_group_id, name_en, name_ja, floor, created_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (id) DO NOTHING`,
    [h.id, h.houseGroupId, h.nameEn, h.nameJa, h.floor, now],
  );
  return (r.rowCount ?? 0) > 0;
}

export async function updateHouse(db: Db, h: Pick<HouseRecord, 'id' | 'nameEn' | 'nameJa' | 'floor'>): Promise<void> {
  await db.query('UPDATE houses SET name_en = $2, name_ja = $3, floor = $4 WHERE id = $1', [
    h.id,
    h.nameEn,
    h.nameJa,
    h.floor,
  ]);
}

/** Active stays of the house with a night on or after `today`, and whether it has any stays at all. */
export async function houseStays(db: Db, houseId: string, today: IsoDate): Promise<{ future: number; any: number }> {
  const r = await db.query<{ future: number; any: number }>(
    `SELECT count(*) FILTER (WHERE status = 'ACTIVE' AND checkout_date > $2::date) AS future, count(*) AS any
     FROM stays WHERE house_id = $1`,
    [houseId, today],
  );
  return { future: Number(r.rows[0]?.future ?? 0), any: Number(r.rows[0]?.any ?? 0) };
}

export async function deleteHouse(db: Db, id: string): Promise<void> {
  await db.query('DELETE FROM houses WHERE id = $1', [id]);
}

/**
 * Retires a house: marks it, and holds it with a stay from today to the end
 * of the calendar, so availability (derived from houses and their stays)
 * never offers it again, whatever reads it.
 */
export async function retireHouse(
  db: Db,
  h: { id: string; houseGroupId: string; stayId: string; today: IsoDate; now: Date },
): Promise<void> {
  await db.query('UPDATE houses SET retired_at = $2 WHERE id = $1', [h.id, h.now]);
  await db.query(
    `INSERT INTO stays (id, house_id, house_group_id, checkin_date, checkout_date, booking_id, created_at)
     VALUES ($1, $2, $3, $4::date, '9999-12-31', 'house-retired', $5)`,
    [h.stayId, h.id, h.houseGroupId, h.today, h.now],
  );
}

// Season calendar -------------------------------------------------------------------------

export async function seasonDays(
  db: Db,
  houseGroupId: string,
  from: IsoDate,
  to: IsoDate,
): Promise<Map<IsoDate, SeasonDayValue>> {
  const r = await db.query<{
    date: string;
    price_type: 'STANDARD' | 'HIGH';
    closed: boolean;
    standard_price: number;
    high_price: number;
  }>(
    `SELECT to_char(date, 'YYYY-MM-DD') AS date, price_type, closed, standard_price, high_price
     FROM house_group_days WHERE house_group_id = $1 AND date BETWEEN $2::date AND $3::date ORDER BY date`,
    [houseGroupId, from, to],
  );
  return new Map(
    r.rows.map((d) => [
      d.date,
      {
        priceType: d.price_type,
        closed: d.closed,
        standardPrice: Number(d.standard_price),
        highPrice: Number(d.high_price),
      },
    ]),
  );
}

/** Writes the given days in one statement. */
export async function upsertSeasonDays(
  db: Db,
  houseGroupId: string,
  days: ReadonlyMap<IsoDate, SeasonDayValue>,
): Promise<void> {
  if (!days.size) return;
  const entries = [...days];
  await db.query(
    `INSERT INTO house_group_days (house_group_id, date, price_type, closed, standard_price, high_price)
     SELECT $1, d, pt, c, sp, hp
     FROM unnest($2::date[], $3::text[], $4::boolean[], $5::bigint[], $6::bigint[]) AS x(d, pt, c, sp, hp)
     ON CONFLICT (house_group_id, date) DO UPDATE SET price_type = EXCLUDED.price_type, closed = EXCLUDED.closed,
       standard_price = EXCLUDED.standard_price, high_price = EXCLUDED.high_price`,
    [
      houseGroupId,
      entries.map(([d]) => d),
      entries.map(([, v]) => v.priceType),
      entries.map(([, v]) => v.closed),
      entries.map(([, v]) => v.standardPrice),
      entries.map(([, v]) => v.highPrice),
    ],
  );
}
