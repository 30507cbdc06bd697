import type { LendingApplicationStatusValue } from '@yado/contract/lending.contract';
import type { Db } from '../../platform/db/pool.js';

export type Tier = 'UNIT' | 'STANDARD' | 'HIGH';
export type RewardType = 'NAC' | 'ACCOMMODATION_VOUCHER';

export type ProductRecord = {
  id: string;
  rewardType: RewardType;
  titleEn: string;
  titleJa: string;
  imageUrl: string;
  investmentPeriodDays: number;
  salesStartAt: Date;
  nacReturnDate: string;
  unitLendingAmount: string | null;
  unitExpectedRewardAmount: string | null;
  houseGroupId: string | null;
  standardNightNacAmount: string | null;
  highNightNacAmount: string | null;
  bookingWindowMonths: number | null;
  bookingWindowDays: number | null;
  bookingExpireDate: string | null;
  lotteryStatus: 'ACCEPTING' | 'CLOSED';
  stocks: Record<Tier, { total: number; remaining: number } | undefined>;
};

const PRODUCT_COLUMNS = `p.id, p.reward_type, p.title_en, p.title_ja, coalesce(p.image_url, '') AS image_url,
  p.investment_period_days, p.sales_start_at, p.nac_return_date::text AS nac_return_date,
  p.unit_lending_amount::text AS unit_lending_amount, p.unit_expected_reward_amount::text AS unit_expected_reward_amount,
  p.house_group_id, p.standard_night_nac_amount::text AS standard_night_nac_amount,
  p.high_night_nac_amount::text AS high_night_nac_amount, p.booking_window_months, p.booking_window_days,
  p.booking_expire_date::text AS booking_expire_date, p.lottery_status,
  coalesce((SELECT json_object_agg(s.tier, json_build_object('total', s.total_quantity, 'remaining', s.remaining_quantity))
    FROM lending_stocks s WHERE s.product_id = p.id), '{}'::json) AS stocks`;

type ProductRow = {
  id: string;
  reward_type: RewardType;
  title_en: string;
  title_ja: string;
  image_url: string;
  investment_period_days: number;
  sales_start_at: Date;
  nac_return_date: string;
  unit_lending_amount: string | null;
  unit_expected_reward_amount: string | null;
  house_group_id: string | null;
  standard_night_nac_amount: string | null;
  high_night_nac_amount: string | null;
  booking_window_months: number | null;
  booking_window_days: number | null;
  booking_expire_date: string | null;
  lottery_status: 'ACCEPTING' | 'CLOSED';
  stocks: ProductRecord['stocks'];
};

const toProduct = (r: ProductRow): ProductRecord => ({
  id: r.id,
  rewardType: r.reward_type,
  titleEn: r.title_en,
  titleJa: r.title_ja,
  imageUrl: r.image_url,
  investmentPeriodDays: r.investment_period_days,
  salesStartAt: r.sales_start_at,
  nacReturnDate: r.nac_return_date,
  unitLendingAmount: r.unit_lending_amount,
  unitExpectedRewardAmount: r.unit_expected_reward_amount,
  houseGroupId: r.house_group_id,
  standardNightNacAmount: r.standard_night_nac_amount,
  highNightNacAmount: r.high_night_nac_amount,
  bookingWindowMonths: r.booking_window_months,
  bookingWindowDays: r.booking_window_days,
  bookingExpireDate: r.booking_expire_date,
  lotteryStatus: r.lottery_status,
  stocks: r.stocks,
});

export async function insertProduct(
  db: Db,
  p: Omit<ProductRecord, 'stocks' | 'lotteryStatus'> & { createdAt: Date; stocks: { tier: Tier; quantity: number }[] },
): Promise<void> {
  await db.query(
    `INSERT INTO lending_products (id, reward_type, title_en, title_ja, image_url, investment_period_days,
       sales_start_at, nac_return_date, unit_lending_amount, unit_expected_reward_amount, house_group_id,
       standard_night_nac_amount, high_night_nac_amount, booking_window_months, booking_window_days,
       booking_expire_date, created_at)
     VALUES ($1, $2, $3, $4, NULLIF($5, ''), $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`,
    [
      p.id,
      p.rewardType,
      p.titleEn,
      p.titleJa,
      p.imageUrl,
      p.investmentPeriodDays,
      p.salesStartAt,
      p.nacReturnDate,
      p.unitLendingAmount,
      p.unitExpectedRewardAmount,
      p.houseGroupId,
      p.standardNightNacAmount,
      p.highNightNacAmount,
      p.bookingWindowMonths,
      p.bookingWindowDays,
      p.bookingExpireDate,
      p.createdAt,
    ],
  );
  for (const s of p.stocks) {
    await db.query(
      `INSERT INTO lending_stocks (product_id, tier, total_quantity, remaining_quantity) VALUES ($1, $2, $3, $3)`,
      [p.id, s.tier, s.quantity],
    );
  }
}

