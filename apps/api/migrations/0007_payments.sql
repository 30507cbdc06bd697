-- Card payments: the product's saved payment methods and payments, and the
-- state of the built-in test-mode card processor.

-- Product side -------------------------------------------------------------------

-- A saved card or wallet. The card number stays with the provider; the product
-- keeps its token and what a guest needs to recognise the card. A removed card
-- is kept (deleted_at) because past payments point at it.
CREATE TABLE payment_methods (
  id text PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES identity_accounts (id),
  provider_token text NOT NULL,
  masked_number text NOT NULL,
  card_sequence integer NOT NULL CHECK (card_sequence >= 0),
  expiration_year integer NOT NULL,
  expiration_month integer NOT NULL CHECK (expiration_month BETWEEN 1 AND 12),
  brand text NOT NULL
    CHECK (brand IN ('UNSPECIFIED', 'VISA', 'MASTER_CARD', 'JCB', 'AMERICAN_EXPRESS', 'DINERS_CLUB')),
  payment_type text NOT NULL CHECK (payment_type IN ('CREDIT_CARD', 'APPLE_PAY', 'GOOGLE_PAY')),
  created_at timestamptz NOT NULL,
  deleted_at timestamptz,
  UNIQUE (account_id, card_sequence)
);
CREATE INDEX payment_methods_account_idx ON payment_methods (account_id, created_at DESC) WHERE deleted_at IS NULL;

-- One "add a card" visit to the provider's card page. The card is attached by
-- the provider's notification or by the guest's return, whichever comes first;
-- the row lock and payment_method_id make the second a no-op.
CREATE TABLE card_registrations (
  id text PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES identity_accounts (id),
  provider_setup_id text UNIQUE,
  return_url text NOT NULL,
  status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'COMPLETED', 'CANCELLED')),
  payment_method_id text REFERENCES payment_methods (id),
  created_at timestamptz NOT NULL,
  completed_at timestamptz
);

-- A card payment. The row is written before the provider is asked, so a crash
-- or a provider that never answers leaves a PENDING payment that can be looked
-- up at the provider by its id; provider_version keeps an older notification
-- from overwriting a newer state.
CREATE TABLE payments (
  id text PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES identity_accounts (id),
  payment_method_id text NOT NULL REFERENCES payment_methods (id),
  amount bigint NOT NULL CHECK (amount > 0),
  captured_amount bigint NOT NULL DEFAULT 0 CHECK (captured_amount >= 0),
  refunded_amount bigint NOT NULL DEFAULT 0 CHECK (refunded_amount >= 0),
  capture_on_authorize boolean NOT NULL,
  status text NOT NULL CHECK (status IN
    ('PENDING', 'REQUIRES_ACTION', 'AUTHORIZED', 'CAPTURED', 'FAILED', 'VOIDED', 'REFUNDED', 'PARTIALLY_REFUNDED')),
  reference text NOT NULL,
  description text NOT NULL DEFAULT '',
  return_url text NOT NULL,
  challenge_url text,
  failure_reason text CHECK (failure_reason IN
    ('CodePaymentDeclined', 'CodePaymentInsufficientFunds', 'CodePaymentCardExpired', 'CodePaymentAuthenticationFailed')),
  provider_payment_id text UNIQUE,
  provider_version integer NOT NULL DEFAULT 0,
  idempotency_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CHECK (captured_amount <= amount AND refunded_amount <= captured_amount)
);
CREATE INDEX payments_reference_idx ON payments (reference);
CREATE INDEX payments_unsettled_idx ON payments (updated_at) WHERE status IN ('PENDING', 'REQUIRES_ACTION');

-- What happened to a payment, in order; never updated or deleted.
CREATE TABLE payment_events (
  id bigserial PRIMARY KEY,
  payment_id text NOT NULL REFERENCES payments (id),
  kind text NOT NULL,
  status text,
  amount bigint,
  idempotency_key text,
  detail jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL
);
CREATE INDEX payment_events_payment_idx ON payment_events (payment_id, id);
CREATE UNIQUE INDEX payment_events_refund_key ON payment_events (payment_id, idempotency_key)
  WHERE kind = 'REFUND_REQUESTED';

-- Test-mode card processor -------------------------------------------------------
-- An outside company in real life: its tables are its own and the product's
-- code reads them only through the processor's interface.

-- The processor's card vault. It holds the number because it is the processor.
CREATE TABLE tp_cards (
  token text PRIMARY KEY,
  number text NOT NULL,
  brand text NOT NULL,
  expiration_year integer NOT NULL,
  expiration_month integer NOT NULL,
  holder_name text NOT NULL DEFAULT '',
  payment_type text NOT NULL,
  created_at timestamptz NOT NULL
);

CREATE TABLE tp_card_setups (
  id text PRIMARY KEY,
  merchant_reference text NOT NULL,
  return_url text NOT NULL,
  status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'COMPLETED', 'CANCELLED')),
  card_token text REFERENCES tp_cards (token),
  created_at timestamptz NOT NULL,
  completed_at timestamptz
);

CREATE TABLE tp_payments (
  id text PRIMARY KEY,
  merchant_payment_id text NOT NULL,
  idempotency_key text NOT NULL UNIQUE,
  card_token text NOT NULL REFERENCES tp_cards (token),
  amount bigint NOT NULL CHECK (amount > 0),
  captured_amount bigint NOT NULL DEFAULT 0,
  refunded_amount bigint NOT NULL DEFAULT 0,
  capture_on_authorize boolean NOT NULL,
  status text NOT NULL,
  failure_reason text,
  return_url text NOT NULL,
  challenge_attempts integer NOT NULL DEFAULT 0,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX tp_payments_merchant_idx ON tp_payments (merchant_payment_id);

-- Captures, voids and refunds by their idempotency key, so a retried request is answered, not repeated.
CREATE TABLE tp_operations (
  payment_id text NOT NULL REFERENCES tp_payments (id),
  idempotency_key text NOT NULL,
  kind text NOT NULL,
  amount bigint NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (payment_id, idempotency_key)
);

-- Notifications to the merchant, retried with back-off until answered 2xx.
CREATE TABLE tp_webhook_deliveries (
  id text PRIMARY KEY,
  event_type text NOT NULL,
  payload jsonb NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tp_webhook_deliveries_due_idx ON tp_webhook_deliveries (next_attempt_at) WHERE delivered_at IS NULL;
