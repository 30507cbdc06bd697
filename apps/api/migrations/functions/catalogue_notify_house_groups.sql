-- house_groups itself: the row's own id (a group moved to another place keeps its id).
-- The current definition: edit it here (the migrator applies it again when this file changes).

CREATE OR REPLACE FUNCTION catalogue_notify_house_groups() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM catalogue_notify_ids(ARRAY(SELECT id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM catalogue_notify_ids(ARRAY(SELECT id FROM new_rows UNION SELECT id FROM old_rows));
  ELSE
    PERFORM catalogue_notify_ids(ARRAY(SELECT id FROM old_rows));
  END IF;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER house_groups_notify_insert AFTER INSERT ON house_groups
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify_house_groups();

CREATE OR REPLACE TRIGGER house_groups_notify_update AFTER UPDATE ON house_groups
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify_house_groups();

CREATE OR REPLACE TRIGGER house_groups_notify_delete AFTER DELETE ON house_groups
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify_house_groups();
