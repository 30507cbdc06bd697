import type { Language } from '@yado/contract/headers';
import type { Db } from '../../platform/db/pool.js';

export type ProductRecord = {
  id: string;
  houseGroupId: string;
  houseGroupName: string;
  timezone: string;
  priceType: 'STANDARD' | 'HIGH';
  days: number;
  price: number;
  stock: number;
  remainingStock: number;
  salesStartAt: Date;
  bookingWindowDays: number;
  revocable: boolean;
  isLottery: boolean;
  openDeadline: Date | null;
  lotteryStatus: 'ACCEPTING' | 'CLOSED' | null;
  drawSecret: string;
  drawSeed: string | null;
  drawnAt: Date | null;
};

const PRODUCT_COLUMNS = (lang: Language) => `p.id, p.house_group_id, hg.name_${lang} AS house_group_name, hg.timezone,
  p.price_type, p.days, p.price::int AS price, p.stock, p.remaining_stock, p.sales_start_at, p.booking_window_days,
  p.revocable, p.is_lottery, p.open_deadline, p.lottery_status, p.draw_secret, p.draw_seed, p.drawn_at`;

type ProductRow = {
  id: string;
  house_group_id: string;
  house_group_name: string;
  timezone: string;
  price_type: 'STANDARD' | 'HIGH';
  days: number;
  price: number;
  stock: number;
  remaining_stock: number;
  sales_start_at: Date;
  booking_window_days: number;
  revocable: boolean;
  is_lottery: boolean;
  open_deadline: Date | null;
  lottery_status: 'ACCEPTING' | 'CLOSED' | null;
  draw_secret: string;
  draw_seed: string | null;
  drawn_at: Date | null;
};

const toProduct = (r: ProductRow): ProductRecord => ({
  id: r.id,
  houseGroupId: r.house_group_id,
  houseGroupName: r.house_group_name,
  timezone: r.timezone,
  priceType: r.price_type,
  days: r.days,
  price: r.price,
  stock: r.stock,
  remainingStock: r.remaining_stock,
  salesStartAt: r.sales_start_at,
  bookingWindowDays: r.booking_window_days,
  revocable: r.revocable,
  isLottery: r.is_lottery,
  openDeadline: r.open_deadline,
  lotteryStatus: r.lottery_status,
  drawSecret: r.draw_secret,
  drawSeed: r.draw_seed,
  drawnAt: r.drawn_at,
});

export type NewProduct = {
  id: string;
  houseGroupId: string;
  priceType: 'STANDARD' | 'HIGH';
  days: number;
  price: number;
  stock: number;
  salesStartAt: Date;
  bookingWindowDays: number;
  revocable: boolean;
  openDeadline: Date | null;
  drawSecret: string;
  now: Date;
};

export async function insertProduct(db: Db, p: NewProduct): Promise<void> {
  await db.query(
    `INSERT INTO voucher_products (id, house_group_id, price_type, days, price, stock, remaining_stock, sales_start_at,
       booking_window_days, revocable, is_lottery, open_deadline, lottery_status, draw_secret, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $6, $7, $8, $9, $10, $11, $12, $13, $14)
     ON CONFLICT (id) DO NOTHING`,
    [
      p.id,
      p.houseGroupId,
      p.priceType,
      p.days,
      p.price,
      p.stock,
      p.salesStartAt,
      p.bookingWindowDays,
      p.revocable,
      p.openDeadline !== null,
      p.openDeadline,
      p.openDeadline !== null ? 'ACCEPTING' : null,
      p.drawSecret,
      p.now,
    ],
  );
}

export async function houseGroupExists(db: Db, houseGroupId: string): Promise<boolean> {
  const r = await db.query('SELECT 1 FROM house_groups WHERE id = $1', [houseGroupId]);
  return (r.rowCount ?? 0) > 0;
}

export async function findProduct(db: Db, language: Language, id: string, lock = false): Promise<ProductRecord | null> {
  const r = await db.query<ProductRow>(
    `SELECT ${PRODUCT_COLUMNS(language)} FROM voucher_products p JOIN house_groups hg ON hg.id = p.house_group_id
     WHERE p.id = $1 ${lock ? 'FOR UPDATE OF p' : ''}`,
    [id],
  );
  return r.rows[0] ? toProduct(r.rows[0]) : null;
}

