-- Catalogue: places, house groups in every form of the specification, houses,
-- per-day season calendars with prices, stays (the physical occupation of a
-- house, which availability is derived from), stay styles and the generated
-- catalogue images. Columns added to the foundation tables all have defaults
-- so the ownership module and its tests keep inserting the minimal rows.

CREATE EXTENSION IF NOT EXISTS btree_gist;

-- Places ----------------------------------------------------------------------

ALTER TABLE places
  ADD COLUMN phone_country_code integer NOT NULL DEFAULT 81,
  ADD COLUMN phone_national_number text NOT NULL DEFAULT '',
  ADD COLUMN description_en text NOT NULL DEFAULT '',
  ADD COLUMN description_ja text NOT NULL DEFAULT '',
  ADD COLUMN vertical_image_url text NOT NULL DEFAULT '',
  ADD COLUMN horizontal_image_url text NOT NULL DEFAULT '',
  -- Who the place is listed for (list_places audience OWNER or GUEST).
  ADD COLUMN audiences text[] NOT NULL DEFAULT '{OWNER,GUEST}'
    CHECK (audiences <@ ARRAY['OWNER', 'GUEST']::text[]),
  ADD COLUMN created_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

CREATE INDEX places_prefecture_en_idx ON places (lower(prefecture_en));
CREATE INDEX places_prefecture_ja_idx ON places (prefecture_ja);

-- House groups ----------------------------------------------------------------

