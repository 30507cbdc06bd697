import type { Db } from '../../platform/db/pool.js';

export type VoucherSource = 'PURCHASE' | 'LOTTERY' | 'LENDING_REWARD';
export type VoucherPriceType = 'STANDARD' | 'HIGH';

export type AccommodationVoucherRecord = {
  id: string;
  accountId: string;
  houseGroupId: string;
  houseId: string | null;
  priceType: VoucherPriceType;
  days: number;
  price: number;
  /** YYYY-MM-DD, the last day the voucher can be used, in the house group's zone. */
  expireDate: string;
  revocable: boolean;
  source: VoucherSource;
  sourceRef: string;
  issuedAt: Date;
  revokedAt: Date | null;
  /** Nights left: the sum of the voucher's ledger. */
  remainingDays: number;
};

export type NewVoucher = Omit<AccommodationVoucherRecord, 'revokedAt' | 'remainingDays'>;

const COLUMNS = `v.id, v.account_id::text AS account_id, v.house_group_id, v.house_id, v.price_type, v.days,
  v.price::int AS price, to_char(v.expire_date, 'YYYY-MM-DD') AS expire_date, v.revocable, v.source, v.source_ref,
  v.issued_at, v.revoked_at,
  (SELECT COALESCE(sum(l.days), 0)::int FROM accommodation_voucher_ledger l WHERE l.voucher_id = v.id) AS remaining_days`;

type Row = {
  id: string;
  account_id: string;
  house_group_id: string;
  house_id: string | null;
  price_type: VoucherPriceType;
  days: number;
  price: number;
  expire_date: string;
  revocable: boolean;
  source: VoucherSource;
  source_ref: string;
  issued_at: Date;
  revoked_at: Date | null;
  remaining_days: number;
};

function toRecord(r: Row): AccommodationVoucherRecord {
  return {
    id: r.id,
    accountId: r.account_id,
    houseGroupId: r.house_group_id,
    houseId: r.house_id,
    priceType: r.price_type,
    days: r.days,
    price: r.price,
    expireDate: r.expire_date,
    revocable: r.revocable,
    source: r.source,
    sourceRef: r.source_ref,
    issuedAt: r.issued_at,
    revokedAt: r.revoked_at,
    remainingDays: r.remaining_days,
  };
}

/** Inserts the voucher unless its source reference already has one; true when it was inserted. */
export async function insertVoucher(db: Db, v: NewVoucher): Promise<boolean> {
  const r = await db.query(
    `INSERT INTO accommodation_vouchers
       (id, account_id, house_group_id, house_id, price_type, days, price, expire_date, revocable, source, source_ref, issued_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     ON CONFLICT (source_ref) DO NOTHING`,
    [
      v.id,
      v.accountId,
      v.houseGroupId,
      v.houseId,
      v.priceType,
      v.days,
      v.price,
      v.expireDate,
      v.revocable,
      v.source,
      v.sourceRef,
      v.issuedAt,
    ],
  );
  return r.rowCount === 1;
}

export async function findVoucherBySourceRef(db: Db, sourceRef: string): Promise<AccommodationVoucherRecord | null> {
  const r = await db.query<Row>(`SELECT ${COLUMNS} FROM accommodation_vouchers v WHERE v.source_ref = $1`, [sourceRef]);
  return r.rows[0] ? toRecord(r.rows[0]) : null;
}

export async function findVoucher(db: Db, id: string): Promise<AccommodationVoucherRecord | null> {
  const r = await db.query<Row>(`SELECT ${COLUMNS} FROM accommodation_vouchers v WHERE v.id = $1`, [id]);
  return r.rows[0] ? toRecord(r.rows[0]) : null;
}

/** The account's vouchers, soonest expiry first. */
export async function listVouchers(db: Db, accountId: string): Promise<AccommodationVoucherRecord[]> {
  const r = await db.query<Row>(
    `SELECT ${COLUMNS} FROM accommodation_vouchers v WHERE v.account_id = $1 ORDER BY v.expire_date, v.issued_at, v.id`,
    [accountId],
  );
  return r.rows.map(toRecord);
}

