-- NAC, the product's token (docs/decisions/0046-nac-ledger-and-exchange.md): each user's balance is
-- an append-only ledger of signed entries in the token's exact decimals (NUMERIC(38, 8), never a
-- float); the balance is their sum. Every entry records a transfer with the exchange, and a transfer
-- is credited or debited once: the unique key on (transfer, kind) holds even against a repeated
-- notification racing the reconciliation. The guard (functions/nac_ledger_guard.sql) refuses updates,
-- deletes and any entry that would take a balance below zero.

-- The product's record of each transfer with the exchange. A deposit the product asked for exists
-- here before the exchange is called (so an answer lost to a timeout or a crash can be asked about
-- by its id); a deposit the customer started on the exchange's own page arrives with its first
-- notification or the reconciliation.
CREATE TABLE nac_transfers (
  id text PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES identity_accounts (id),
  direction text NOT NULL CHECK (direction IN ('DEPOSIT', 'WITHDRAWAL')),
  amount numeric(38, 8) NOT NULL CHECK (amount > 0),
  status text NOT NULL CHECK (status IN ('PENDING', 'COMPLETED', 'FAILED')),
  failure_reason text CHECK (failure_reason IN ('INSUFFICIENT_FUNDS', 'TRANSFER_LIMIT', 'NOT_RECEIVED')),
  -- The exchange's own id, once it answered; unique so two notifications of one transfer meet here.
  exchange_transfer_id text UNIQUE,
  exchange_version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CHECK ((status = 'FAILED') = (failure_reason IS NOT NULL))
);
CREATE INDEX nac_transfers_account_idx ON nac_transfers (account_id, created_at DESC, id DESC);
CREATE INDEX nac_transfers_pending_idx ON nac_transfers (created_at) WHERE status = 'PENDING';

CREATE TABLE nac_ledger (
  id bigserial PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES identity_accounts (id),
  amount numeric(38, 8) NOT NULL CHECK (amount <> 0),
  kind text NOT NULL CHECK (kind IN ('DEPOSIT', 'WITHDRAWAL', 'WITHDRAWAL_RETURNED')),
  transfer_id text NOT NULL REFERENCES nac_transfers (id),
  logged_at timestamptz NOT NULL,
  CHECK ((amount > 0) = (kind IN ('DEPOSIT', 'WITHDRAWAL_RETURNED'))),
  UNIQUE (transfer_id, kind)
);
CREATE INDEX nac_ledger_account_idx ON nac_ledger (account_id, id DESC);

-- How far the reconciliation has read the exchange's list of changed transfers (one row): each run
-- reads from a little before it, so its work stays bounded however long the history grows.
CREATE TABLE nac_reconcile_cursor (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  changed_since timestamptz NOT NULL
);

-- Rates the exchange published, as the product saw them: the wallet shows the last one (with its
-- time) when the exchange does not answer for a moment.
CREATE TABLE nac_rates (
  rate_at timestamptz PRIMARY KEY,
  rate numeric(20, 8) NOT NULL CHECK (rate > 0)
);

-- The built-in test-mode exchange (test-exchange.adapter.ts). It plays an outside company: these
-- tables are its own, and the product reads them only through the ExchangeAdapter interface.
CREATE TABLE test_exchange_accounts (
  customer_ref text PRIMARY KEY,
  balance numeric(38, 8) NOT NULL CHECK (balance >= 0),
  created_at timestamptz NOT NULL
);

CREATE TABLE test_exchange_links (
  id text PRIMARY KEY,
  customer_ref text NOT NULL REFERENCES test_exchange_accounts (customer_ref),
  return_url text NOT NULL,
  expires_at timestamptz NOT NULL
);

CREATE TABLE test_exchange_transfers (
  id text PRIMARY KEY,
  merchant_transfer_id text UNIQUE,
  customer_ref text NOT NULL REFERENCES test_exchange_accounts (customer_ref),
  direction text NOT NULL CHECK (direction IN ('DEPOSIT', 'WITHDRAWAL')),
  amount numeric(38, 8) NOT NULL CHECK (amount > 0),
  status text NOT NULL CHECK (status IN ('PENDING', 'COMPLETED', 'FAILED')),
  failure_reason text,
  settle_at timestamptz NOT NULL,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX test_exchange_transfers_updated_idx ON test_exchange_transfers (updated_at, id);
CREATE INDEX test_exchange_transfers_due_idx ON test_exchange_transfers (settle_at) WHERE status = 'PENDING';
CREATE INDEX test_exchange_transfers_customer_idx ON test_exchange_transfers (customer_ref, created_at DESC);

-- Its notifications, sent with retries until the product accepts them.
CREATE TABLE test_exchange_deliveries (
  id text PRIMARY KEY,
  payload jsonb NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  delivered_at timestamptz,
  last_error text
);
CREATE INDEX test_exchange_deliveries_due_idx ON test_exchange_deliveries (next_attempt_at) WHERE delivered_at IS NULL;
