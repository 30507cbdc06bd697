-- Vehicle rental (docs/decisions/0038-vehicle-rental-catalogue-and-licences.md): the drivers'
-- licences staff review, the electric cars of a place with their pick-up and drop-off locations
-- and the times they may be rented, and the rentals themselves. A car can never be rented twice
-- for overlapping times: the database refuses it, as it refuses two stays of one house.

CREATE EXTENSION IF NOT EXISTS btree_gist;

-- Driver licence images -------------------------------------------------------------

-- The photographs of both sides of a licence, re-encoded JPEG (EXIF dropped). Personal data: served
-- only to their owner and to staff, never cached by a shared cache, erased with the licence.
CREATE TABLE driver_license_images (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  content bytea NOT NULL,
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  created_at timestamptz NOT NULL
);
CREATE INDEX driver_license_images_user_idx ON driver_license_images (user_id, created_at);

-- Driver licences -------------------------------------------------------------------

-- A licence the user registered. PENDING_REVIEW until staff look at it with its images, then
-- APPROVED or REJECTED (with a reason); ARCHIVED once expired, replaced by a newer approved licence,
-- or erased. Rental law keeps the driver's name, address, licence type and number 2 years after the
-- last rental (DOMAIN.md): erase_after is that moment (or 2 years after registration for a licence
-- never used), and the erasure job blanks the personal fields and deletes the images then.
CREATE TABLE driver_licenses (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id),
  -- NULL once erased.
  driver_license_number text,
  holder_name text,
  -- {countryCode, postalCode, state, city, street1, street2}
  holder_address jsonb,
  license_type text NOT NULL CHECK (license_type IN ('ORDINARY', 'SEMI_MEDIUM', 'MEDIUM', 'LARGE', 'INTERNATIONAL')),
  -- The last day the licence is valid (a civil date in Japan).
  expire_date date NOT NULL,
  front_image_id text REFERENCES driver_license_images (id) ON DELETE SET NULL,
  back_image_id text REFERENCES driver_license_images (id) ON DELETE SET NULL,
  status text NOT NULL CHECK (status IN ('PENDING_REVIEW', 'REJECTED', 'APPROVED', 'ARCHIVED')),
  -- Why staff rejected it (shown to the user), or why it was archived (EXPIRED, REPLACED, ERASED).
  reason text,
  reviewed_by text,
  reviewed_at timestamptz,
  archived_at timestamptz,
  last_rental_at timestamptz,
  erase_after timestamptz NOT NULL,
  erased_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  version integer NOT NULL DEFAULT 1,
  CHECK (status <> 'REJECTED' OR reason IS NOT NULL),
  CHECK (erased_at IS NULL OR (status = 'ARCHIVED' AND driver_license_number IS NULL)),
  CHECK (erased_at IS NOT NULL OR (driver_license_number IS NOT NULL AND holder_name IS NOT NULL))
);
CREATE INDEX driver_licenses_user_idx ON driver_licenses (user_id, created_at DESC);
-- One licence of a user waits for review at a time; a second registration is refused until staff decide.
CREATE UNIQUE INDEX driver_licenses_one_pending_idx ON driver_licenses (user_id) WHERE status = 'PENDING_REVIEW';
-- Staff's review queue, oldest first.
CREATE INDEX driver_licenses_review_idx ON driver_licenses (created_at) WHERE status = 'PENDING_REVIEW';
-- The expiry job: approved or waiting licences past their last valid day.
CREATE INDEX driver_licenses_expiry_idx ON driver_licenses (expire_date) WHERE status IN ('PENDING_REVIEW', 'APPROVED');
-- The erasure job.
CREATE INDEX driver_licenses_erasure_idx ON driver_licenses (erase_after) WHERE erased_at IS NULL;

-- Vehicles ---------------------------------------------------------------------------

CREATE TABLE vehicles (
  id text PRIMARY KEY,
  place_id text NOT NULL REFERENCES places (id),
  registration_number text NOT NULL UNIQUE CHECK (char_length(registration_number) BETWEEN 1 AND 40),
  display_name_en text NOT NULL CHECK (char_length(display_name_en) BETWEEN 1 AND 100),
  display_name_ja text NOT NULL CHECK (char_length(display_name_ja) BETWEEN 1 AND 100),
  display_image_url text NOT NULL DEFAULT '',
  -- Seats, the driver included.
  capacity integer NOT NULL CHECK (capacity BETWEEN 1 AND 20),
  base_price bigint NOT NULL CHECK (base_price >= 0),
  half_hour_price bigint NOT NULL CHECK (half_hour_price >= 0),
  -- The car's connected unit, as the telematics adapter names it.
  telematics_device_id text NOT NULL UNIQUE CHECK (char_length(telematics_device_id) BETWEEN 1 AND 100),
  -- The place's time zone, copied: rental times are shown and reckoned in it.
  timezone text NOT NULL DEFAULT 'Asia/Tokyo',
  -- A retired car is no longer listed or rentable; its rentals stay.
  retired boolean NOT NULL DEFAULT false,
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  version integer NOT NULL DEFAULT 1
);
CREATE INDEX vehicles_place_idx ON vehicles (place_id, sort_order, id) WHERE NOT retired;

