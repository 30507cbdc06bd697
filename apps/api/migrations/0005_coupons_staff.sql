-- Coupons and their redemptions; what the staff console needs beside the catalogue.

-- Coupons ---------------------------------------------------------------------

-- A coupon is known by its type and code (/coupons/{coupon_type}/{coupon_code});
-- codes are stored in capitals and unique within a type.
CREATE TABLE coupons (
  id text PRIMARY KEY,
  coupon_type text NOT NULL CHECK (coupon_type IN ('CAMPAIGN', 'PARTNER', 'REFERRAL')),
  code text NOT NULL CHECK (code = upper(code) AND code ~ '^[A-Z0-9][A-Z0-9_-]{2,31}$'),
  title_en text NOT NULL,
  title_ja text NOT NULL,
  description_en text NOT NULL DEFAULT '',
  description_ja text NOT NULL DEFAULT '',
  discount_type text NOT NULL CHECK (discount_type IN ('PERCENTAGE', 'AMOUNT')),
  -- A whole percentage (1-100) or a yen amount, as discount_type says.
  discount_value bigint NOT NULL CHECK (discount_value > 0),
  valid_from timestamptz NOT NULL,
  valid_to timestamptz NOT NULL,
  -- The first and last night a stay may use it for (civil dates); null: no bound.
  stay_date_from date,
  stay_date_to date,
  all_house_groups boolean NOT NULL,
  limit_per_user integer CHECK (limit_per_user > 0),
  limit_total integer CHECK (limit_total > 0),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (coupon_type, code),
  CHECK (valid_to > valid_from),
  CHECK (discount_type <> 'PERCENTAGE' OR discount_value <= 100),
  CHECK (stay_date_to IS NULL OR stay_date_from IS NULL OR stay_date_to >= stay_date_from)
);
CREATE INDEX coupons_created_idx ON coupons (created_at DESC, id DESC);

CREATE TABLE coupon_house_groups (
  coupon_id text NOT NULL REFERENCES coupons (id) ON DELETE CASCADE,
  house_group_id text NOT NULL REFERENCES house_groups (id) ON DELETE CASCADE,
  PRIMARY KEY (coupon_id, house_group_id)
);
CREATE INDEX coupon_house_groups_house_group_idx ON coupon_house_groups (house_group_id);

-- One use of a coupon. Redemptions are made inside the booking's transaction
-- under a lock on the coupon row, which is what keeps both limits exact. A
-- released redemption (the booking was cancelled) no longer counts.
CREATE TABLE coupon_redemptions (
  id text PRIMARY KEY,
  coupon_id text NOT NULL REFERENCES coupons (id),
  user_id text NOT NULL REFERENCES users (id),
  booking_id text,
  house_group_id text NOT NULL,
  discount_amount bigint NOT NULL CHECK (discount_amount >= 0),
  redeemed_at timestamptz NOT NULL,
  released_at timestamptz
);
CREATE INDEX coupon_redemptions_coupon_idx ON coupon_redemptions (coupon_id, user_id) WHERE released_at IS NULL;
CREATE INDEX coupon_redemptions_booking_idx ON coupon_redemptions (booking_id) WHERE booking_id IS NOT NULL;

-- Staff console -------------------------------------------------------------------

-- A house staff remove after it has had stays cannot be erased (its past stays
-- keep pointing at it); it is retired instead, and takes no new stays.
ALTER TABLE houses ADD COLUMN retired_at timestamptz;
