-- The instants a stay occupies its house (stays.occupied, migration 0022): a time stay's hours, or a
-- night stay's check-in date at the house group's check-in time to its check-out date at its
-- check-out time, in the group's zone. Filled before the row is written, so the exclusion
-- constraints between time stays and night stays (stays_hours_no_overlap,
-- stays_hours_clear_of_nights) judge every writer alike, the night hold included.
-- The current definition: edit it here (the migrator applies it again when this file changes).

CREATE OR REPLACE FUNCTION stay_occupied() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.hours IS NOT NULL THEN
    NEW.occupied := NEW.hours;
  ELSE
    SELECT tstzrange((NEW.checkin_date + g.checkin_time) AT TIME ZONE g.timezone,
                     (NEW.checkout_date + g.checkout_time) AT TIME ZONE g.timezone, '[)')
    INTO NEW.occupied
    FROM house_groups g WHERE g.id = NEW.house_group_id;
  END IF;
  RETURN NEW;
END;
$$;

CREATE OR REPLACE TRIGGER stays_occupied BEFORE INSERT OR UPDATE OF checkin_date, checkout_date, hours, house_group_id
  ON stays FOR EACH ROW EXECUTE FUNCTION stay_occupied();
