-- The waitlist (cancellation subscriptions): a guest waits for taken nights of a house group; when
-- nights are released the subscribers whose nights are wholly free are offered them in turn, each
-- with an exclusive period on one house (docs/decisions/0045-waitlist-offers.md).

CREATE TABLE cancellation_subscriptions (
  id text PRIMARY KEY,
  -- The order subscribers are offered in.
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  account_id uuid NOT NULL,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  house_group_id text NOT NULL REFERENCES house_groups (id),
  checkin_date date NOT NULL,
  checkout_date date NOT NULL,
  adults integer NOT NULL CHECK (adults >= 1),
  children integer NOT NULL DEFAULT 0 CHECK (children >= 0),
  infants integer NOT NULL DEFAULT 0 CHECK (infants >= 0),
  state text NOT NULL DEFAULT 'WAITING' CHECK (state IN ('WAITING', 'OFFERED', 'BOOKED', 'OFFER_EXPIRED', 'EXPIRED')),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CHECK (checkout_date > checkin_date)
);
-- One open subscription per user and nights: the duplicate is refused by the database too.
CREATE UNIQUE INDEX cancellation_subscriptions_open_once ON cancellation_subscriptions
  (user_id, house_group_id, checkin_date, checkout_date) WHERE state IN ('WAITING', 'OFFERED');
CREATE INDEX cancellation_subscriptions_waiting ON cancellation_subscriptions (house_group_id, seq)
  WHERE state = 'WAITING';
CREATE INDEX cancellation_subscriptions_user ON cancellation_subscriptions (user_id, created_at DESC);

CREATE TABLE waitlist_offers (
  id text PRIMARY KEY,
  subscription_id text NOT NULL REFERENCES cancellation_subscriptions (id) ON DELETE CASCADE,
  account_id uuid NOT NULL,
  house_group_id text NOT NULL REFERENCES house_groups (id),
  -- The house kept for the subscriber while the offer is ACTIVE (hold_tentative_booking passes it over for anyone else).
  house_id text NOT NULL REFERENCES houses (id),
  checkin_date date NOT NULL,
  checkout_date date NOT NULL,
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'USED', 'EXPIRED')),
  offered_at timestamptz NOT NULL,
  exclusive_until timestamptz NOT NULL,
  closed_at timestamptz,
  booking_id text,
  CHECK (checkout_date > checkin_date),
  -- Never the same nights of a house offered twice at once, whatever the sweeps do.
  CONSTRAINT waitlist_offers_no_overlap EXCLUDE USING gist
    (house_id WITH =, daterange(checkin_date, checkout_date, '[)') WITH &&) WHERE (state = 'ACTIVE')
);
CREATE UNIQUE INDEX waitlist_offers_one_active ON waitlist_offers (subscription_id) WHERE state = 'ACTIVE';
CREATE INDEX waitlist_offers_active_house ON waitlist_offers (house_id, checkin_date) WHERE state = 'ACTIVE';
CREATE INDEX waitlist_offers_active_group ON waitlist_offers (house_group_id) WHERE state = 'ACTIVE';

-- Nights released while someone waits for them, written in the releasing transaction (stays'
-- trigger waitlist_release_record) and consumed by the waitlist sweep.
CREATE TABLE waitlist_releases (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  house_group_id text NOT NULL,
  checkin_date date NOT NULL,
  checkout_date date NOT NULL,
  released_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX waitlist_releases_group ON waitlist_releases (house_group_id);
