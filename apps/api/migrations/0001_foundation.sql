-- Foundation: identity, users and their account settings, catalogue stubs for
-- ownership applications, feature flags, the development outbox, monitoring.

CREATE TABLE app_settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE feature_flags (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO feature_flags (key, value) VALUES
  ('searchHouseGroupsType', '"SEARCH"'),
  ('canSearchAbroadHotels', 'false'),
  ('enabledFeatures', '["MARKETPLACE"]');

-- Identity ------------------------------------------------------------------

CREATE TABLE identity_accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  email_verified boolean NOT NULL DEFAULT false,
  password_hash text,
  roles text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  last_sign_in_at timestamptz NOT NULL DEFAULT now(),
  disabled_at timestamptz
);
CREATE UNIQUE INDEX identity_accounts_email_key ON identity_accounts (lower(email));

CREATE TABLE identity_links (
  provider text NOT NULL,
  subject text NOT NULL,
  account_id uuid NOT NULL REFERENCES identity_accounts (id) ON DELETE CASCADE,
  email text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, subject)
);
CREATE INDEX identity_links_account_idx ON identity_links (account_id);

-- A session is one sign-in: the family of refresh tokens issued from it.
CREATE TABLE identity_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES identity_accounts (id) ON DELETE CASCADE,
  method text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  revoked_reason text,
  user_agent text,
  ip text
);
CREATE INDEX identity_sessions_account_idx ON identity_sessions (account_id);

CREATE TABLE refresh_tokens (
  token_hash text PRIMARY KEY,
  session_id uuid NOT NULL REFERENCES identity_sessions (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX refresh_tokens_session_idx ON refresh_tokens (session_id);

CREATE TABLE signing_keys (
  kid text PRIMARY KEY,
  alg text NOT NULL,
  private_jwk jsonb NOT NULL,
  public_jwk jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- After retirement a key signs nothing new but still verifies until it expires.
  retired_at timestamptz,
  expires_at timestamptz
);

CREATE TABLE auth_attempts (
  id bigserial PRIMARY KEY,
  key text NOT NULL,
  succeeded boolean NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX auth_attempts_key_at_idx ON auth_attempts (key, at);

CREATE TABLE oidc_states (
  state text PRIMARY KEY,
  provider text NOT NULL,
  code_verifier text NOT NULL,
  nonce text NOT NULL,
  redirect_url text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Users ---------------------------------------------------------------------

CREATE SEQUENCE user_number_seq START 10000001;

CREATE TABLE users (
  id text PRIMARY KEY,
  identity_id uuid NOT NULL UNIQUE REFERENCES identity_accounts (id),
  user_number text NOT NULL UNIQUE,
  first_name text NOT NULL,
  last_name text NOT NULL,
  romanized_first_name text NOT NULL,
  romanized_last_name text NOT NULL,
  email text NOT NULL,
  email_verified boolean NOT NULL DEFAULT false,
  phone_country_code integer,
  phone_national_number text,
  phone_verified boolean NOT NULL DEFAULT false,
  postal_country_code text NOT NULL DEFAULT '',
  postal_code text NOT NULL DEFAULT '',
  postal_state text NOT NULL DEFAULT '',
  postal_city text NOT NULL DEFAULT '',
  postal_street1 text NOT NULL DEFAULT '',
  postal_street2 text NOT NULL DEFAULT '',
  nationality_country_code text NOT NULL,
  occupation_id integer,
  user_type text NOT NULL DEFAULT 'USER_TYPE_GUEST'
    CHECK (user_type IN ('USER_TYPE_GUEST', 'USER_TYPE_OWNER')),
  profile_photo_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  anonymised_at timestamptz
);

CREATE TABLE verification_codes (
  id bigserial PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  channel text NOT NULL CHECK (channel IN ('EMAIL', 'SMS')),
  destination text NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz
);
CREATE INDEX verification_codes_user_idx ON verification_codes (user_id, channel, created_at DESC);

CREATE TABLE profile_photos (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  content bytea NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE notification_settings (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  channel text NOT NULL,
  item text NOT NULL,
  enabled boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, channel, item)
);

CREATE TABLE device_tokens (
  device_token text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX device_tokens_user_idx ON device_tokens (user_id);

CREATE TABLE user_deletion_requests (
  user_id text PRIMARY KEY REFERENCES users (id),
  reason text NOT NULL DEFAULT '',
  requested_at timestamptz NOT NULL DEFAULT now(),
  scheduled_at timestamptz NOT NULL,
  completed_at timestamptz
);

-- Catalogue (the part ownership applications need) ---------------------------

CREATE TABLE places (
  id text PRIMARY KEY,
  name_en text NOT NULL,
  name_ja text NOT NULL,
  prefecture_en text NOT NULL,
  prefecture_ja text NOT NULL,
  city_en text NOT NULL,
  city_ja text NOT NULL
);

CREATE TABLE house_groups (
  id text PRIMARY KEY,
  place_id text NOT NULL REFERENCES places (id),
  name_en text NOT NULL,
  name_ja text NOT NULL,
  horizontal_image_url text NOT NULL DEFAULT ''
);

CREATE TABLE ownership_offers (
  house_group_id text PRIMARY KEY REFERENCES house_groups (id),
  share_price_yen bigint NOT NULL CHECK (share_price_yen > 0),
  nights_per_share integer NOT NULL CHECK (nights_per_share > 0),
  total_shares integer NOT NULL CHECK (total_shares > 0),
  shares_sold integer NOT NULL DEFAULT 0 CHECK (shares_sold >= 0 AND shares_sold <= total_shares),
  open boolean NOT NULL DEFAULT true
);

CREATE TABLE owner_applications (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id),
  house_group_id text NOT NULL REFERENCES house_groups (id),
  shares integer NOT NULL CHECK (shares > 0),
  message text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED')),
  submitted_at timestamptz NOT NULL DEFAULT now(),
  reviewed_at timestamptz,
  reviewed_by uuid
);
CREATE UNIQUE INDEX owner_applications_one_pending ON owner_applications (user_id) WHERE status = 'PENDING';

-- Messages, monitoring, audit ----------------------------------------------

-- Every email and SMS the product sends is recorded here; outside production
-- the development outbox page lists them.
CREATE TABLE outbox_messages (
  id bigserial PRIMARY KEY,
  channel text NOT NULL CHECK (channel IN ('EMAIL', 'SMS')),
  recipient text NOT NULL,
  subject text NOT NULL DEFAULT '',
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  error text
);
CREATE INDEX outbox_messages_recipient_idx ON outbox_messages (lower(recipient), created_at DESC);

CREATE TABLE monitoring_events (
  id bigserial PRIMARY KEY,
  received_at timestamptz NOT NULL DEFAULT now(),
  project_id text NOT NULL,
  envelope bytea NOT NULL,
  forwarded_at timestamptz
);

CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  actor text NOT NULL,
  action text NOT NULL,
  entity text NOT NULL,
  entity_id text NOT NULL,
  before jsonb,
  after jsonb,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_entity_idx ON audit_log (entity, entity_id, at);
