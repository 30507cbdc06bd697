-- The first house of the group (in the holds' order: floor, id; retired ones left out) whose nights
-- [checkin, checkout) are free for the account: no ACTIVE stay (stay_overlaps) and no ACTIVE waitlist
-- offer of someone else (waitlist_reserved; a NULL account counts every offer). With p_lock the
-- house's night locks are taken first, in date order, as every hold takes them, so an offer and a
-- hold of the same nights queue and the later one sees the earlier (docs/decisions/0045-waitlist-offers.md).
-- NULL when no house is free.
-- The current definition: edit it here (the migrator applies it again when this file changes).

CREATE OR REPLACE FUNCTION waitlist_free_house(p_group text, p_checkin date, p_checkout date, p_account uuid,
  p_lock boolean) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  v_house text;
  v_night integer;
BEGIN
  FOR v_house IN SELECT h.id FROM houses h WHERE h.house_group_id = p_group AND h.retired_at IS NULL
                 ORDER BY h.floor, h.id LOOP
    IF p_lock THEN
      FOR v_night IN (p_checkin - DATE '2000-01-01') .. (p_checkout - DATE '2000-01-01') - 1 LOOP
        PERFORM pg_advisory_xact_lock(hashtext(v_house), v_night);
      END LOOP;
    END IF;
    IF NOT stay_overlaps(v_house, p_checkin, p_checkout)
       AND NOT waitlist_reserved(v_house, p_checkin, p_checkout, p_account) THEN
      RETURN v_house;
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;
