-- Whether an ACTIVE stay of the house overlaps [checkin, checkout). Active stays of a house never
-- overlap (the exclusion constraint), so the one with the latest check-in before `checkout` is
-- the only one to look at: one descent of stays_house_checkin_idx, whatever the plan's values,
-- where a generic plan of `nights && daterange(...)` reads every stay the house ever had.
-- The current definition: edit it here (the migrator applies it again when this file changes).

CREATE OR REPLACE FUNCTION stay_overlaps(house text, checkin date, checkout date) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT coalesce((
    SELECT s.checkout_date > checkin FROM stays s
    WHERE s.house_id = house AND s.status = 'ACTIVE' AND s.checkin_date < checkout
    ORDER BY s.checkin_date DESC LIMIT 1), false)
$$;
