-- During the stay (docs/decisions/0041-stay-keys-and-door.md): the smart-lock key of each booking,
-- its shares with companions, how each house's door is reached, and the room's do-not-disturb flag.

-- How guests reach the door of a house: its smart lock (SMARTHOME house groups), the code of its
-- key box (MANUAL) and the partner front desk's instructions (TEMAIRAZU_PARTNER). A house without a
-- row uses the lock device 'LOCK-<house id>' and has no code or instructions yet.
CREATE TABLE stay_house_access (
  house_id text PRIMARY KEY REFERENCES houses (id) ON DELETE CASCADE,
  lock_device_id text NOT NULL DEFAULT '',
  key_box_code text NOT NULL DEFAULT '',
  instructions_en text NOT NULL DEFAULT '',
  instructions_ja text NOT NULL DEFAULT '',
  updated_at timestamptz NOT NULL
);

-- One key per booking, valid from the check-in time to the check-out time in the house group's
-- time zone (fixed as instants when issued). Whether it opens anything is decided on each use from
-- the booking's status and the clock, never stored twice.
CREATE TABLE stay_keys (
  id text PRIMARY KEY,
  booking_id text NOT NULL UNIQUE REFERENCES bookings (id) ON DELETE CASCADE,
  valid_from timestamptz NOT NULL,
  valid_until timestamptz NOT NULL CHECK (valid_until > valid_from),
  issued_at timestamptz NOT NULL
);

-- A key shared with a companion's account. Never deleted: a revoked share keeps who revoked it and
-- when, so the shares of a key stay auditable. One active share per key and person.
CREATE TABLE stay_key_shares (
  id text PRIMARY KEY,
  key_id text NOT NULL REFERENCES stay_keys (id) ON DELETE CASCADE,
  shared_with_user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  shared_by_user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  shared_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_by_user_id text REFERENCES users (id) ON DELETE SET NULL
);
CREATE UNIQUE INDEX stay_key_shares_active_idx ON stay_key_shares (key_id, shared_with_user_id)
  WHERE revoked_at IS NULL;
CREATE INDEX stay_key_shares_holder_idx ON stay_key_shares (shared_with_user_id) WHERE revoked_at IS NULL;

-- Do-not-disturb of a stay, for housekeeping.
CREATE TABLE stay_do_not_disturb (
  booking_id text PRIMARY KEY REFERENCES bookings (id) ON DELETE CASCADE,
  enabled boolean NOT NULL,
  updated_at timestamptz NOT NULL,
  updated_by_user_id text REFERENCES users (id) ON DELETE SET NULL
);
