-- Exclusive time use (docs/decisions/0027-exclusive-time-use.md): a house of a TIME house group
-- booked by the hour. A time stay is a row of stays like a night stay, so every reader of stays and
-- the one release path keep working; the database refuses overlaps of hours with hours and of hours
-- with nights, as stays_no_overlap refuses overlaps of nights.

-- The booked hours of a time stay, [start, end) in whole hours; NULL for a night stay. A time stay's
-- check-in and check-out dates are both its civil date, so its nights are empty: it never meets
-- stays_no_overlap, and readers that count nights see none.
ALTER TABLE stays ADD COLUMN hours tstzrange;
-- The instants the stay occupies the house: a time stay's hours; a night stay's check-in date at the
-- house group's check-in time to its check-out date at its check-out time, in the group's zone, as
-- they were when the stay was written (stay_occupied fills it on every insert and date change).
ALTER TABLE stays ADD COLUMN occupied tstzrange;
UPDATE stays s
SET occupied = tstzrange((s.checkin_date + g.checkin_time) AT TIME ZONE g.timezone,
                         (s.checkout_date + g.checkout_time) AT TIME ZONE g.timezone, '[)')
FROM house_groups g WHERE g.id = s.house_group_id;
ALTER TABLE stays ALTER COLUMN occupied SET NOT NULL;

ALTER TABLE stays DROP CONSTRAINT stays_check;
ALTER TABLE stays ADD CONSTRAINT stays_dates_check CHECK (
  CASE WHEN hours IS NULL THEN checkout_date > checkin_date
       ELSE checkout_date = checkin_date AND NOT isempty(hours) AND lower_inc(hours) AND NOT upper_inc(hours)
  END);

-- Two time stays of one house never share an instant.
ALTER TABLE stays ADD CONSTRAINT stays_hours_no_overlap
  EXCLUDE USING gist (house_id WITH =, occupied WITH &&) WHERE (status = 'ACTIVE' AND hours IS NOT NULL);
-- A time stay never shares an instant with a night stay of its house. Night stays are compared with
-- each other by their nights only (stays_no_overlap): `(hours IS NULL) WITH <>` pairs a time stay
-- with a night stay and nothing else, so back-to-back nights never meet here whatever the group's
-- check-in and check-out times were when each was written.
ALTER TABLE stays ADD CONSTRAINT stays_hours_clear_of_nights
  EXCLUDE USING gist (house_id WITH =, occupied WITH &&, (hours IS NULL) WITH <>) WHERE (status = 'ACTIVE');
-- The time stays of a house by day: empty for houses nobody books by the hour, so the night hold's
-- look at them (stay_overlaps) is one descent of an empty index there.
CREATE INDEX stays_house_hours_idx ON stays (house_id, checkin_date) INCLUDE (occupied)
  WHERE status = 'ACTIVE' AND hours IS NOT NULL;

-- A time-use booking's check-in and check-out dates are both its civil date.
ALTER TABLE bookings DROP CONSTRAINT bookings_check;
ALTER TABLE bookings ADD CONSTRAINT bookings_dates_check CHECK (
  checkout_date > checkin_date OR (booking_type = 'EXCLUSIVE_TIME_USE' AND checkout_date = checkin_date));