/** Products on sale or starting before `until`, soonest first. */
export async function listProducts(
  db: Db,
  language: Language,
  until: Date,
  houseGroupId: string | null,
): Promise<ProductRecord[]> {
  const r = await db.query<ProductRow>(
    `SELECT ${PRODUCT_COLUMNS(language)} FROM voucher_products p JOIN house_groups hg ON hg.id = p.house_group_id
     WHERE p.sales_start_at < $1 AND ($2::text IS NULL OR p.house_group_id = $2)
     ORDER BY p.sales_start_at, p.id LIMIT 200`,
    [until, houseGroupId],
  );
  return r.rows.map(toProduct);
}

/** Takes one unit of stock; false when none was left (the row's check keeps it from going below zero). */
export async function takeStock(db: Db, productId: string): Promise<boolean> {
  const r = await db.query(
    'UPDATE voucher_products SET remaining_stock = remaining_stock - 1 WHERE id = $1 AND remaining_stock > 0',
    [productId],
  );
  return r.rowCount === 1;
}

export async function productIdsToDraw(db: Db, now: Date): Promise<string[]> {
  const r = await db.query<{ id: string }>(
    `SELECT id FROM voucher_products WHERE lottery_status = 'ACCEPTING' AND open_deadline <= $1 ORDER BY open_deadline LIMIT 50`,
    [now],
  );
  return r.rows.map((x) => x.id);
}

export async function closeLottery(db: Db, productId: string, seed: string, now: Date): Promise<void> {
  await db.query(`UPDATE voucher_products SET lottery_status = 'CLOSED', draw_seed = $2, drawn_at = $3 WHERE id = $1`, [
    productId,
    seed,
    now,
  ]);
}

// Purchases ----------------------------------------------------------------------------------------

export type PurchaseRecord = {
  id: string;
  productId: string;
  accountId: string;
  nacAmount: string;
  nacToJpyRate: string;
  price: number;
  voucherId: string;
};

type PurchaseRow = {
  id: string;
  product_id: string;
  account_id: string;
  nac_amount: string;
  nac_to_jpy_rate: string;
  price: number;
  voucher_id: string;
};

const toPurchase = (r: PurchaseRow): PurchaseRecord => ({
  id: r.id,
  productId: r.product_id,
  accountId: r.account_id,
  nacAmount: r.nac_amount,
  nacToJpyRate: r.nac_to_jpy_rate,
  price: r.price,
  voucherId: r.voucher_id,
});

export async function findPurchase(db: Db, id: string): Promise<PurchaseRecord | null> {
  const r = await db.query<PurchaseRow>(
    `SELECT id, product_id, account_id::text, nac_amount::text, nac_to_jpy_rate::text, price::int AS price, voucher_id
     FROM voucher_purchases WHERE id = $1`,
    [id],
  );
  return r.rows[0] ? toPurchase(r.rows[0]) : null;
}

/** The purchase that issued a voucher, if one did (a lottery win or a reward did not). */
export async function findPurchaseOfVoucher(db: Db, voucherId: string): Promise<PurchaseRecord | null> {
  const r = await db.query<PurchaseRow>(
    `SELECT id, product_id, account_id::text, nac_amount::text, nac_to_jpy_rate::text, price::int AS price, voucher_id
     FROM voucher_purchases WHERE voucher_id = $1`,
    [voucherId],
  );
  return r.rows[0] ? toPurchase(r.rows[0]) : null;
}

