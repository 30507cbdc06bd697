-- Whether an allocation round not drawn yet reserves any of the nights [p_checkin, p_checkout) of
-- the house group (its periods are kept for the draw's winners). The one-call owner holds
-- (hold_owner_stay, hold_owner_stays) answer 'reserved' for such nights.
-- The current definition: edit it here (the migrator applies it again when this file changes).

CREATE OR REPLACE FUNCTION stay_reserved_by_round(p_house_group_id text, p_checkin date, p_checkout date)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM allocation_periods p JOIN allocation_rounds ar ON ar.id = p.round_id
     WHERE p.house_group_id = p_house_group_id AND ar.drawn_at IS NULL
       AND p.checkin_date < p_checkout AND p.checkout_date > p_checkin)
$$;
