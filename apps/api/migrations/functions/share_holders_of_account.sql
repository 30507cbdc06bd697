-- The users whose owner shares an account may pay with: its own user, and the owners who share with
-- it (family sharing: an accepted, not removed membership, as family.repo.ts ownerIdsSharingWith
-- reads it), each once with the caller's user id beside it. An owner hold reads its usable shares
-- with this in one query (docs/decisions/0033-owner-hold-in-one-call.md): the users and family
-- tables are other modules', so their part of the read lives here rather than in a module's repo.
-- The current definition: edit it here (the migrator applies it again when this file changes).

CREATE OR REPLACE FUNCTION share_holders_of_account(p_account_id uuid)
RETURNS TABLE (holder_user_id text, caller_user_id text)
LANGUAGE sql STABLE AS $$
  SELECT h.holder, u.id
    FROM users u
    CROSS JOIN LATERAL (
      SELECT u.id AS holder
      UNION
      SELECT f.owner_user_id FROM family_members f WHERE f.member_user_id = u.id AND f.removed_at IS NULL
    ) h
   WHERE u.identity_id = p_account_id
$$;
