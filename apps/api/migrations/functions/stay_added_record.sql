-- An inserted ACTIVE stay, logged as one stay_changes row (`removed` empty, `added` the one stay) by
-- a row trigger whose WHEN is decided without calling the function.
-- The current definition: edit it here (the migrator applies it again when this file changes).

CREATE OR REPLACE FUNCTION stay_added_record() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stay_changes (house_group_id, removed, added)
  VALUES (NEW.house_group_id, '[]', json_build_array(json_build_array(NEW.house_id, NEW.checkin_date, NEW.checkout_date)));
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER stays_changes_added AFTER INSERT ON stays
  FOR EACH ROW WHEN (NEW.status = 'ACTIVE') EXECUTE FUNCTION stay_added_record();