-- Where a car is handed over and left, each with its price (0 at the place itself).
CREATE TABLE vehicle_locations (
  id text PRIMARY KEY,
  place_id text NOT NULL REFERENCES places (id),
  display_name_en text NOT NULL CHECK (char_length(display_name_en) BETWEEN 1 AND 100),
  display_name_ja text NOT NULL CHECK (char_length(display_name_ja) BETWEEN 1 AND 100),
  description_en text NOT NULL DEFAULT '',
  description_ja text NOT NULL DEFAULT '',
  price bigint NOT NULL CHECK (price >= 0),
  -- Where it is, for the map (NULL when staff did not say).
  latitude numeric(9, 6) CHECK (latitude BETWEEN -90 AND 90),
  longitude numeric(9, 6) CHECK (longitude BETWEEN -180 AND 180),
  retired boolean NOT NULL DEFAULT false,
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX vehicle_locations_place_idx ON vehicle_locations (place_id, sort_order, id) WHERE NOT retired;

-- The times a car may be rented (the spec's vehiclePickupDropoffAvailabilities): a rental must lie
-- inside one of them. They never overlap for one car, so "inside one" has one answer.
CREATE TABLE vehicle_availabilities (
  id text PRIMARY KEY,
  vehicle_id text NOT NULL REFERENCES vehicles (id),
  start_time timestamptz NOT NULL,
  end_time timestamptz NOT NULL,
  period tstzrange GENERATED ALWAYS AS (tstzrange(start_time, end_time, '[)')) STORED,
  created_at timestamptz NOT NULL,
  CHECK (end_time > start_time),
  CONSTRAINT vehicle_availabilities_no_overlap EXCLUDE USING gist (vehicle_id WITH =, period WITH &&)
);
CREATE INDEX vehicle_availabilities_vehicle_idx ON vehicle_availabilities (vehicle_id, start_time);

-- Vehicle rentals ---------------------------------------------------------------------

CREATE SEQUENCE vehicle_rental_number_seq START 1000001;

CREATE TABLE vehicle_rentals (
  id text PRIMARY KEY,
  -- Human-readable, e.g. "V1000001" (the spec's orderNumber).
  order_number text NOT NULL UNIQUE,
  account_id uuid NOT NULL REFERENCES identity_accounts (id),
  user_id text NOT NULL REFERENCES users (id),
  -- The renter's stay at the car's place the rental belongs to.
  booking_id text NOT NULL REFERENCES bookings (id),
  vehicle_id text NOT NULL REFERENCES vehicles (id),
  -- The approved licence the rental was made with (its last_rental_at follows the rental).
  driver_license_id text NOT NULL REFERENCES driver_licenses (id),
  pickup_location_id text NOT NULL REFERENCES vehicle_locations (id),
  dropoff_location_id text NOT NULL REFERENCES vehicle_locations (id),
  pickup_at timestamptz NOT NULL,
  dropoff_at timestamptz NOT NULL,
  period tstzrange GENERATED ALWAYS AS (tstzrange(pickup_at, dropoff_at, '[)')) STORED,
  status text NOT NULL CHECK (status IN ('TENTATIVE', 'BOOKED', 'CANCELED')),
  use_status text NOT NULL DEFAULT 'BEFORE_READY'
    CHECK (use_status IN ('BEFORE_READY', 'READY', 'IN_USE', 'CONTROLLABLE_AFTER_USE', 'FINISHED')),
  headcount integer NOT NULL CHECK (headcount >= 1),
  user_request_notes text NOT NULL DEFAULT '',
  -- The price lines as quoted when rented, so a later change of the car's prices never alters them.
  quote jsonb NOT NULL,
  -- Until when a TENTATIVE rental holds the car unpaid.
  tentative_deadline timestamptz,
  -- The rental's DEFAULT billing, the ADDITIONAL billing of a late drop-off, and a cancellation fee's.
  billing_id text,
  additional_billing_id text,
  cancellation_billing_id text,
  conversation_id text,
  booked_at timestamptz,
  canceled_at timestamptz,
  ready_at timestamptz,
  picked_up_at timestamptz,
  dropped_off_at timestamptz,
  -- The end of the short window after drop-off in which the renter may still lock the car.
  controllable_until timestamptz,
  finished_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  version integer NOT NULL DEFAULT 1,
  CHECK (dropoff_at > pickup_at),
  CHECK (status <> 'TENTATIVE' OR tentative_deadline IS NOT NULL),
  -- A car is rented once at a time: no two rentals of it that are not cancelled overlap.
  CONSTRAINT vehicle_rentals_no_overlap EXCLUDE USING gist (vehicle_id WITH =, period WITH &&)
    WHERE (status <> 'CANCELED')
);
CREATE INDEX vehicle_rentals_user_idx ON vehicle_rentals (user_id, pickup_at DESC);
CREATE INDEX vehicle_rentals_booking_idx ON vehicle_rentals (booking_id);
CREATE INDEX vehicle_rentals_license_idx ON vehicle_rentals (driver_license_id);
CREATE INDEX vehicle_rentals_tentative_idx ON vehicle_rentals (tentative_deadline) WHERE status = 'TENTATIVE';
-- The use-status job: booked rentals not finished yet, by pick-up time.
CREATE INDEX vehicle_rentals_use_idx ON vehicle_rentals (pickup_at)
  WHERE status = 'BOOKED' AND use_status <> 'FINISHED';
CREATE INDEX vehicle_rentals_billing_idx ON vehicle_rentals (billing_id) WHERE billing_id IS NOT NULL;

-- A rental has its own conversation with staff (DOMAIN.md: one per booking and per vehicle rental).
ALTER TABLE conversations ALTER COLUMN booking_id DROP NOT NULL;
ALTER TABLE conversations ADD COLUMN vehicle_rental_id text UNIQUE REFERENCES vehicle_rentals (id);
ALTER TABLE conversations ADD CONSTRAINT conversations_one_subject_check
  CHECK ((booking_id IS NULL) <> (vehicle_rental_id IS NULL));
