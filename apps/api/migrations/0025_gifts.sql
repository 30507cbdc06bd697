-- Owners' gifts (docs/decisions/0034-owner-gifts.md): a stay (GIFT_USE), dated nights
-- (DATED_SLOTS_GIFT_USE) or undated nights (SLOTS_GIFT_USE) given by the holder of a share to
-- whoever opens its link and accepts it first.

CREATE TABLE gifts (
  id text PRIMARY KEY,
  -- The secret of the gift's link (32 random bytes, base64url). Kept, not hashed: the owner shows
  -- the link and its QR code again from the list of sent gifts until someone accepts it.
  token text NOT NULL UNIQUE,
  gift_type text NOT NULL CHECK (gift_type IN ('GIFT_USE', 'SLOTS_GIFT_USE', 'DATED_SLOTS_GIFT_USE')),
  sender_account_id uuid NOT NULL REFERENCES identity_accounts (id),
  sender_user_id text NOT NULL REFERENCES users (id),
  share_id text NOT NULL REFERENCES owner_shares (id),
  house_group_id text NOT NULL REFERENCES house_groups (id),
  -- The GIFTED booking of a dated gift (held with the gift); of an undated one, the booking the
  -- recipient made with it. NULL for an undated gift not used yet.
  booking_id text REFERENCES bookings (id),
  -- An undated gift's nights, consumed from the share at once under this ledger key (the
  -- slot_ledger's booking_id of its CONSUME and RETURN entries), so they return exactly once.
  slot_key text UNIQUE,
  slot_year integer CHECK (slot_year BETWEEN 2000 AND 2999),
  slot_standard integer NOT NULL DEFAULT 0 CHECK (slot_standard >= 0),
  slot_high integer NOT NULL DEFAULT 0 CHECK (slot_high >= 0),
  checkin_date date,
  checkout_date date,
  message text NOT NULL DEFAULT '',
  -- OPEN until accepted (ACCEPTED), withdrawn by the owner (WITHDRAWN), declined by a recipient
  -- (DECLINED) or past expires_at (EXPIRED). Every end but ACCEPTED gives the nights back.
  status text NOT NULL CHECK (status IN ('OPEN', 'ACCEPTED', 'WITHDRAWN', 'DECLINED', 'EXPIRED')),
  recipient_account_id uuid REFERENCES identity_accounts (id),
  recipient_user_id text REFERENCES users (id),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  accepted_at timestamptz,
  ended_at timestamptz,
  CHECK ((status = 'ACCEPTED') = (recipient_user_id IS NOT NULL AND accepted_at IS NOT NULL)),
  CHECK ((gift_type = 'SLOTS_GIFT_USE') = (slot_key IS NOT NULL)),
  CHECK (gift_type = 'SLOTS_GIFT_USE' OR (booking_id IS NOT NULL AND checkin_date IS NOT NULL)),
  CHECK (gift_type <> 'SLOTS_GIFT_USE' OR (slot_year IS NOT NULL AND slot_standard + slot_high > 0))
);
CREATE INDEX gifts_sender_idx ON gifts (sender_user_id, created_at DESC);
CREATE INDEX gifts_recipient_idx ON gifts (recipient_user_id, accepted_at DESC) WHERE recipient_user_id IS NOT NULL;
-- The expiry job finds the open gifts past their time.
CREATE INDEX gifts_open_expiry_idx ON gifts (expires_at) WHERE status = 'OPEN';

-- A gifted booking shows who gave it and until when it may be accepted (its type extension),
-- without the booking module reading the gifts table.
ALTER TABLE bookings ADD COLUMN gift_sender_user_id text REFERENCES users (id);
ALTER TABLE bookings ADD COLUMN gift_expire_at timestamptz;
