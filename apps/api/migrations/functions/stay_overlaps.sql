-- Whether an ACTIVE stay of the house overlaps the nights [checkin, checkout). Active night stays of
-- a house never overlap (the exclusion constraint), so the one with the latest check-in before
-- `checkout` is the only one to look at: one descent of stays_house_checkin_idx, whatever the plan's
-- values, where a generic plan of `nights && daterange(...)` reads every stay the house ever had.
-- Time stays (migration 0022: check-in date = check-out date, empty nights) are passed over by that
-- descent and looked at apart: those of the days the nights touch whose hours meet the nights as the
-- house group times them (stays_house_hours_idx, empty for houses nobody books by the hour).
-- The current definition: edit it here (the migrator applies it again when this file changes).

CREATE OR REPLACE FUNCTION stay_overlaps(house text, checkin date, checkout date) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT coalesce((
    SELECT s.checkout_date > checkin FROM stays s
    WHERE s.house_id = house AND s.status = 'ACTIVE' AND s.checkin_date < checkout
      AND s.checkout_date > s.checkin_date
    ORDER BY s.checkin_date DESC LIMIT 1), false)
  OR EXISTS (
    SELECT 1 FROM stays t JOIN house_groups g ON g.id = t.house_group_id
    WHERE t.house_id = house AND t.status = 'ACTIVE' AND t.hours IS NOT NULL
      AND t.checkin_date >= checkin AND t.checkin_date <= checkout
      AND t.occupied && tstzrange((checkin + g.checkin_time) AT TIME ZONE g.timezone,
                                  (checkout + g.checkout_time) AT TIME ZONE g.timezone, '[)'))
$$;
