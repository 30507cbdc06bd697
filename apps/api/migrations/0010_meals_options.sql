-- Meals and extra options of a house group, and what bookings order of them:
-- meal orders (from the menu), custom meal orders (arranged by staff) and
-- extra option orders. booking_id is text without a foreign key, so these
-- tables stand on their own; the booking module keeps the bookings.

-- A house group that serves meals may insist on dinner on the first night.
ALTER TABLE house_groups ADD COLUMN meal_order_required boolean NOT NULL DEFAULT false;

-- Meals -----------------------------------------------------------------------

-- Prices are yen, tax-exclusive, before the house group's service charge, by
-- age band: adults 13 and over, children 6 to 12, infants 0 to 5 (often 0).
-- Meals served in the house are STANDARD-rate sales (docs/domain.md, Money).
CREATE TABLE meals (
  id text PRIMARY KEY,
  house_group_id text NOT NULL REFERENCES house_groups (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('BREAKFAST', 'DINNER')),
  name_en text NOT NULL,
  name_ja text NOT NULL,
  name_for_children_en text NOT NULL DEFAULT '',
  name_for_children_ja text NOT NULL DEFAULT '',
  description_en text NOT NULL DEFAULT '',
  description_ja text NOT NULL DEFAULT '',
  -- The first image is the meal's main image.
  image_urls text[] NOT NULL DEFAULT '{}',
  thumbnail_image_urls text[] NOT NULL DEFAULT '{}',
  adult_price bigint NOT NULL CHECK (adult_price >= 0),
  child_price bigint NOT NULL CHECK (child_price >= 0),
  infant_price bigint NOT NULL DEFAULT 0 CHECK (infant_price >= 0),
  tax_rate_type text NOT NULL DEFAULT 'STANDARD' CHECK (tax_rate_type IN ('STANDARD', 'REDUCED', 'EXEMPT')),
  -- In the house group's time zone; copied to each order when it is placed.
  providing_time time NOT NULL,
  -- Orders and cancellations close order_deadline_days_before days before the
  -- providing date at order_deadline_time (the kitchen buys for them).
  order_deadline_days_before integer NOT NULL DEFAULT 2 CHECK (order_deadline_days_before BETWEEN 0 AND 60),
  order_deadline_time time NOT NULL DEFAULT '17:00',
  active boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX meals_house_group_idx ON meals (house_group_id, type, sort_order, id);

-- Extra options ---------------------------------------------------------------

-- unit_amount is yen, tax-exclusive, charged once per stay or once per night;
-- the first free_quantity units cost nothing.
CREATE TABLE extra_options (
  id text PRIMARY KEY,
  house_group_id text NOT NULL REFERENCES house_groups (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('AMENITY', 'EXTRA_BED', 'ADDITIONAL_PET')),
  caption_en text NOT NULL,
  caption_ja text NOT NULL,
  image_url text NOT NULL DEFAULT '',
  unit_amount bigint NOT NULL CHECK (unit_amount >= 0),
  charge_basis text NOT NULL DEFAULT 'PER_STAY' CHECK (charge_basis IN ('PER_NIGHT', 'PER_STAY')),
  free_quantity integer NOT NULL DEFAULT 0 CHECK (free_quantity >= 0),
  max_quantity integer NOT NULL CHECK (max_quantity >= 0),
  is_quantity_changeable boolean NOT NULL DEFAULT true,
  alternative_detail_url text NOT NULL DEFAULT '',
  tax_rate_type text NOT NULL DEFAULT 'STANDARD' CHECK (tax_rate_type IN ('STANDARD', 'REDUCED', 'EXEMPT')),
  active boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX extra_options_house_group_idx ON extra_options (house_group_id, sort_order, id);

-- Orders ------------------------------------------------------------------------

-- What was ordered is copied onto the order (time, quantities, subtotal, tax
-- rate, deadline), so a later change of the menu never changes an order.
CREATE TABLE meal_orders (
  id text PRIMARY KEY,
  booking_id text NOT NULL,
  meal_id text NOT NULL REFERENCES meals (id),
  providing_date date NOT NULL,
  providing_time time NOT NULL,
  -- [{age, number}], one entry per age.
  quantities jsonb NOT NULL CHECK (jsonb_typeof(quantities) = 'array'),
  subtotal bigint NOT NULL CHECK (subtotal >= 0),
  tax_rate_type text NOT NULL CHECK (tax_rate_type IN ('STANDARD', 'REDUCED', 'EXEMPT')),
  order_deadline timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'ORDERED' CHECK (status IN ('ORDERED', 'CANCELLED')),
  notes text NOT NULL DEFAULT '',
  ordered_at timestamptz NOT NULL DEFAULT now(),
  ordered_by text NOT NULL DEFAULT '',
  cancelled_at timestamptz,
  CHECK ((status = 'CANCELLED') = (cancelled_at IS NOT NULL))
);
CREATE INDEX meal_orders_booking_idx ON meal_orders (booking_id, providing_date);

-- A meal staff arrange by hand, outside the menu.
CREATE TABLE custom_meal_orders (
  id text PRIMARY KEY,
  booking_id text NOT NULL,
  -- Whose service charge applies (a custom meal has no menu entry to say it).
  house_group_id text NOT NULL REFERENCES house_groups (id),
  name text NOT NULL,
  quantity integer NOT NULL CHECK (quantity > 0),
  unit_amount bigint NOT NULL CHECK (unit_amount >= 0),
  subtotal bigint NOT NULL CHECK (subtotal >= 0),
  tax_rate_type text NOT NULL CHECK (tax_rate_type IN ('STANDARD', 'REDUCED', 'EXEMPT')),
  providing_date date NOT NULL,
  providing_time time NOT NULL,
  status text NOT NULL DEFAULT 'ORDERED' CHECK (status IN ('ORDERED', 'CANCELLED')),
  notes text NOT NULL DEFAULT '',
  ordered_at timestamptz NOT NULL DEFAULT now(),
  ordered_by text NOT NULL DEFAULT '',
  cancelled_at timestamptz,
  CHECK ((status = 'CANCELLED') = (cancelled_at IS NOT NULL))
);
CREATE INDEX custom_meal_orders_booking_idx ON custom_meal_orders (booking_id, providing_date);

-- The units of an option a booking takes and what they cost for its nights.
-- At most one live order per option and booking: a new choice replaces it.
CREATE TABLE extra_option_orders (
  id text PRIMARY KEY,
  booking_id text NOT NULL,
  extra_option_id text NOT NULL REFERENCES extra_options (id),
  quantity integer NOT NULL CHECK (quantity > 0),
  nights integer NOT NULL CHECK (nights >= 0),
  unit_amount bigint NOT NULL CHECK (unit_amount >= 0),
  amount bigint NOT NULL CHECK (amount >= 0),
  tax_rate_type text NOT NULL CHECK (tax_rate_type IN ('STANDARD', 'REDUCED', 'EXEMPT')),
  status text NOT NULL DEFAULT 'ORDERED' CHECK (status IN ('ORDERED', 'CANCELLED')),
  ordered_at timestamptz NOT NULL DEFAULT now(),
  ordered_by text NOT NULL DEFAULT '',
  cancelled_at timestamptz,
  CHECK ((status = 'CANCELLED') = (cancelled_at IS NOT NULL))
);
CREATE UNIQUE INDEX extra_option_orders_live_idx ON extra_option_orders (booking_id, extra_option_id)
  WHERE status = 'ORDERED';
