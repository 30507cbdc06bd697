-- Whether a standard slot planned as a high-substitute (p_substitutes[i] for the slot year
-- p_years[i]) is not needed: a high slot of that year of the share is left. Asked by the one-call
-- owner holds (hold_owner_stay, hold_owner_stays) once their slots are written, under the share's
-- lock the ledger's guard holds: nothing gives high slots back before the commit, and other holds
-- can only take more. They then raise 23514 (constraint slot_high_substitute_unneeded).
-- The current definition: edit it here (the migrator applies it again when this file changes).

CREATE OR REPLACE FUNCTION high_substitute_unneeded(p_share_id text, p_years integer[], p_substitutes boolean[])
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT true = ANY (p_substitutes) AND EXISTS (
    SELECT 1 FROM slot_ledger l
     WHERE l.share_id = p_share_id AND l.tier = 'HIGH'
       AND l.slot_year IN (SELECT e.y FROM unnest(p_years, p_substitutes) AS e (y, sub) WHERE e.sub)
     GROUP BY l.slot_year HAVING sum(l.nights) > 0)
$$;
