-- places: search filters on the prefecture and city, and results show the place name, so a
-- changed place sends every house group of it. A place cannot be deleted while house groups point at it.
-- The current definition: edit it here (the migrator applies it again when this file changes).

CREATE OR REPLACE FUNCTION catalogue_notify_places() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalogue_notify_ids(ARRAY(
    SELECT hg.id FROM house_groups hg WHERE hg.place_id IN (SELECT id FROM new_rows)));
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER places_notify_update AFTER UPDATE ON places
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify_places();
