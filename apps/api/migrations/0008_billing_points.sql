-- Billings, their lines and status history, and the points ledger
-- (docs/decisions/0010-guest-stay-modules.md). Bookings live in another module,
-- so booking_id is plain text; the account is the identity account that pays.

-- Billings ---------------------------------------------------------------------

-- Human-readable numbers ('B-2026-000123') that also serve as the invoice number.
CREATE SEQUENCE billing_number_seq START 1;

CREATE TABLE billings (
  id text PRIMARY KEY,
  billing_number text NOT NULL UNIQUE,
  booking_id text NOT NULL,
  account_id uuid NOT NULL REFERENCES identity_accounts (id),
  billing_type text NOT NULL CHECK (billing_type IN ('DEPOSIT', 'DEFAULT', 'ADDITIONAL', 'CANCELLATION')),
  status text NOT NULL DEFAULT 'REQUESTED'
    CHECK (status IN ('REQUESTED', 'PAID', 'CANCELLED', 'FAILED', 'REFUNDED')),
  service_charge_percentage numeric(5, 2) NOT NULL,
  accommodation_tax bigint NOT NULL DEFAULT 0 CHECK (accommodation_tax >= 0),
  -- Tax-inclusive total of every line, accommodation tax included.
  total_amount bigint NOT NULL CHECK (total_amount >= 0),
  -- Already paid elsewhere (a deposit), subtracted from what this billing asks for.
  deductions bigint NOT NULL DEFAULT 0 CHECK (deductions >= 0 AND deductions <= total_amount),
  point_payment_amount bigint NOT NULL DEFAULT 0 CHECK (point_payment_amount >= 0),
  fiat_amount bigint NOT NULL CHECK (fiat_amount >= 0),
  -- The subtotals the billing was issued with: an issued invoice never changes when rules do.
  totals jsonb NOT NULL,
  cancellation_fee jsonb NOT NULL DEFAULT '[]',
  payment_id text,
  payment_method_id text,
  payment_method jsonb,
  payment_deadline timestamptz,
  failure_reason text,
  billed_at timestamptz NOT NULL,
  paid_at timestamptz,
  refunded_amount bigint NOT NULL DEFAULT 0 CHECK (refunded_amount >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (point_payment_amount + fiat_amount = total_amount - deductions)
);
CREATE INDEX billings_booking_idx ON billings (booking_id, billed_at);
CREATE INDEX billings_account_idx ON billings (account_id);
-- Reconciliation looks at REQUESTED billings that have waited too long.
CREATE INDEX billings_requested_idx ON billings (updated_at) WHERE status = 'REQUESTED';
CREATE INDEX billings_payment_idx ON billings (payment_id) WHERE payment_id IS NOT NULL;

CREATE TABLE billing_lines (
  billing_id text NOT NULL REFERENCES billings (id) ON DELETE CASCADE,
  line_no integer NOT NULL,
  subject text NOT NULL CHECK (subject IN (
    'ACCOMMODATION', 'MUTUAL_USE_EXTRA_CHARGE', 'MEAL', 'BEVERAGE', 'MERCHANDISE', 'ACCOMMODATION_CANCEL_FEE',
    'ACCOMMODATION_DEPOSIT', 'OPTION', 'DISCOUNT', 'OWN_USE_FEE')),
  category text CHECK (category IN ('MEAL', 'BEVERAGE', 'MERCHANDISE', 'SERVICE', 'EXTRA_OPTION')),
  title_en text NOT NULL,
  title_ja text NOT NULL,
  date date,
  quantity integer NOT NULL,
  meal_quantities jsonb,
  -- Yen, tax-exclusive, before service charge; negative for a discount.
  amount bigint NOT NULL,
  adjustment_amount bigint NOT NULL DEFAULT 0,
  tax_rate_type text NOT NULL CHECK (tax_rate_type IN ('STANDARD', 'REDUCED', 'EXEMPT')),
  tax_rate integer NOT NULL,
  service_charge_applicable boolean NOT NULL,
  order_id text,
  order_number text,
  source text CHECK (source IN ('CHECKIN', 'CHECKOUT', 'CANCEL')),
  -- For display per line only; the invoice's tax is computed once per rate (see totals).
  consumption_tax bigint NOT NULL,
  tax_inclusive_amount bigint NOT NULL,
  PRIMARY KEY (billing_id, line_no)
);

-- Who moved a billing to which status, and when.
CREATE TABLE billing_status_events (
  id bigserial PRIMARY KEY,
  billing_id text NOT NULL REFERENCES billings (id) ON DELETE CASCADE,
  from_status text,
  to_status text NOT NULL,
  actor text NOT NULL,
  reason text,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX billing_status_events_billing_idx ON billing_status_events (billing_id, id);

-- Points -----------------------------------------------------------------------

-- An append-only ledger: a balance is the sum of an account's entries and is
-- never stored or edited. Positive entries are lots that lapse at expires_at;
-- REVOKE_EXPIRED names the lot whose unspent remainder it takes back.
CREATE TABLE point_actions (
  id text PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES identity_accounts (id),
  points integer NOT NULL CHECK (points <> 0),
  reason text NOT NULL CHECK (reason IN (
    'CONFIRM_MANUAL', 'CONFIRM_CHECK_OUT', 'CONSUME_MANUAL', 'CONSUME_BILLING', 'REFUND_MANUAL', 'REFUND_BILLING',
    'REVOKE_MANUAL', 'REVOKE_EXPIRED')),
  billing_id text REFERENCES billings (id),
  booking_id text,
  lot_id text REFERENCES point_actions (id),
  expires_at timestamptz,
  note text NOT NULL DEFAULT '',
  logged_at timestamptz NOT NULL,
  created_by text NOT NULL,
  CHECK ((points > 0) = (reason IN ('CONFIRM_MANUAL', 'CONFIRM_CHECK_OUT', 'REFUND_MANUAL', 'REFUND_BILLING'))),
  CHECK ((points > 0) = (expires_at IS NOT NULL)),
  CHECK ((reason = 'REVOKE_EXPIRED') = (lot_id IS NOT NULL))
);
CREATE INDEX point_actions_account_idx ON point_actions (account_id, logged_at DESC, id DESC);
CREATE INDEX point_actions_billing_idx ON point_actions (billing_id) WHERE billing_id IS NOT NULL;
-- Points are earned once per booking at check-out, and a lot lapses once.
CREATE UNIQUE INDEX point_actions_checkout_key ON point_actions (booking_id) WHERE reason = 'CONFIRM_CHECK_OUT';
CREATE UNIQUE INDEX point_actions_expired_key ON point_actions (lot_id) WHERE reason = 'REVOKE_EXPIRED';
CREATE INDEX point_actions_expiry_idx ON point_actions (expires_at) WHERE expires_at IS NOT NULL;

-- A lot whose expiry the sweep has settled (its remainder revoked, or nothing
-- was left), so the sweep looks at each lapsed lot once.
CREATE TABLE point_lot_closures (
  lot_id text PRIMARY KEY REFERENCES point_actions (id),
  closed_at timestamptz NOT NULL DEFAULT now()
);