export async function insertPurchase(db: Db, p: PurchaseRecord & { now: Date }): Promise<void> {
  await db.query(
    `INSERT INTO voucher_purchases (id, product_id, account_id, nac_amount, nac_to_jpy_rate, price, voucher_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [p.id, p.productId, p.accountId, p.nacAmount, p.nacToJpyRate, p.price, p.voucherId, p.now],
  );
}

// Lottery entries ------------------------------------------------------------------------------------

export type EntryRecord = {
  id: string;
  productId: string;
  accountId: string;
  lotteryNumber: number;
  nacAmount: string;
  nacToJpyRate: string;
  drawRank: number | null;
  result: 'WON' | 'LOST' | 'LOST_INSUFFICIENT_NAC' | null;
  voucherId: string | null;
  createdAt: Date;
};

type EntryRow = {
  id: string;
  product_id: string;
  account_id: string;
  lottery_number: number;
  nac_amount: string;
  nac_to_jpy_rate: string;
  draw_rank: number | null;
  result: EntryRecord['result'];
  voucher_id: string | null;
  created_at: Date;
};

const ENTRY_COLUMNS = `e.id, e.product_id, e.account_id::text, e.lottery_number, e.nac_amount::text, e.nac_to_jpy_rate::text,
  e.draw_rank, e.result, e.voucher_id, e.created_at`;

const toEntry = (r: EntryRow): EntryRecord => ({
  id: r.id,
  productId: r.product_id,
  accountId: r.account_id,
  lotteryNumber: r.lottery_number,
  nacAmount: r.nac_amount,
  nacToJpyRate: r.nac_to_jpy_rate,
  drawRank: r.draw_rank,
  result: r.result,
  voucherId: r.voucher_id,
  createdAt: r.created_at,
});

/**
 * Enters the lottery with the next lottery number. The product row is locked by the caller, so
 * numbers are given one at a time; 'duplicate' when the account has an entry already.
 */
export async function insertEntry(
  db: Db,
  e: { id: string; productId: string; accountId: string; nacAmount: string; nacToJpyRate: string; now: Date },
): Promise<EntryRecord | 'duplicate'> {
  const r = await db.query<EntryRow>(
    `INSERT INTO voucher_lottery_entries (id, product_id, account_id, lottery_number, nac_amount, nac_to_jpy_rate, created_at)
     SELECT $1, $2, $3, COALESCE(max(lottery_number), 0) + 1, $4, $5, $6 FROM voucher_lottery_entries WHERE product_id = $2
     ON CONFLICT (product_id, account_id) DO NOTHING
     RETURNING id, product_id, account_id::text, lottery_number, nac_amount::text, nac_to_jpy_rate::text, draw_rank,
       result, voucher_id, created_at`,
    [e.id, e.productId, e.accountId, e.nacAmount, e.nacToJpyRate, e.now],
  );
  return r.rows[0] ? toEntry(r.rows[0]) : 'duplicate';
}

export async function findEntry(db: Db, id: string): Promise<EntryRecord | null> {
  const r = await db.query<EntryRow>(`SELECT ${ENTRY_COLUMNS} FROM voucher_lottery_entries e WHERE e.id = $1`, [id]);
  return r.rows[0] ? toEntry(r.rows[0]) : null;
}

export async function entriesOfProduct(db: Db, productId: string): Promise<EntryRecord[]> {
  const r = await db.query<EntryRow>(
    `SELECT ${ENTRY_COLUMNS} FROM voucher_lottery_entries e WHERE e.product_id = $1 ORDER BY e.lottery_number`,
    [productId],
  );
  return r.rows.map(toEntry);
}

export async function entriesOfAccount(db: Db, accountId: string): Promise<EntryRecord[]> {
  const r = await db.query<EntryRow>(
    `SELECT ${ENTRY_COLUMNS} FROM voucher_lottery_entries e WHERE e.account_id = $1 ORDER BY e.created_at DESC, e.id LIMIT 200`,
    [accountId],
  );
  return r.rows.map(toEntry);
}

export async function enteredProductIds(db: Db, accountId: string, productIds: string[]): Promise<Set<string>> {
  if (productIds.length === 0) return new Set();
  const r = await db.query<{ product_id: string }>(
    'SELECT product_id FROM voucher_lottery_entries WHERE account_id = $1 AND product_id = ANY($2)',
    [accountId, productIds],
  );
  return new Set(r.rows.map((x) => x.product_id));
}

export async function recordDrawResult(
  db: Db,
  e: { id: string; drawRank: number; result: 'WON' | 'LOST' | 'LOST_INSUFFICIENT_NAC'; voucherId: string | null },
): Promise<void> {
  await db.query('UPDATE voucher_lottery_entries SET draw_rank = $2, result = $3, voucher_id = $4 WHERE id = $1', [
    e.id,
    e.drawRank,
    e.result,
    e.voucherId,
  ]);
}

/**
 * Runs a step inside a savepoint: a refusal (an overdraft the NAC ledger's guard refuses) undoes
 * only that step, and the draw's transaction goes on.
 */
export async function inSavepoint<T>(tx: Db, name: string, step: () => Promise<T>): Promise<T> {
  await tx.query(`SAVEPOINT ${name}`);
  try {
    const out = await step();
    await tx.query(`RELEASE SAVEPOINT ${name}`);
    return out;
  } catch (err) {
    await tx.query(`ROLLBACK TO SAVEPOINT ${name}`);
    throw err;
  }
}
