-- Catalogue change notifications: every committed change to what search and the
-- public house-group pages read (house groups, their places, houses, season days
-- and stays) sends the id of each changed house group on the channel
-- `catalogue_changed`. The API keeps an in-memory read model of availability and
-- prices and reloads a house group's slice when its id arrives. The triggers sit
-- in the database, so every writer is covered: bookings, the staff console,
-- seeds and hand-written SQL alike.
--
-- Statement-level with transition tables: a statement touching thousands of rows
-- (a season calendar, a seed) sends each house group once, not once per row.
-- PostgreSQL delivers notifications only on commit and folds duplicates sent in
-- one transaction, so a rolled-back change sends nothing.

-- PL/pgSQL and PERFORM, not an SQL function: a SELECT ending an SQL function may stop at its first row.
CREATE FUNCTION catalogue_notify_ids(ids text[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_changed', x.id) FROM (SELECT DISTINCT unnest(ids) AS id) x WHERE x.id IS NOT NULL;
END;
$$;

-- Rows carrying a house_group_id column: stays, house_group_days, houses.
CREATE FUNCTION catalogue_notify_group_rows() RETURNS trigger
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

-- house_groups itself: the row's own id (a group moved to another place keeps its id).
CREATE FUNCTION catalogue_notify_house_groups() RETURNS trigger
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

-- places: search filters on the prefecture and city, and results show the place
-- name, so a changed place sends every house group of it. A place cannot be
-- deleted while house groups point at it.
CREATE FUNCTION catalogue_notify_places() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalogue_notify_ids(ARRAY(
    SELECT hg.id FROM house_groups hg WHERE hg.place_id IN (SELECT id FROM new_rows)));
  RETURN NULL;
END;
$$;

-- A transition table belongs to one event per trigger, hence a trigger per event.
CREATE TRIGGER stays_notify_insert AFTER INSERT ON stays
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify_group_rows();
CREATE TRIGGER stays_notify_update AFTER UPDATE ON stays
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify_group_rows();
CREATE TRIGGER stays_notify_delete AFTER DELETE ON stays
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify_group_rows();

CREATE TRIGGER house_group_days_notify_insert AFTER INSERT ON house_group_days
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify_group_rows();
CREATE TRIGGER house_group_days_notify_update AFTER UPDATE ON house_group_days
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify_group_rows();
CREATE TRIGGER house_group_days_notify_delete AFTER DELETE ON house_group_days
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify_group_rows();

CREATE TRIGGER houses_notify_insert AFTER INSERT ON houses
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify_group_rows();
CREATE TRIGGER houses_notify_update AFTER UPDATE ON houses
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify_group_rows();
CREATE TRIGGER houses_notify_delete AFTER DELETE ON houses
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify_group_rows();

CREATE TRIGGER house_groups_notify_insert AFTER INSERT ON house_groups
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify_house_groups();
CREATE TRIGGER house_groups_notify_update AFTER UPDATE ON house_groups
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify_house_groups();
CREATE TRIGGER house_groups_notify_delete AFTER DELETE ON house_groups
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify_house_groups();

CREATE TRIGGER places_notify_update AFTER UPDATE ON places
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify_places();
