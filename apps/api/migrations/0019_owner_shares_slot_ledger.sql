-- Owners' shares of house groups and the slot ledger (docs/decisions/0024-owner-shares-and-slot-ledger.md).

-- A share: a fraction of a house group held by one user. The nights it gives per slot year are
-- computed once, when staff grant it, and kept: a later change of the rule never changes a share.
CREATE TABLE owner_shares (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id),
  house_group_id text NOT NULL REFERENCES house_groups (id),
  numerator integer NOT NULL CHECK (numerator > 0),
  denominator integer NOT NULL CHECK (denominator > 0 AND denominator <= 1000 AND numerator <= denominator),
  standard_nights integer NOT NULL CHECK (standard_nights >= 0),
  high_nights integer NOT NULL CHECK (high_nights >= 0),
  -- The first slot year the share gives nights for (a calendar year in the house group's zone).
  first_slot_year integer NOT NULL CHECK (first_slot_year BETWEEN 2000 AND 2999),
  application_id text REFERENCES owner_applications (id),
  granted_by text NOT NULL,
  granted_at timestamptz NOT NULL
);
CREATE INDEX owner_shares_user_idx ON owner_shares (user_id, granted_at, id);
CREATE INDEX owner_shares_house_group_idx ON owner_shares (house_group_id, granted_at, id);

-- The slot ledger: every grant, consumption, return and expiry of a share's nights, one row each,
-- never changed or removed (trigger slot_ledger_guard). A balance is the sum of its rows.
-- Signs: GRANT and RETURN add nights, CONSUME and EXPIRE take them.
CREATE TABLE slot_ledger (
  id bigserial PRIMARY KEY,
  share_id text NOT NULL REFERENCES owner_shares (id),
  slot_year integer NOT NULL CHECK (slot_year BETWEEN 2000 AND 2999),
  kind text NOT NULL CHECK (kind IN ('GRANT', 'CONSUME', 'RETURN', 'EXPIRE')),
  tier text NOT NULL CHECK (tier IN ('STANDARD', 'HIGH')),
  nights integer NOT NULL CHECK (
    (kind IN ('GRANT', 'RETURN') AND nights > 0) OR (kind IN ('CONSUME', 'EXPIRE') AND nights < 0)
  ),
  -- A standard slot spent on (or given back for) a HIGH night where the house group allows it.
  high_substitute boolean NOT NULL DEFAULT false CHECK (
    NOT high_substitute OR (tier = 'STANDARD' AND kind IN ('CONSUME', 'RETURN'))
  ),
  booking_id text,
  -- What the entry is for, unique: a retried grant, consumption, return or expiry finds its entry
  -- already there and adds nothing.
  reference text NOT NULL UNIQUE,
  actor text NOT NULL,
  created_at timestamptz NOT NULL,
  CHECK ((kind IN ('CONSUME', 'RETURN')) = (booking_id IS NOT NULL))
);
CREATE INDEX slot_ledger_balance_idx ON slot_ledger (share_id, slot_year, tier) INCLUDE (nights, kind);
CREATE INDEX slot_ledger_booking_idx ON slot_ledger (booking_id) WHERE booking_id IS NOT NULL;
