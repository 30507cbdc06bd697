-- Password reset links (docs/decisions/0017-password-reset.md). Only a hash of the link's secret is
-- kept, as for refresh tokens: a copy of this table opens no account. A link works once, for an hour,
-- and asking for a new one or changing the password makes the earlier ones stop working.
CREATE TABLE identity_password_resets (
  token_hash text PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES identity_accounts (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  CHECK (expires_at > created_at)
);
CREATE INDEX identity_password_resets_account_idx ON identity_password_resets (account_id, created_at);
