-- NAC moving inside the product (docs/decisions/0047-nac-payments-and-split-billing.md and the
-- lending and voucher decisions): a billing paid in NAC, NAC lent and returned with its reward, a
-- voucher bought with NAC. Such an entry records no exchange transfer but a product reference
-- (`billing:<id>`, `lending:<id>`, `voucher-purchase:<id>`, ...), and is written once per
-- (reference, kind) so a retried or repeated step never moves NAC twice. The ledger guard
-- (functions/nac_ledger_guard.sql) still refuses updates, deletes and overdrafts for every kind.
ALTER TABLE nac_ledger ALTER COLUMN transfer_id DROP NOT NULL;
ALTER TABLE nac_ledger ADD COLUMN reference text;
ALTER TABLE nac_ledger DROP CONSTRAINT nac_ledger_kind_check;
ALTER TABLE nac_ledger DROP CONSTRAINT nac_ledger_check;
ALTER TABLE nac_ledger ADD CONSTRAINT nac_ledger_kind_check CHECK (kind IN (
  'DEPOSIT', 'WITHDRAWAL', 'WITHDRAWAL_RETURNED',
  'PAYMENT', 'PAYMENT_REFUND',
  'LENDING', 'LENDING_RETURN', 'LENDING_REWARD',
  'VOUCHER_PURCHASE', 'VOUCHER_REFUND'
));
ALTER TABLE nac_ledger ADD CONSTRAINT nac_ledger_sign_check CHECK (
  (amount > 0) = (kind IN ('DEPOSIT', 'WITHDRAWAL_RETURNED', 'PAYMENT_REFUND', 'LENDING_RETURN', 'LENDING_REWARD', 'VOUCHER_REFUND'))
);
-- An entry records either an exchange transfer or a movement inside the product, never both.
ALTER TABLE nac_ledger ADD CONSTRAINT nac_ledger_source_check CHECK ((transfer_id IS NULL) <> (reference IS NULL));
CREATE UNIQUE INDEX nac_ledger_reference_kind_key ON nac_ledger (reference, kind) WHERE reference IS NOT NULL;

-- A billing paid partly or wholly in NAC: the NAC taken, at the quoted rate, and the yen it paid
-- (rounded down, DOMAIN.md); a card pays the rest (fiat_amount). A split billing's part names the
-- billing it was split from; the source keeps its lines and totals and is paid through its parts.
ALTER TABLE billings
  ADD COLUMN nac_payment_amount numeric(38, 8) CHECK (nac_payment_amount > 0),
  ADD COLUMN nac_to_jpy_rate numeric(20, 8) CHECK (nac_to_jpy_rate > 0),
  ADD COLUMN nac_payment_amount_jpy bigint NOT NULL DEFAULT 0 CHECK (nac_payment_amount_jpy >= 0),
  ADD COLUMN nac_paid_at timestamptz,
  ADD COLUMN nac_guaranteed_discount_amount bigint NOT NULL DEFAULT 0 CHECK (nac_guaranteed_discount_amount >= 0),
  ADD COLUMN split_source_billing_id text REFERENCES billings (id),
  ADD COLUMN is_split_source boolean NOT NULL DEFAULT false;
ALTER TABLE billings DROP CONSTRAINT billings_check1;
ALTER TABLE billings ADD CONSTRAINT billings_payment_parts_check
  CHECK (point_payment_amount + fiat_amount + nac_payment_amount_jpy = total_amount - deductions);
ALTER TABLE billings ADD CONSTRAINT billings_nac_fields_check
  CHECK ((nac_payment_amount IS NULL) = (nac_to_jpy_rate IS NULL) AND (nac_payment_amount IS NULL) = (nac_payment_amount_jpy = 0));
CREATE INDEX billings_split_source_idx ON billings (split_source_billing_id) WHERE split_source_billing_id IS NOT NULL;

-- Accommodation vouchers: nights at one house group (and, where named, one house), of one price
-- tier, until an expiry date. They come from a purchase with NAC, a lottery win or a lending reward
-- (source, source_ref: one voucher per source reference, so a repeated issue gives nothing twice).
-- What is left of a voucher is the sum of its ledger (accommodation_voucher_ledger), never a
-- counter updated in place.
CREATE TABLE accommodation_vouchers (
  id text PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES identity_accounts (id),
  house_group_id text NOT NULL REFERENCES house_groups (id),
  house_id text REFERENCES houses (id),
  price_type text NOT NULL CHECK (price_type IN ('STANDARD', 'HIGH')),
  days integer NOT NULL CHECK (days > 0),
  -- What the voucher is worth in yen (what was paid for it, or the value of the reward).
  price bigint NOT NULL CHECK (price >= 0),
  expire_date date NOT NULL,
  revocable boolean NOT NULL,
  source text NOT NULL CHECK (source IN ('PURCHASE', 'LOTTERY', 'LENDING_REWARD')),
  source_ref text NOT NULL UNIQUE,
  issued_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX accommodation_vouchers_account_idx ON accommodation_vouchers (account_id, expire_date);

-- Signed nights: ISSUE adds the voucher's days; USE takes nights for a booking, RESTORE gives them
-- back when that booking is cancelled; REVOKE and EXPIRE take what is left. The guard
-- (functions/accommodation_voucher_ledger_guard.sql) refuses updates, deletes and an entry that
-- would take a voucher below zero nights.
CREATE TABLE accommodation_voucher_ledger (
  id bigserial PRIMARY KEY,
  voucher_id text NOT NULL REFERENCES accommodation_vouchers (id),
  days integer NOT NULL CHECK (days <> 0),
  kind text NOT NULL CHECK (kind IN ('ISSUE', 'USE', 'RESTORE', 'REVOKE', 'EXPIRE')),
  -- The booking a USE or RESTORE is for; the voucher's own id for the others.
  reference text NOT NULL,
  logged_at timestamptz NOT NULL,
  CHECK ((days > 0) = (kind IN ('ISSUE', 'RESTORE'))),
  UNIQUE (voucher_id, kind, reference)
);
CREATE INDEX accommodation_voucher_ledger_voucher_idx ON accommodation_voucher_ledger (voucher_id);
