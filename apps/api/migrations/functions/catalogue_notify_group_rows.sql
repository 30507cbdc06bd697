-- Rows carrying a house_group_id column (house_group_days, houses) send their house groups.
-- A transition table belongs to one event per trigger, hence a trigger per event.
-- The current definition: edit it here (the migrator applies it again when this file changes).

CREATE OR REPLACE FUNCTION catalogue_notify_group_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM catalogue_notify_ids(ARRAY(SELECT DISTINCT house_group_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM catalogue_notify_ids(ARRAY(
      SELECT house_group_id FROM new_rows UNION SELECT house_group_id FROM old_rows));
  ELSE
    PERFORM catalogue_notify_ids(ARRAY(SELECT DISTINCT house_group_id FROM old_rows));
  END IF;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER house_group_days_notify_insert AFTER INSERT ON house_group_days
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify_group_rows();

CREATE OR REPLACE TRIGGER house_group_days_notify_update AFTER UPDATE ON house_group_days
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify_group_rows();

CREATE OR REPLACE TRIGGER house_group_days_notify_delete AFTER DELETE ON house_group_days
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify_group_rows();

CREATE OR REPLACE TRIGGER houses_notify_insert AFTER INSERT ON houses
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify_group_rows();

CREATE OR REPLACE TRIGGER houses_notify_update AFTER UPDATE ON houses
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify_group_rows();

CREATE OR REPLACE TRIGGER houses_notify_delete AFTER DELETE ON houses
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify_group_rows();
