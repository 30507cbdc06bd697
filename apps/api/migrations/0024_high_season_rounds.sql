-- High-season allocation rounds (docs/decisions/0029-high-season-allocation.md): per house group
-- and slot year, periods of HIGH dates offered to its owners, their ranked requests during a
-- window, and a seeded draw recorded with its input and every step.

CREATE TABLE allocation_rounds (
  id text PRIMARY KEY,
  house_group_id text NOT NULL REFERENCES house_groups (id),
  slot_year integer NOT NULL CHECK (slot_year BETWEEN 2000 AND 2999),
  opens_at timestamptz NOT NULL,
  closes_at timestamptz NOT NULL,
  max_requests integer NOT NULL CHECK (max_requests BETWEEN 1 AND 5),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL,
  -- The draw, written once in the transaction that runs it: from then on the round reserves
  -- nothing, and a second call returns this record.
  drawn_at timestamptz,
  drawn_by text,
  seed text,
  algorithm_version text,
  -- What the draw ran on (shares, fractions, earlier wins, high slots, ranked lists, houses free
  -- per period) and what it did (the order and every turn), so anyone can run it again.
  input_snapshot jsonb,
  draw_order jsonb,
  draw_steps jsonb,
  CHECK (closes_at > opens_at),
  CHECK ((drawn_at IS NULL) = (seed IS NULL) AND (drawn_at IS NULL) = (draw_steps IS NULL))
);
CREATE INDEX allocation_rounds_house_group_idx ON allocation_rounds (house_group_id, created_at DESC);
-- Rounds not drawn yet reserve their periods' dates: own-use holds look them up by house group.
CREATE INDEX allocation_rounds_undrawn_idx ON allocation_rounds (house_group_id) WHERE drawn_at IS NULL;

-- The periods a round offers: [checkin_date, checkout_date), every night HIGH in the season calendar.
CREATE TABLE allocation_periods (
  id text PRIMARY KEY,
  round_id text NOT NULL REFERENCES allocation_rounds (id),
  house_group_id text NOT NULL REFERENCES house_groups (id),
  checkin_date date NOT NULL,
  checkout_date date NOT NULL,
  CHECK (checkout_date > checkin_date),
  UNIQUE (round_id, checkin_date)
);
CREATE INDEX allocation_periods_group_dates_idx ON allocation_periods (house_group_id, checkin_date, checkout_date);

-- A share's ranked list in a round; replaced as a whole by a new submission, removed by a withdrawal.
CREATE TABLE allocation_requests (
  round_id text NOT NULL REFERENCES allocation_rounds (id),
  share_id text NOT NULL REFERENCES owner_shares (id),
  -- Period ids, best first.
  period_ids text[] NOT NULL CHECK (cardinality(period_ids) BETWEEN 1 AND 5),
  wanted_periods integer NOT NULL CHECK (wanted_periods BETWEEN 1 AND 5),
  adults integer NOT NULL CHECK (adults > 0),
  submitted_at timestamptz NOT NULL,
  PRIMARY KEY (round_id, share_id)
);

-- What the draw gave: one row per period allocated to a share, and the own-use booking made for it.
CREATE TABLE allocations (
  id text PRIMARY KEY,
  round_id text NOT NULL REFERENCES allocation_rounds (id),
  period_id text NOT NULL REFERENCES allocation_periods (id),
  share_id text NOT NULL REFERENCES owner_shares (id),
  nights integer NOT NULL CHECK (nights > 0),
  pass integer NOT NULL,
  turn integer NOT NULL,
  -- PENDING until the booking is made (BOOKED) or refused (FAILED, with the reason code).
  outcome text NOT NULL DEFAULT 'PENDING' CHECK (outcome IN ('PENDING', 'BOOKED', 'FAILED')),
  booking_id text,
  booking_number text,
  failure_reason text,
  settled_at timestamptz,
  UNIQUE (round_id, turn),
  UNIQUE (period_id, share_id),
  CHECK ((outcome = 'BOOKED') = (booking_id IS NOT NULL))
);
CREATE INDEX allocations_share_idx ON allocations (share_id);
