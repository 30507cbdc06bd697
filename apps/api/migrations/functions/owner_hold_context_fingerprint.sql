-- What an owner hold decides from, reduced to one text: the shares an account may pay with (their
-- holder, house group, nights and whether a family member's) and the house group's owner
-- settings. The API keeps the caller's shares and the settings in memory between holds
-- (docs/decisions/0037-owner-hold-context-kept.md); hold_owner_stay compares this with the
-- fingerprint of the copy it was priced from and writes nothing when they differ.
-- The current definition: edit it here (the migrator applies it again when this file changes).

CREATE OR REPLACE FUNCTION owner_hold_context_fingerprint(p_account_id uuid, p_house_group_id text)
RETURNS text
-- plpgsql, whose body is checked when first run: share_holders_of_account's file may be applied after this one.
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN md5(
    coalesce((SELECT string_agg(concat_ws('/', s.id, s.user_id, s.house_group_id, s.standard_nights, s.high_nights,
                                          s.user_id <> h.caller_user_id), ',' ORDER BY s.granted_at, s.id)
                FROM share_holders_of_account(p_account_id) h JOIN owner_shares s ON s.user_id = h.holder_user_id), '')
    || '|' ||
    coalesce((SELECT concat_ws('/', o.own_use_fee, o.mutual_use_extra_charge_per_day, o.allow_high_substitute,
                               o.in_owner_network)
                FROM house_group_owner_settings o WHERE o.house_group_id = p_house_group_id), ''));
END;
$$;
