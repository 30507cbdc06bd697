-- Lending (docs/decisions/0049-lending.md): staff offer lending products, a user lends NAC for a
-- product's investment period and gets it back at the product's NAC return date with a reward, in
-- NAC or in accommodation vouchers.

-- A product. NAC products sell units of unit_lending_amount NAC, each earning
-- unit_expected_reward_amount NAC; voucher products (house_group_id set) sell nights of a house
-- group, a standard night for standard_night_nac_amount NAC and a high-season night for
-- high_night_nac_amount, each night lent earning one night's accommodation voucher.
CREATE TABLE lending_products (
  id text PRIMARY KEY,
  reward_type text NOT NULL CHECK (reward_type IN ('NAC', 'ACCOMMODATION_VOUCHER')),
  title_en text NOT NULL,
  title_ja text NOT NULL,
  image_url text,
  investment_period_days integer NOT NULL CHECK (investment_period_days BETWEEN 1 AND 3650),
  sales_start_at timestamptz NOT NULL,
  nac_return_date date NOT NULL,
  unit_lending_amount numeric(38, 8) CHECK (unit_lending_amount > 0),
  unit_expected_reward_amount numeric(38, 8) CHECK (unit_expected_reward_amount >= 0),
  house_group_id text REFERENCES house_groups (id),
  standard_night_nac_amount numeric(38, 8) CHECK (standard_night_nac_amount > 0),
  high_night_nac_amount numeric(38, 8) CHECK (high_night_nac_amount > 0),
  booking_window_months integer CHECK (booking_window_months BETWEEN 1 AND 60),
  booking_window_days integer CHECK (booking_window_days BETWEEN 1 AND 3650),
  booking_expire_date date,
  lottery_status text NOT NULL DEFAULT 'ACCEPTING' CHECK (lottery_status IN ('ACCEPTING', 'CLOSED')),
  created_at timestamptz NOT NULL,
  CHECK (
    (reward_type = 'NAC' AND unit_lending_amount IS NOT NULL AND unit_expected_reward_amount IS NOT NULL
      AND house_group_id IS NULL AND standard_night_nac_amount IS NULL AND high_night_nac_amount IS NULL)
    OR
    (reward_type = 'ACCOMMODATION_VOUCHER' AND unit_lending_amount IS NULL AND unit_expected_reward_amount IS NULL
      AND house_group_id IS NOT NULL AND standard_night_nac_amount IS NOT NULL AND high_night_nac_amount IS NOT NULL
      AND booking_window_months IS NOT NULL AND booking_window_days IS NOT NULL AND booking_expire_date IS NOT NULL)
  )
);

-- What is left to sell of a product, per tier (UNIT for a NAC product, STANDARD and HIGH nights for a
-- voucher product). The check is the guard: an application takes its units with one conditional
-- UPDATE, so concurrent applications can never take the stock below zero, and a cancelled one gives
-- them back, never above what was offered.
CREATE TABLE lending_stocks (
  product_id text NOT NULL REFERENCES lending_products (id),
  tier text NOT NULL CHECK (tier IN ('UNIT', 'STANDARD', 'HIGH')),
  total_quantity integer NOT NULL CHECK (total_quantity >= 0),
  remaining_quantity integer NOT NULL,
  PRIMARY KEY (product_id, tier),
  CONSTRAINT lending_stock_within CHECK (remaining_quantity BETWEEN 0 AND total_quantity)
);

CREATE SEQUENCE lending_application_number_seq;

-- An application. nac_amount is what the user lends (units times the unit or night amount);
-- expected_reward_nac_amount the NAC reward of a NAC product. paid_at is when the NAC left the user's
-- balance (the LENDING entry of the NAC ledger, reference `lending:<id>`); staff confirm only a paid
-- application.
CREATE TABLE lending_applications (
  id text PRIMARY KEY,
  application_number text NOT NULL UNIQUE,
  account_id uuid NOT NULL REFERENCES identity_accounts (id),
  product_id text NOT NULL REFERENCES lending_products (id),
  tier text NOT NULL CHECK (tier IN ('UNIT', 'STANDARD', 'HIGH')),
  units integer NOT NULL CHECK (units > 0),
  nac_amount numeric(38, 8) NOT NULL CHECK (nac_amount > 0),
  reward_type text NOT NULL CHECK (reward_type IN ('NAC', 'ACCOMMODATION_VOUCHER')),
  expected_reward_nac_amount numeric(38, 8) CHECK (expected_reward_nac_amount >= 0),
  status text NOT NULL CHECK (status IN (
    'AWAITING_TRANSFER', 'ACTIVE_LENDING', 'COMPLETED_AWAITING_REFUND', 'COMPLETED_REFUNDED',
    'CANCELLED_AWAITING_REFUND', 'CANCELLED_REFUNDED'
  )),
  start_date date,
  end_date date,
  nac_return_date date NOT NULL,
  -- The exchange's NAC/JPY rate when the user applied, and the lent NAC's value at it in whole yen
  -- (rounded down): the payment schedule's amountInJpy.
  nac_to_jpy_rate numeric(20, 8) NOT NULL CHECK (nac_to_jpy_rate > 0),
  amount_in_jpy bigint NOT NULL CHECK (amount_in_jpy >= 0),
  -- The last day the user may transfer the NAC; an application still unpaid after it lapses.
  transfer_deadline date NOT NULL,
  paid_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CHECK ((reward_type = 'NAC') = (expected_reward_nac_amount IS NOT NULL)),
  CHECK ((start_date IS NULL) = (end_date IS NULL))
);
CREATE INDEX lending_applications_account_idx ON lending_applications (account_id, created_at DESC);
CREATE INDEX lending_applications_open_idx ON lending_applications (status)
  WHERE status IN ('AWAITING_TRANSFER', 'ACTIVE_LENDING', 'COMPLETED_AWAITING_REFUND', 'CANCELLED_AWAITING_REFUND');

-- The application's history, one row per status it entered (the timeline the user sees), written in
-- the transaction that changes the status; the unique key makes a repeated or concurrent transition
-- write nothing twice.
CREATE TABLE lending_application_events (
  id bigserial PRIMARY KEY,
  application_id text NOT NULL REFERENCES lending_applications (id),
  status text NOT NULL,
  -- CREATED, PAID, CONFIRMED, REJECTED, CANCELLED, ENDED, RETURNED, REFUNDED
  event text NOT NULL,
  at timestamptz NOT NULL,
  actor_account_id uuid,
  UNIQUE (application_id, event)
);
