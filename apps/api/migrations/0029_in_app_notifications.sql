-- In-app notifications and their delivery (docs/decisions/0040-notification-queue.md): every event
-- a user should hear of is one row here, written in the transaction of the change it tells of, so a
-- rolled-back change notifies nobody and a committed one is never lost. `dedupe_key` makes a
-- repeated event (a retried job, a replayed request) one notification. The mail and push copies are
-- jobs in notification_deliveries, drained by a background task that retries and sends each once.

CREATE TABLE notifications (
  id bigserial PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- What happened (the contract's NotificationKind), and the values its text is built from in the
  -- reader's language at the time of reading or sending: the stored row holds no language.
  kind text NOT NULL,
  params jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- A path inside the product the notification opens (never an outside address).
  link text CHECK (link IS NULL OR link LIKE '/%'),
  dedupe_key text NOT NULL,
  created_at timestamptz NOT NULL,
  read_at timestamptz,
  UNIQUE (user_id, dedupe_key)
);
CREATE INDEX notifications_user_idx ON notifications (user_id, id DESC);
CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL;

-- One job per notification and channel (EMAIL, PUSH). A job is claimed with FOR UPDATE SKIP LOCKED,
-- so several app processes drain the queue together and none sends a job another holds. Claiming
-- commits SENDING before anything goes out: a process that dies mid-send leaves SENDING behind, and
-- such a job is given up as FAILED after its lease rather than sent again (at most once).
CREATE TABLE notification_deliveries (
  notification_id bigint NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
  channel text NOT NULL CHECK (channel IN ('EMAIL', 'PUSH')),
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'SENDING', 'SENT', 'SKIPPED', 'FAILED')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  claimed_at timestamptz,
  last_error text,
  done_at timestamptz,
  PRIMARY KEY (notification_id, channel)
);
CREATE INDEX notification_deliveries_due_idx ON notification_deliveries (next_attempt_at) WHERE status = 'PENDING';
CREATE INDEX notification_deliveries_sending_idx ON notification_deliveries (claimed_at) WHERE status = 'SENDING';

-- The language a user last used the product in and the address they reached it at, so mail and push
-- speak that language and link back there (the user row holds neither; PUBLIC_URL wins when set).
CREATE TABLE notification_recipients (
  user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  language text NOT NULL CHECK (language IN ('en', 'ja')),
  link_origin text NOT NULL,
  updated_at timestamptz NOT NULL
);