/**
 * Appends a ledger entry once per (voucher, kind, reference): false when it was already there. The
 * guard trigger refuses an entry that would take the voucher below zero nights.
 */
export async function appendVoucherEntry(
  db: Db,
  e: {
    voucherId: string;
    days: number;
    kind: 'ISSUE' | 'USE' | 'RESTORE' | 'REVOKE' | 'EXPIRE';
    reference: string;
    now: Date;
  },
): Promise<boolean> {
  const r = await db.query(
    `INSERT INTO accommodation_voucher_ledger (voucher_id, days, kind, reference, logged_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (voucher_id, kind, reference) DO NOTHING`,
    [e.voucherId, e.days, e.kind, e.reference, e.now],
  );
  return r.rowCount === 1;
}

/** Marks a voucher given back; false when it already was. */
export async function markRevoked(db: Db, id: string, now: Date): Promise<boolean> {
  const r = await db.query('UPDATE accommodation_vouchers SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL', [
    id,
    now,
  ]);
  return r.rowCount === 1;
}

/** Locks a voucher's row, so its nights are taken by one step at a time. */
export async function lockVoucher(db: Db, id: string): Promise<void> {
  await db.query('SELECT 1 FROM accommodation_vouchers WHERE id = $1 FOR UPDATE', [id]);
}

/** Vouchers past their last day (in their group's zone) with nights still on them, not given back. */
export async function voucherIdsToExpire(db: Db, now: Date, limit = 200): Promise<string[]> {
  const r = await db.query<{ id: string }>(
    `SELECT v.id FROM accommodation_vouchers v JOIN house_groups hg ON hg.id = v.house_group_id
     WHERE v.revoked_at IS NULL AND v.expire_date < ($1::timestamptz AT TIME ZONE hg.timezone)::date
       AND (SELECT COALESCE(sum(l.days), 0) FROM accommodation_voucher_ledger l WHERE l.voucher_id = v.id) > 0
     ORDER BY v.expire_date, v.id LIMIT $2`,
    [now, limit],
  );
  return r.rows.map((x) => x.id);
}

export type VoucherNames = { houseGroupName: string; timezone: string; houseName: string | null };

/** The names (in the language) and zone of each voucher's house group and house. */
export async function namesOfVouchers(
  db: Db,
  language: 'en' | 'ja',
  ids: readonly string[],
): Promise<Map<string, VoucherNames>> {
  if (ids.length === 0) return new Map();
  const r = await db.query<{ id: string; hg_name: string; timezone: string; house_name: string | null }>(
    `SELECT v.id, hg.name_${language} AS hg_name, hg.timezone, h.name_${language} AS house_name
     FROM accommodation_vouchers v JOIN house_groups hg ON hg.id = v.house_group_id
     LEFT JOIN houses h ON h.id = v.house_id WHERE v.id = ANY($1)`,
    [ids],
  );
  return new Map(
    r.rows.map((x) => [x.id, { houseGroupName: x.hg_name, timezone: x.timezone, houseName: x.house_name }]),
  );
}

/** The USE entries of cancelled bookings not given back yet: what each RESTORE owes. */
export async function restoresOwed(
  db: Db,
  limit: number,
): Promise<{ voucherId: string; days: number; bookingId: string }[]> {
  const r = await db.query<{ voucher_id: string; days: number; reference: string }>(
    `SELECT u.voucher_id, -u.days AS days, u.reference
     FROM accommodation_voucher_ledger u JOIN bookings b ON b.id::text = u.reference
     WHERE u.kind = 'USE' AND b.status = 'CANCELLED'
       AND NOT EXISTS (SELECT 1 FROM accommodation_voucher_ledger r
                       WHERE r.voucher_id = u.voucher_id AND r.kind = 'RESTORE' AND r.reference = u.reference)
     ORDER BY u.id LIMIT $1`,
    [limit],
  );
  return r.rows.map((x) => ({ voucherId: x.voucher_id, days: x.days, bookingId: x.reference }));
}