export async function listProducts(db: Db, rewardType: RewardType, now: Date): Promise<ProductRecord[]> {
  const r = await db.query<ProductRow>(
    `SELECT ${PRODUCT_COLUMNS} FROM lending_products p
     WHERE p.reward_type = $1 AND p.sales_start_at <= $2 ORDER BY p.nac_return_date, p.id`,
    [rewardType, now],
  );
  return r.rows.map(toProduct);
}

export async function findProduct(db: Db, id: string): Promise<ProductRecord | null> {
  const r = await db.query<ProductRow>(`SELECT ${PRODUCT_COLUMNS} FROM lending_products p WHERE p.id = $1`, [id]);
  return r.rows[0] ? toProduct(r.rows[0]) : null;
}

/**
 * Takes units from a product's stock if that many remain: one conditional UPDATE, so concurrent
 * applications queue on the row and the last ones find too few (the check constraint is the
 * database's own second guard). False when fewer remain.
 */
export async function takeStock(db: Db, productId: string, tier: Tier, units: number): Promise<boolean> {
  const r = await db.query(
    `UPDATE lending_stocks SET remaining_quantity = remaining_quantity - $3
     WHERE product_id = $1 AND tier = $2 AND remaining_quantity >= $3`,
    [productId, tier, units],
  );
  return r.rowCount === 1;
}

export async function releaseStock(db: Db, productId: string, tier: Tier, units: number): Promise<void> {
  await db.query(
    `UPDATE lending_stocks SET remaining_quantity = remaining_quantity + $3 WHERE product_id = $1 AND tier = $2`,
    [productId, tier, units],
  );
}