-- `type` YADO stands for the specification's "{product}" placeholder (the
-- product's own shared houses); see docs/domain.md.
ALTER TABLE house_groups
  ADD COLUMN type text NOT NULL DEFAULT 'YADO'
    CHECK (type IN ('YADO', 'EXCLUSIVE', 'TEMAIRAZU_PARTNER', 'EARTHBOAT', 'MOBILITY')),
  ADD COLUMN usage_label text NOT NULL DEFAULT 'ACCOMMODATION' CHECK (usage_label IN ('ACCOMMODATION', 'TIME')),
  -- Bumped on every staff change; clients cache house-group details by it.
  ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version > 0),
  -- The region the house group lies in (e.g. "Hakone"), searchable like the prefecture.
  ADD COLUMN area_en text NOT NULL DEFAULT '',
  ADD COLUMN area_ja text NOT NULL DEFAULT '',
  ADD COLUMN beds integer NOT NULL DEFAULT 1 CHECK (beds >= 0),
  ADD COLUMN bathrooms integer NOT NULL DEFAULT 1 CHECK (bathrooms >= 0),
  ADD COLUMN possible_bed_sharing_capacity integer NOT NULL DEFAULT 0 CHECK (possible_bed_sharing_capacity >= 0),
  ADD COLUMN vertical_image_url text NOT NULL DEFAULT '',
  ADD COLUMN square_image_url text NOT NULL DEFAULT '',
  ADD COLUMN carousel_image_urls text[] NOT NULL DEFAULT '{}',
  -- The nightly price of an ordinary STANDARD night, shown where no dates are chosen.
  ADD COLUMN standard_season_price bigint NOT NULL DEFAULT 0 CHECK (standard_season_price >= 0),
  ADD COLUMN base_capacity integer NOT NULL DEFAULT 2 CHECK (base_capacity >= 1),
  ADD COLUMN max_capacity integer NOT NULL DEFAULT 4,
  ADD COLUMN min_adult_capacity integer NOT NULL DEFAULT 1 CHECK (min_adult_capacity >= 1),
  ADD COLUMN capacity_description_en text NOT NULL DEFAULT '',
  ADD COLUMN capacity_description_ja text NOT NULL DEFAULT '',
  ADD COLUMN consent_form_url text NOT NULL DEFAULT '',
  ADD COLUMN is_pet_allowed boolean NOT NULL DEFAULT false,
  ADD COLUMN base_pet_capacity integer NOT NULL DEFAULT 0 CHECK (base_pet_capacity >= 0),
  ADD COLUMN max_pet_capacity integer NOT NULL DEFAULT 0,
  ADD COLUMN owner_time_use_price_per_hour bigint NOT NULL DEFAULT 0 CHECK (owner_time_use_price_per_hour >= 0),
  ADD COLUMN membership_time_use_price_per_hour bigint NOT NULL DEFAULT 0
    CHECK (membership_time_use_price_per_hour >= 0),
  ADD COLUMN timezone text NOT NULL DEFAULT 'Asia/Tokyo',
  ADD COLUMN utc_offset text NOT NULL DEFAULT '+09:00' CHECK (utc_offset ~ '^[+-][0-9]{2}:[0-9]{2}$'),
  ADD COLUMN unlock_operation_type text NOT NULL DEFAULT 'SMARTHOME'
    CHECK (unlock_operation_type IN ('SMARTHOME', 'MANUAL', 'TEMAIRAZU_PARTNER')),
  ADD COLUMN meal_providable boolean NOT NULL DEFAULT false,
  ADD COLUMN available_booking_types text[] NOT NULL DEFAULT '{GUEST_USE}',
  ADD COLUMN concept_title_en text NOT NULL DEFAULT '',
  ADD COLUMN concept_title_ja text NOT NULL DEFAULT '',
  ADD COLUMN concept_description_en text NOT NULL DEFAULT '',
  ADD COLUMN concept_description_ja text NOT NULL DEFAULT '',
  ADD COLUMN country_code text NOT NULL DEFAULT 'JP',
  ADD COLUMN postal_code text NOT NULL DEFAULT '',
  -- {state, city, street1, street2} in each language.
  ADD COLUMN address_en jsonb NOT NULL DEFAULT '{}',
  ADD COLUMN address_ja jsonb NOT NULL DEFAULT '{}',
  ADD COLUMN latitude numeric(9, 6),
  ADD COLUMN longitude numeric(9, 6),
  ADD COLUMN external_url text NOT NULL DEFAULT '',
  ADD COLUMN checkin_time time NOT NULL DEFAULT '15:00',
  ADD COLUMN checkout_time time NOT NULL DEFAULT '11:00',
  -- Applied before tax (docs/domain.md, Money).
  ADD COLUMN service_charge_percentage numeric(5, 2) NOT NULL DEFAULT 10
    CHECK (service_charge_percentage >= 0 AND service_charge_percentage <= 100),
  -- Fee tiers by days before the stay date; free before the first tier (docs/domain.md, Bookings).
  ADD COLUMN cancellation_policy jsonb NOT NULL DEFAULT
    '{"tiers":[{"fromDaysBefore":7,"percent":30},{"fromDaysBefore":1,"percent":50},{"fromDaysBefore":0,"percent":80}],"noShowPercent":100}',
  ADD COLUMN extra_charge_per_guest_per_night bigint NOT NULL DEFAULT 0 CHECK (extra_charge_per_guest_per_night >= 0),
  -- The municipality's accommodation tax: [{minYen, maxYen|null, taxPerPersonNight}] by the
  -- room-only charge per person-night; empty where the municipality levies none.
  ADD COLUMN accommodation_tax_bands jsonb NOT NULL DEFAULT '[]',
  ADD COLUMN sort_order integer NOT NULL DEFAULT 0,
  ADD COLUMN created_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
  ADD CONSTRAINT house_groups_capacity_check CHECK (max_capacity >= base_capacity AND min_adult_capacity <= max_capacity),
  ADD CONSTRAINT house_groups_pet_capacity_check CHECK (max_pet_capacity >= base_pet_capacity),
  ADD CONSTRAINT house_groups_booking_types_check CHECK (available_booking_types <@ ARRAY[
    'OWN_USE', 'MUTUAL_USE', 'GUEST_USE', 'GIFT_USE', 'EXCLUSIVE_TIME_USE', 'NFT_THE_KEY_USE',
    'EXCLUSIVE_ACCOMMODATION_USE', 'NFT_MASTER_KEY_USE', 'SLOTS_GIFT_USE', 'DATED_SLOTS_GIFT_USE',
    'OTA_GUEST_USE', 'DAO_USE']::text[]);

CREATE INDEX house_groups_place_idx ON house_groups (place_id, sort_order, id);
CREATE INDEX house_groups_area_en_idx ON house_groups (lower(area_en));
CREATE INDEX house_groups_area_ja_idx ON house_groups (area_ja);
CREATE INDEX house_groups_type_idx ON house_groups (type, usage_label);

-- Houses ----------------------------------------------------------------------

