-- Family sharing (docs/decisions/0026-family-sharing.md). One row per invitation an owner sends; the
-- row becomes the membership when a user accepts its link. Only a hash of the link's token is kept,
-- so a copy of this table accepts no invitation. Rows are never deleted: removing a member or
-- withdrawing an invitation sets removed_at, so the bookings a member made keep their history.
CREATE TABLE family_members (
  id text PRIMARY KEY,
  owner_user_id text NOT NULL REFERENCES users (id),
  -- The address the invitation went to, lower-cased ('' once the owner or the member is erased).
  email text NOT NULL,
  display_name text,
  relationship text CHECK (relationship IN ('SPOUSE', 'CHILD', 'PARENT', 'SIBLING', 'GRANDCHILD', 'OTHER')),
  token_hash text NOT NULL UNIQUE,
  invited_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  member_user_id text REFERENCES users (id),
  accepted_at timestamptz,
  removed_at timestamptz,
  -- Who removed it: account:<id> of the owner, 'superseded' when a new invitation replaced an expired
  -- one, 'erased' when the owner's or member's account was anonymised.
  removed_by text,
  CHECK (expires_at > invited_at),
  CHECK ((member_user_id IS NULL) = (accepted_at IS NULL)),
  CHECK (member_user_id IS DISTINCT FROM owner_user_id),
  CHECK ((removed_at IS NULL) = (removed_by IS NULL))
);
-- One live invitation or member per owner and address, and an owner's member counts once.
CREATE UNIQUE INDEX family_members_live_email_idx ON family_members (owner_user_id, email) WHERE removed_at IS NULL;
CREATE UNIQUE INDEX family_members_live_member_idx ON family_members (owner_user_id, member_user_id)
  WHERE removed_at IS NULL AND member_user_id IS NOT NULL;
-- The owners who share with a member (the booking module asks on every family booking).
CREATE INDEX family_members_member_idx ON family_members (member_user_id, owner_user_id) WHERE removed_at IS NULL;
