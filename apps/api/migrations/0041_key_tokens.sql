-- Key tokens (THE KEY, MASTER KEY) and the wallets they are held in (decision 0051).

-- A Sign-In with Ethereum challenge: the nonce a wallet must sign, once, before it expires.
CREATE TABLE wallet_link_challenges (
  nonce text PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES identity_accounts (id),
  issued_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX wallet_link_challenges_account_idx ON wallet_link_challenges (account_id, issued_at);

-- A wallet a user proved they control. Unlinking keeps the row (unlinked_at); one wallet is linked
-- to at most one account at a time. Addresses are stored lower-case.
CREATE TABLE linked_wallets (
  id uuid PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES identity_accounts (id),
  address text NOT NULL CHECK (address ~ '^0x[0-9a-f]{40}$'),
  chain_id integer NOT NULL,
  linked_at timestamptz NOT NULL,
  unlinked_at timestamptz
);
CREATE UNIQUE INDEX linked_wallets_live_address_idx ON linked_wallets (address) WHERE unlinked_at IS NULL;
CREATE INDEX linked_wallets_account_idx ON linked_wallets (account_id) WHERE unlinked_at IS NULL;

-- The simulated chain (the default chain adapter): transfers are submitted, then mined into a block
-- a little later. A mint is a transfer from the zero address. Append-only but for the mining.
CREATE TABLE sim_chain_transfers (
  id bigserial PRIMARY KEY,
  collection text NOT NULL CHECK (collection IN ('THE_KEY', 'MASTER_KEY')),
  token_id text NOT NULL CHECK (token_id ~ '^[0-9]{1,20}$'),
  from_address text NOT NULL CHECK (from_address ~ '^0x[0-9a-f]{40}$'),
  to_address text NOT NULL CHECK (to_address ~ '^0x[0-9a-f]{40}$'),
  submitted_at timestamptz NOT NULL,
  block_number bigint,
  mined_at timestamptz
);
CREATE INDEX sim_chain_transfers_token_idx ON sim_chain_transfers (collection, token_id, block_number, id);
CREATE INDEX sim_chain_transfers_pending_idx ON sim_chain_transfers (id) WHERE block_number IS NULL;
-- One mint per token.
CREATE UNIQUE INDEX sim_chain_transfers_mint_idx ON sim_chain_transfers (collection, token_id)
  WHERE from_address = '0x0000000000000000000000000000000000000000';

-- What a key token entitles: nights at a house group each year. THE KEY: standard and high
-- nights; MASTER KEY: its fixed dates (month-day, every year).
CREATE TABLE key_tokens (
  collection text NOT NULL CHECK (collection IN ('THE_KEY', 'MASTER_KEY')),
  token_id text NOT NULL CHECK (token_id ~ '^[0-9]{1,20}$'),
  house_group_id text NOT NULL REFERENCES house_groups (id),
  nights_standard integer NOT NULL CHECK (nights_standard >= 0),
  nights_high integer NOT NULL CHECK (nights_high >= 0),
  dates_fixed text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL,
  PRIMARY KEY (collection, token_id),
  CHECK ((collection = 'MASTER_KEY') = (cardinality(dates_fixed) > 0))
);

-- The nights of a key token per entitlement year, signed: GRANT adds the year's nights (written
-- the first time the year is used), USE takes a booking's nights, RETURN gives them back when the
-- booking is cancelled. The guard (functions/key_token_night_ledger_guard.sql) refuses updates,
-- deletes and an entry that would take a year below zero.
CREATE TABLE key_token_night_ledger (
  id bigserial PRIMARY KEY,
  collection text NOT NULL,
  token_id text NOT NULL,
  year integer NOT NULL,
  nights_standard integer NOT NULL,
  nights_high integer NOT NULL,
  kind text NOT NULL CHECK (kind IN ('GRANT', 'USE', 'RETURN')),
  -- The booking a USE or RETURN is for; 'year' for a GRANT.
  reference text NOT NULL,
  account_id uuid REFERENCES identity_accounts (id),
  wallet_address text,
  logged_at timestamptz NOT NULL,
  FOREIGN KEY (collection, token_id) REFERENCES key_tokens (collection, token_id),
  CHECK (
    CASE kind
      WHEN 'USE' THEN nights_standard <= 0 AND nights_high <= 0
      ELSE nights_standard >= 0 AND nights_high >= 0
    END
  ),
  UNIQUE (collection, token_id, year, kind, reference)
);
CREATE INDEX key_token_night_ledger_booking_idx ON key_token_night_ledger (reference) WHERE kind = 'USE';

-- How far the key-token module has read the chain's transfer events (the last block it handled).
CREATE TABLE key_token_chain_cursor (
  name text PRIMARY KEY,
  block_number bigint NOT NULL
);

-- Decentralised-organisation accommodation slots: days (standard and high) a user may stay, granted
-- by staff, bookable up to a check-in deadline, within a booking window, until they expire. What is
-- left is the sum of dao_slot_ledger, never a counter updated in place.
CREATE TABLE dao_accommodation_slots (
  id uuid PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES identity_accounts (id),
  days_standard integer NOT NULL CHECK (days_standard >= 0),
  days_high integer NOT NULL CHECK (days_high >= 0),
  checkin_deadline date NOT NULL,
  expires_at timestamptz NOT NULL,
  booking_window_days integer NOT NULL CHECK (booking_window_days > 0),
  granted_at timestamptz NOT NULL,
  granted_by text NOT NULL
);
CREATE INDEX dao_accommodation_slots_account_idx ON dao_accommodation_slots (account_id, granted_at);

-- Signed days: GRANT adds the slot's days, USE takes a booking's, RETURN gives them back when the
-- booking is cancelled. The guard (functions/dao_slot_ledger_guard.sql) refuses updates, deletes
-- and an entry that would take a slot below zero.
CREATE TABLE dao_slot_ledger (
  id bigserial PRIMARY KEY,
  slot_id uuid NOT NULL REFERENCES dao_accommodation_slots (id),
  days_standard integer NOT NULL,
  days_high integer NOT NULL,
  kind text NOT NULL CHECK (kind IN ('GRANT', 'USE', 'RETURN')),
  -- The booking a USE or RETURN is for; the slot's own id for the GRANT.
  reference text NOT NULL,
  logged_at timestamptz NOT NULL,
  CHECK (
    CASE kind
      WHEN 'USE' THEN days_standard <= 0 AND days_high <= 0
      ELSE days_standard >= 0 AND days_high >= 0
    END
  ),
  UNIQUE (slot_id, kind, reference)
);
CREATE INDEX dao_slot_ledger_booking_idx ON dao_slot_ledger (reference) WHERE kind = 'USE';

-- The entitlement a stay's room was paid with (NFT_THE_KEY_USE, NFT_MASTER_KEY_USE: the token and the
-- wallet; DAO_USE: the slot), as its type extension shows it; NULL for every other booking.
ALTER TABLE bookings ADD COLUMN entitlement jsonb;
