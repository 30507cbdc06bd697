-- Idempotency keys of the product API (docs/decisions/0010-guest-stay-modules.md):
-- a method that moves money, slots, points or stock remembers, per account and
-- method, the key a client sent, a hash of the request and the first answer, so
-- a retry gets that answer instead of doing the work twice.
CREATE TABLE idempotency_keys (
  account_id text NOT NULL,
  method text NOT NULL,
  key text NOT NULL,
  request_hash text NOT NULL,
  -- IN_PROGRESS while the first call runs; its lease lets another node take over
  -- a call whose process died, instead of leaving the key stuck for a day.
  state text NOT NULL DEFAULT 'IN_PROGRESS' CHECK (state IN ('IN_PROGRESS', 'DONE')),
  locked_until timestamptz NOT NULL,
  response_status integer,
  response_body jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Kept at least this long; the pruning task deletes later.
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (account_id, method, key)
);
CREATE INDEX idempotency_keys_expiry_idx ON idempotency_keys (expires_at);