CREATE TABLE houses (
  id text PRIMARY KEY,
  house_group_id text NOT NULL REFERENCES house_groups (id) ON DELETE CASCADE,
  name_en text NOT NULL,
  name_ja text NOT NULL,
  floor integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX houses_house_group_idx ON houses (house_group_id, id);

-- Season calendar -------------------------------------------------------------

-- One row per house group and civil date (in the house group's time zone): its
-- price type, whether it is closed, and the nightly price of each price type.
-- The night's price is the price of its price type; a date without a row is
-- not on sale yet. Availability is NOT stored here: it is derived from houses
-- and stays.
CREATE TABLE house_group_days (
  house_group_id text NOT NULL REFERENCES house_groups (id) ON DELETE CASCADE,
  date date NOT NULL,
  price_type text NOT NULL DEFAULT 'STANDARD' CHECK (price_type IN ('STANDARD', 'HIGH')),
  closed boolean NOT NULL DEFAULT false,
  standard_price bigint NOT NULL CHECK (standard_price >= 0),
  high_price bigint NOT NULL CHECK (high_price >= 0),
  -- Covering: a group's nights of a stay or a calendar are read from the index alone.
  PRIMARY KEY (house_group_id, date) INCLUDE (price_type, closed, standard_price, high_price)
);
-- Search reads every candidate group's nights of one date range: by date first,
-- with the columns it needs, so it is an index-only scan.
CREATE INDEX house_group_days_date_idx ON house_group_days (date, house_group_id)
  INCLUDE (price_type, closed, standard_price, high_price);

-- Stays -----------------------------------------------------------------------

-- A stay is a house occupied for the nights [checkin_date, checkout_date).
-- The database itself refuses two active stays of one house on the same night;
-- a cancelled or expired booking RELEASES its stay, which frees the house.
CREATE TABLE stays (
  id text PRIMARY KEY,
  house_id text NOT NULL REFERENCES houses (id),
  -- Copied from the house so search can read a group's stays without a join.
  house_group_id text NOT NULL REFERENCES house_groups (id),
  checkin_date date NOT NULL,
  checkout_date date NOT NULL,
  nights daterange GENERATED ALWAYS AS (daterange(checkin_date, checkout_date, '[)')) STORED,
  status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'RELEASED')),
  -- The booking that holds the stay (set by the bookings module), or a note for blocks.
  booking_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  released_at timestamptz,
  CHECK (checkout_date > checkin_date),
  CONSTRAINT stays_no_overlap EXCLUDE USING gist (house_id WITH =, nights WITH &&) WHERE (status = 'ACTIVE')
);
CREATE INDEX stays_house_group_idx ON stays (house_group_id, checkin_date) WHERE status = 'ACTIVE';
-- Is a house free for [checkin, checkout)? Active stays of a house never overlap, so the one with
-- the latest check-in before `checkout` is the only one to look at: one index descent per house.
CREATE INDEX stays_house_checkin_idx ON stays (house_id, checkin_date DESC) INCLUDE (checkout_date)
  WHERE status = 'ACTIVE';
CREATE INDEX stays_booking_idx ON stays (booking_id) WHERE booking_id IS NOT NULL;

-- Stay styles -----------------------------------------------------------------

CREATE TABLE stay_styles (
  id text PRIMARY KEY,
  name_en text NOT NULL,
  name_ja text NOT NULL,
  description_en text NOT NULL DEFAULT '',
  description_ja text NOT NULL DEFAULT '',
  image_url text NOT NULL DEFAULT '',
  sort_order integer NOT NULL DEFAULT 0
);

CREATE TABLE house_group_stay_styles (
  house_group_id text NOT NULL REFERENCES house_groups (id) ON DELETE CASCADE,
  stay_style_id text NOT NULL REFERENCES stay_styles (id) ON DELETE CASCADE,
  PRIMARY KEY (house_group_id, stay_style_id)
);
CREATE INDEX house_group_stay_styles_style_idx ON house_group_stay_styles (stay_style_id);

-- Catalogue images --------------------------------------------------------------

-- Each image in its responsive widths, served from /media/catalogue/<id>-<width>.<ext>.
-- Stored content never changes under an id, so it is cached for good.
CREATE TABLE catalogue_images (
  id text NOT NULL,
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  format text NOT NULL CHECK (format IN ('jpg', 'webp')),
  content bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (id, width, format)
);
