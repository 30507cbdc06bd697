-- Live chat (docs/decisions/0042-live-chat.md): the messages of each conversation (one per booking and
-- per vehicle rental, migration 0009 and 0028), their image attachments and how far each reader has
-- read. Messages are numbered by one sequence and written under one transaction-level advisory lock
-- (chat.repo.ts), so they commit in the order of their ids: a reader who has seen id N has seen every
-- message below N it may read, and resuming "after N" can neither lose nor repeat one.

-- Every rental and every booking has its conversation, the ones written before the chat included.
INSERT INTO conversations (id, booking_id, created_at)
SELECT 'conv_' || md5(random()::text || b.id), b.id, b.created_at
FROM bookings b
WHERE NOT EXISTS (SELECT 1 FROM conversations c WHERE c.booking_id = b.id);
UPDATE bookings b SET conversation_id = c.id FROM conversations c
WHERE c.booking_id = b.id AND b.conversation_id IS DISTINCT FROM c.id;
INSERT INTO conversations (id, vehicle_rental_id, created_at)
SELECT coalesce(r.conversation_id, 'conv_' || md5(random()::text || r.id)), r.id, r.created_at
FROM vehicle_rentals r
WHERE NOT EXISTS (SELECT 1 FROM conversations c WHERE c.vehicle_rental_id = r.id);
UPDATE vehicle_rentals r SET conversation_id = c.id FROM conversations c
WHERE c.vehicle_rental_id = r.id AND r.conversation_id IS DISTINCT FROM c.id;

-- An image uploaded into a conversation, re-encoded as JPEG; attached to one message at most. Images
-- never attached are deleted after a day.
CREATE TABLE chat_images (
  id text PRIMARY KEY,
  conversation_id text NOT NULL REFERENCES conversations (id),
  uploader_account_id uuid NOT NULL REFERENCES identity_accounts (id),
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  content bytea NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX chat_images_unattached_idx ON chat_images (created_at);

CREATE TABLE chat_messages (
  id bigserial PRIMARY KEY,
  conversation_id text NOT NULL REFERENCES conversations (id),
  sender_account_id uuid NOT NULL REFERENCES identity_accounts (id),
  -- GUEST: a participant of the booking or rental; STAFF: the operator's team (one voice to the guest).
  sender_role text NOT NULL CHECK (sender_role IN ('GUEST', 'STAFF')),
  body text NOT NULL CHECK (char_length(body) <= 2000),
  image_id text UNIQUE REFERENCES chat_images (id),
  created_at timestamptz NOT NULL,
  CHECK (body <> '' OR image_id IS NOT NULL)
);
CREATE INDEX chat_messages_conversation_idx ON chat_messages (conversation_id, id);
-- The flood limit counts a sender's recent messages in one conversation.
CREATE INDEX chat_messages_sender_idx ON chat_messages (sender_account_id, conversation_id, created_at);

-- How far a reader has read a conversation. A guest reads for themself (`account:<id>`); staff read
-- as one team (`staff`), so a message one of them has read is no longer unread in the inbox.
CREATE TABLE chat_reads (
  conversation_id text NOT NULL REFERENCES conversations (id),
  reader text NOT NULL,
  last_read_message_id bigint NOT NULL,
  read_at timestamptz NOT NULL,
  PRIMARY KEY (conversation_id, reader)
);
