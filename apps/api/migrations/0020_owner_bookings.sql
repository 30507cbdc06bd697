-- Owners' bookings (docs/decisions/0030-owner-bookings-and-debt-option.md): the booking types beyond
-- guest use, the share an owner booking consumes, its debt option, whether a family member booked
-- it, and the owner expenditure ledger that DEFAULT-option fees go to.

-- Every booking type of the specification; a type is bookable only once its module is listed in
-- use-types.registry.ts, so the database never has to change again when a type arrives.
ALTER TABLE bookings DROP CONSTRAINT IF EXISTS bookings_booking_type_check;
ALTER TABLE bookings ADD CONSTRAINT bookings_booking_type_check CHECK (booking_type IN (
  'OWN_USE', 'MUTUAL_USE', 'GUEST_USE', 'GIFT_USE', 'EXCLUSIVE_TIME_USE', 'NFT_THE_KEY_USE',
  'EXCLUSIVE_ACCOMMODATION_USE', 'NFT_MASTER_KEY_USE', 'SLOTS_GIFT_USE', 'DATED_SLOTS_GIFT_USE',
  'OTA_GUEST_USE', 'DAO_USE'));

-- The share whose slots the booking consumes (OWN_USE, MUTUAL_USE); NULL for stays paid in yen.
ALTER TABLE bookings ADD COLUMN share_id text REFERENCES owner_shares (id);
-- How the owner's fees of the booking are settled: DEFAULT in the next owner statement, NO_DEBT at
-- once through a billing. NULL for bookings without owner fees.
ALTER TABLE bookings ADD COLUMN debt_option text CHECK (debt_option IN ('DEFAULT', 'NO_DEBT'));
-- The billing of the owner fees while the option is NO_DEBT (paid at once through the billing path).
ALTER TABLE bookings ADD COLUMN owner_fee_billing_id text;
-- True when a family member of the share's holder booked on the holder's slots.
ALTER TABLE bookings ADD COLUMN booked_by_family_member boolean NOT NULL DEFAULT false;
CREATE INDEX bookings_share_idx ON bookings (share_id, checkin_date) WHERE share_id IS NOT NULL;

-- What owners owe under the DEFAULT debt option, settled by their owner statements: own-use fees,
-- mutual-use extra charges and cancellation fees, tax-inclusive yen. Append-only like every ledger:
-- a fee that no longer applies (the option moved to NO_DEBT, a free cancellation) is taken back by
-- a negative entry referring to the same booking, never by editing the first.
CREATE TABLE owner_expenditures (
  id bigserial PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id),
  share_id text NOT NULL REFERENCES owner_shares (id),
  -- The house group the fee was incurred at (the mutual-use house group for an extra charge).
  house_group_id text NOT NULL REFERENCES house_groups (id),
  booking_id text NOT NULL REFERENCES bookings (id),
  subject text NOT NULL CHECK (subject IN ('OWN_USE_FEE', 'MUTUAL_USE_EXTRA_CHARGE', 'CANCELLATION_FEE')),
  -- Signed, tax-inclusive yen; the consumption tax in it at tax_rate percent.
  amount integer NOT NULL CHECK (amount <> 0),
  tax_rate integer NOT NULL CHECK (tax_rate IN (0, 8, 10)),
  -- The civil date (house group's zone) the fee belongs to: the statement period that settles it.
  incurred_on date NOT NULL,
  -- Unique: a retried write finds its entry already there and adds nothing.
  reference text NOT NULL UNIQUE,
  actor text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX owner_expenditures_user_idx ON owner_expenditures (user_id, incurred_on);
CREATE INDEX owner_expenditures_booking_idx ON owner_expenditures (booking_id);

-- What a house group asks of owners who stay: the own-use fee per stay (cleaning and the like), the
-- extra charge per night of mutual use by owners of other house groups, whether a standard slot may
-- stand in for a HIGH night, and whether the group takes part in the owner network (mutual use).
-- Yen, tax-exclusive (consumption tax at the standard rate is added when billed). A house group
-- without a row uses the defaults below.
CREATE TABLE house_group_owner_settings (
  house_group_id text PRIMARY KEY REFERENCES house_groups (id),
  own_use_fee integer NOT NULL DEFAULT 0 CHECK (own_use_fee BETWEEN 0 AND 10000000),
  mutual_use_extra_charge_per_day integer NOT NULL DEFAULT 0
    CHECK (mutual_use_extra_charge_per_day BETWEEN 0 AND 10000000),
  allow_high_substitute boolean NOT NULL DEFAULT true,
  in_owner_network boolean NOT NULL DEFAULT true,
  updated_by text NOT NULL,
  updated_at timestamptz NOT NULL
);
