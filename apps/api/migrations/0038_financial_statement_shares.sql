-- Financial statements (docs/decisions/0048-financial-statements.md) are computed from the billings
-- and need no table of their own. What is stored is the links a user gives an accountant: one
-- statement (period type and start), a hash of the random token (the token itself is shown once and
-- never kept), an expiry, a revocation, and how often and when the link was last opened.
CREATE TABLE financial_statement_shares (
  id text PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES identity_accounts (id),
  period_type text NOT NULL CHECK (period_type IN ('QUARTER', 'SEMESTER')),
  period_start date NOT NULL,
  token_hash bytea NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL CHECK (expires_at > created_at),
  revoked_at timestamptz,
  access_count integer NOT NULL DEFAULT 0 CHECK (access_count >= 0),
  last_accessed_at timestamptz
);
CREATE INDEX financial_statement_shares_account_idx ON financial_statement_shares (account_id, created_at DESC);

-- The statement reads an account's billings by when they were paid.
CREATE INDEX billings_account_paid_idx ON billings (account_id, paid_at) WHERE paid_at IS NOT NULL;
