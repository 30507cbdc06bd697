-- Voucher products, their purchases with NAC, lotteries and bookings paid with a voucher
-- (docs/decisions/0050-voucher-products-and-lotteries.md).

-- A voucher product: nights of one price tier at one house group, sold for a yen price paid in NAC
-- at the rate of the moment. remaining_stock is taken one by one, in the transaction that records the
-- purchase or the lottery win, and can never go below zero. A lottery product accepts entries from
-- sales_start_at until open_deadline; a task then draws it (lottery_status ACCEPTING → CLOSED).
-- draw_secret is chosen when the product is created and never shown before the draw: the draw's
-- seed is derived from it and the product's id, so nobody can know the order while entering.
CREATE TABLE voucher_products (
  id text PRIMARY KEY,
  house_group_id text NOT NULL REFERENCES house_groups (id),
  price_type text NOT NULL CHECK (price_type IN ('STANDARD', 'HIGH')),
  days integer NOT NULL CHECK (days BETWEEN 1 AND 60),
  price bigint NOT NULL CHECK (price > 0),
  stock integer NOT NULL CHECK (stock > 0),
  remaining_stock integer NOT NULL CHECK (remaining_stock >= 0),
  sales_start_at timestamptz NOT NULL,
  -- A voucher can be used for this many days from the day it is issued.
  booking_window_days integer NOT NULL CHECK (booking_window_days BETWEEN 1 AND 730),
  revocable boolean NOT NULL,
  is_lottery boolean NOT NULL,
  open_deadline timestamptz,
  lottery_status text CHECK (lottery_status IN ('ACCEPTING', 'CLOSED')),
  draw_secret text NOT NULL,
  draw_seed text,
  drawn_at timestamptz,
  created_at timestamptz NOT NULL,
  CHECK (remaining_stock <= stock),
  CHECK (is_lottery = (lottery_status IS NOT NULL)),
  CHECK (NOT is_lottery OR (open_deadline IS NOT NULL AND open_deadline > sales_start_at)),
  CHECK ((draw_seed IS NULL) = (drawn_at IS NULL))
);
CREATE INDEX voucher_products_group_idx ON voucher_products (house_group_id, sales_start_at);
CREATE INDEX voucher_products_to_draw_idx ON voucher_products (open_deadline) WHERE lottery_status = 'ACCEPTING';

-- A purchase: the NAC it took (VOUCHER_PURCHASE, reference voucher-purchase:<id>) at the quoted rate
-- and the voucher it issued (source_ref purchase:<id>). The id is derived from the Idempotency-Key,
-- so a retry finds the purchase the first call made.
CREATE TABLE voucher_purchases (
  id text PRIMARY KEY,
  product_id text NOT NULL REFERENCES voucher_products (id),
  account_id uuid NOT NULL REFERENCES identity_accounts (id),
  nac_amount numeric(38, 8) NOT NULL CHECK (nac_amount > 0),
  nac_to_jpy_rate numeric(20, 8) NOT NULL CHECK (nac_to_jpy_rate > 0),
  price bigint NOT NULL CHECK (price > 0),
  voucher_id text NOT NULL REFERENCES accommodation_vouchers (id),
  created_at timestamptz NOT NULL
);
CREATE INDEX voucher_purchases_account_idx ON voucher_purchases (account_id, created_at);

-- One entry per user per product, numbered in the order entered. The NAC price is fixed at entry
-- (from the quote the user accepted) and taken at the draw. The draw writes each entry's place in
-- the seeded order (draw_rank) and its result: WON (voucher issued), LOST, or
-- LOST_INSUFFICIENT_NAC (drawn a winner but the balance did not cover the fixed price; the voucher
-- passed to the next entry in the order).
CREATE TABLE voucher_lottery_entries (
  id text PRIMARY KEY,
  product_id text NOT NULL REFERENCES voucher_products (id),
  account_id uuid NOT NULL REFERENCES identity_accounts (id),
  lottery_number integer NOT NULL CHECK (lottery_number > 0),
  nac_amount numeric(38, 8) NOT NULL CHECK (nac_amount > 0),
  nac_to_jpy_rate numeric(20, 8) NOT NULL CHECK (nac_to_jpy_rate > 0),
  draw_rank integer,
  result text CHECK (result IN ('WON', 'LOST', 'LOST_INSUFFICIENT_NAC')),
  voucher_id text REFERENCES accommodation_vouchers (id),
  created_at timestamptz NOT NULL,
  UNIQUE (product_id, account_id),
  UNIQUE (product_id, lottery_number),
  CHECK ((result = 'WON') = (voucher_id IS NOT NULL)),
  CHECK ((result IS NULL) = (draw_rank IS NULL))
);
CREATE INDEX voucher_lottery_entries_account_idx ON voucher_lottery_entries (account_id, created_at);