export type ApplicationRecord = {
  id: string;
  applicationNumber: string;
  accountId: string;
  productId: string;
  tier: Tier;
  units: number;
  nacAmount: string;
  rewardType: RewardType;
  expectedRewardNacAmount: string | null;
  status: LendingApplicationStatusValue;
  startDate: string | null;
  endDate: string | null;
  nacReturnDate: string;
  nacToJpyRate: string;
  amountInJpy: number;
  transferDeadline: string;
  paidAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

const APPLICATION_COLUMNS = `id, application_number, account_id::text AS account_id, product_id, tier, units,
  nac_amount::text AS nac_amount, reward_type, expected_reward_nac_amount::text AS expected_reward_nac_amount,
  status, start_date::text AS start_date, end_date::text AS end_date, nac_return_date::text AS nac_return_date,
  nac_to_jpy_rate::text AS nac_to_jpy_rate, amount_in_jpy::int AS amount_in_jpy,
  transfer_deadline::text AS transfer_deadline, paid_at, created_at, updated_at`;

type ApplicationRow = {
  id: string;
  application_number: string;
  account_id: string;
  product_id: string;
  tier: Tier;
  units: number;
  nac_amount: string;
  reward_type: RewardType;
  expected_reward_nac_amount: string | null;
  status: LendingApplicationStatusValue;
  start_date: string | null;
  end_date: string | null;
  nac_return_date: string;
  nac_to_jpy_rate: string;
  amount_in_jpy: number;
  transfer_deadline: string;
  paid_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

const toApplication = (r: ApplicationRow): ApplicationRecord => ({
  id: r.id,
  applicationNumber: r.application_number,
  accountId: r.account_id,
  productId: r.product_id,
  tier: r.tier,
  units: r.units,
  nacAmount: r.nac_amount,
  rewardType: r.reward_type,
  expectedRewardNacAmount: r.expected_reward_nac_amount,
  status: r.status,
  startDate: r.start_date,
  endDate: r.end_date,
  nacReturnDate: r.nac_return_date,
  nacToJpyRate: r.nac_to_jpy_rate,
  amountInJpy: r.amount_in_jpy,
  transferDeadline: r.transfer_deadline,
  paidAt: r.paid_at,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** Records an application under its id; false when one with that id exists (a retried request). */
export async function insertApplication(
  db: Db,
  a: Omit<ApplicationRecord, 'applicationNumber' | 'status' | 'startDate' | 'endDate' | 'paidAt' | 'updatedAt'>,
): Promise<boolean> {
  const r = await db.query(
    `INSERT INTO lending_applications (id, application_number, account_id, product_id, tier, units, nac_amount,
       reward_type, expected_reward_nac_amount, status, nac_return_date, nac_to_jpy_rate, amount_in_jpy,
       transfer_deadline, created_at, updated_at)
     VALUES ($1, 'LA' || lpad(nextval('lending_application_number_seq')::text, 8, '0'), $2, $3, $4, $5, $6, $7, $8,
       'AWAITING_TRANSFER', $9, $10, $11, $12, $13, $13)
     ON CONFLICT (id) DO NOTHING`,
    [
      a.id,
      a.accountId,
      a.productId,
      a.tier,
      a.units,
      a.nacAmount,
      a.rewardType,
      a.expectedRewardNacAmount,
      a.nacReturnDate,
      a.nacToJpyRate,
      a.amountInJpy,
      a.transferDeadline,
      a.createdAt,
    ],
  );
  return r.rowCount === 1;
}

export async function findApplication(db: Db, id: string, lock = false): Promise<ApplicationRecord | null> {
  const r = await db.query<ApplicationRow>(
    `SELECT ${APPLICATION_COLUMNS} FROM lending_applications WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return r.rows[0] ? toApplication(r.rows[0]) : null;
}

export async function listApplications(db: Db, accountId: string): Promise<ApplicationRecord[]> {
  const r = await db.query<ApplicationRow>(
    `SELECT ${APPLICATION_COLUMNS} FROM lending_applications WHERE account_id = $1 ORDER BY created_at DESC, id DESC LIMIT 200`,
    [accountId],
  );
  return r.rows.map(toApplication);
}

export async function listAwaiting(db: Db): Promise<ApplicationRecord[]> {
  const r = await db.query<ApplicationRow>(
    `SELECT ${APPLICATION_COLUMNS} FROM lending_applications WHERE status = 'AWAITING_TRANSFER'
     ORDER BY paid_at IS NULL, created_at, id LIMIT 500`,
  );
  return r.rows.map(toApplication);
}

/** Applications in a status the lending task may move on. */
export async function openApplicationIds(db: Db, limit: number): Promise<string[]> {
  const r = await db.query<{ id: string }>(
    `SELECT id FROM lending_applications
     WHERE status IN ('AWAITING_TRANSFER', 'ACTIVE_LENDING', 'COMPLETED_AWAITING_REFUND', 'CANCELLED_AWAITING_REFUND')
     ORDER BY id LIMIT $1`,
    [limit],
  );
  return r.rows.map((x) => x.id);
}

export async function updateApplication(
  db: Db,
  id: string,
  change: {
    status?: LendingApplicationStatusValue;
    startDate?: string;
    endDate?: string;
    nacReturnDate?: string;
    paidAt?: Date;
    now: Date;
  },
): Promise<void> {
  await db.query(
    `UPDATE lending_applications SET status = coalesce($2, status), start_date = coalesce($3::date, start_date),
       end_date = coalesce($4::date, end_date), nac_return_date = coalesce($5::date, nac_return_date),
       paid_at = coalesce($6, paid_at), updated_at = $7
     WHERE id = $1`,
    [
      id,
      change.status ?? null,
      change.startDate ?? null,
      change.endDate ?? null,
      change.nacReturnDate ?? null,
      change.paidAt ?? null,
      change.now,
    ],
  );
}

export type EventRecord = { event: string; status: LendingApplicationStatusValue; at: Date };

export async function insertEvent(
  db: Db,
  e: {
    applicationId: string;
    event: string;
    status: LendingApplicationStatusValue;
    at: Date;
    actorAccountId: string | null;
  },
): Promise<boolean> {
  const r = await db.query(
    `INSERT INTO lending_application_events (application_id, status, event, at, actor_account_id)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (application_id, event) DO NOTHING`,
    [e.applicationId, e.status, e.event, e.at, e.actorAccountId],
  );
  return r.rowCount === 1;
}

export async function listEvents(db: Db, applicationId: string): Promise<EventRecord[]> {
  const r = await db.query<{ event: string; status: LendingApplicationStatusValue; at: Date }>(
    `SELECT event, status, at FROM lending_application_events WHERE application_id = $1 ORDER BY id`,
    [applicationId],
  );
  return r.rows;
}
