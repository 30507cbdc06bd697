-- Bookings of guests (docs/decisions/0010-guest-stay-modules.md): the booking
-- and the stay that holds its house, its append-only history of events, the
-- guest register the Hotel Business Act requires, and the conversation a
-- booking opens. Billings, payments, points and orders live in their own
-- modules' tables and are referred to by id without foreign keys, so each
-- module's tables stand on their own.

CREATE SEQUENCE booking_number_seq START 1000001;

CREATE TABLE bookings (
  id text PRIMARY KEY,
  -- Human-readable, e.g. "B1000001"; what a guest quotes on the phone.
  booking_number text NOT NULL UNIQUE,
  account_id uuid NOT NULL REFERENCES identity_accounts (id),
  user_id text NOT NULL REFERENCES users (id),
  house_group_id text NOT NULL REFERENCES house_groups (id),
  house_id text NOT NULL REFERENCES houses (id),
  stay_id text NOT NULL UNIQUE REFERENCES stays (id),
  booking_type text NOT NULL CHECK (booking_type IN ('GUEST_USE', 'EXCLUSIVE_ACCOMMODATION_USE')),
  status text NOT NULL CHECK (status IN (
    'TENTATIVE', 'GIFTED', 'BOOKED', 'READY_TO_CHECKIN', 'STAYING', 'CHECKED_OUT', 'CANCELLED', 'NO_SHOW')),
  checkin_date date NOT NULL,
  checkout_date date NOT NULL,
  -- The house group's time zone, copied: the jobs reckon "3 days before check-in" and "the end
  -- of the check-in day" in it without reading the catalogue.
  timezone text NOT NULL,
  males integer NOT NULL DEFAULT 0 CHECK (males >= 0),
  females integer NOT NULL DEFAULT 0 CHECK (females >= 0),
  children integer NOT NULL DEFAULT 0 CHECK (children >= 0),
  -- NULL when the guest did not say (the specification makes infants optional).
  infants integer CHECK (infants >= 0),
  large_dogs integer NOT NULL DEFAULT 0 CHECK (large_dogs >= 0),
  medium_dogs integer NOT NULL DEFAULT 0 CHECK (medium_dogs >= 0),
  small_dogs integer NOT NULL DEFAULT 0 CHECK (small_dogs >= 0),
  children_ages integer[] NOT NULL DEFAULT '{}',
  allergy text NOT NULL DEFAULT '',
  request text NOT NULL DEFAULT '',
  pet jsonb,
  -- Until when a TENTATIVE booking holds its house; the expiry job releases it after.
  tentative_deadline timestamptz,
  coupon_redemption_id text,
  -- The amounts and lines as priced when booked (and re-priced on a headcount change or an
  -- order), so a later change of the season calendar or of a meal's price never alters them.
  quote jsonb NOT NULL,
  deposit_billing_id text,
  default_billing_id text,
  -- The card the deposit was paid with: the DEFAULT billing is charged to it.
  payment_method_id text,
  -- The deposit payment in progress: {billingId, paymentId, status, challengeUrl, reason, at}.
  payment_attempt jsonb,
  -- Refunds decided by a cancellation but not yet confirmed by the processor:
  -- [{paymentId, billingId, amount}]; reconciliation retries them until empty.
  pending_refunds jsonb NOT NULL DEFAULT '[]',
  conversation_id text,
  guest_register_complete boolean NOT NULL DEFAULT false,
  booked_at timestamptz,
  cancelled_at timestamptz,
  checked_in_at timestamptz,
  checked_out_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- Bumped on every change of the row.
  version integer NOT NULL DEFAULT 1,
  CHECK (checkout_date > checkin_date),
  CHECK (status <> 'TENTATIVE' OR tentative_deadline IS NOT NULL)
);
CREATE INDEX bookings_account_idx ON bookings (account_id, status, checkin_date);
CREATE INDEX bookings_tentative_idx ON bookings (tentative_deadline) WHERE status = 'TENTATIVE';
CREATE INDEX bookings_upcoming_idx ON bookings (checkin_date)
  WHERE status IN ('BOOKED', 'READY_TO_CHECKIN');
CREATE INDEX bookings_deposit_billing_idx ON bookings (deposit_billing_id) WHERE deposit_billing_id IS NOT NULL;
CREATE INDEX bookings_default_billing_idx ON bookings (default_billing_id) WHERE default_billing_id IS NOT NULL;
CREATE INDEX bookings_pending_refunds_idx ON bookings (id) WHERE pending_refunds <> '[]';

-- Booking events ------------------------------------------------------------------

-- Every change of a booking, who made it and when. Append-only: the trigger
-- below refuses updates and deletes, so the history cannot be rewritten.
CREATE TABLE booking_events (
  id bigserial PRIMARY KEY,
  booking_id text NOT NULL REFERENCES bookings (id),
  from_status text,
  to_status text NOT NULL,
  -- CREATE_TENTATIVE, CONFIRM, PAYMENT_STARTED, PAYMENT_FAILED, EXPIRED, CANCEL, ...
  action text NOT NULL,
  -- 'account:<id>', 'staff:<id>' or 'system'.
  actor text NOT NULL,
  at timestamptz NOT NULL,
  detail jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX booking_events_booking_idx ON booking_events (booking_id, id);
-- A processor notification names a billing: which booking's deposit attempt was it?
CREATE INDEX booking_events_billing_idx ON booking_events ((detail->>'billingId')) WHERE action = 'PAYMENT_STARTED';

CREATE FUNCTION booking_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'booking_events is append-only';
END;
$$;
CREATE TRIGGER booking_events_no_update BEFORE UPDATE OR DELETE ON booking_events
  FOR EACH ROW EXECUTE FUNCTION booking_events_append_only();

-- Guest registers -----------------------------------------------------------------

-- The Hotel Business Act register: one row per guest of a booking. Kept 3 years
-- after the stay (retain_until); anonymising a deleted user leaves them in place.
CREATE TABLE guest_registers (
  id bigserial PRIMARY KEY,
  booking_id text NOT NULL REFERENCES bookings (id),
  position integer NOT NULL,
  full_name text NOT NULL,
  -- {countryCode, postalCode, state, city, street1, street2}
  address jsonb NOT NULL,
  -- {countryCode, nationalNumber} or NULL
  phone jsonb,
  email text,
  nationality_country_code text NOT NULL,
  -- Required for a foreign national without an address in Japan.
  passport_number text,
  age integer,
  created_at timestamptz NOT NULL,
  retain_until date NOT NULL,
  UNIQUE (booking_id, position)
);
CREATE INDEX guest_registers_retention_idx ON guest_registers (retain_until);

-- Conversations ---------------------------------------------------------------------

-- One conversation per booking between the guest and staff (the chat itself comes later).
CREATE TABLE conversations (
  id text PRIMARY KEY,
  booking_id text NOT NULL UNIQUE REFERENCES bookings (id),
  created_at timestamptz NOT NULL
);
