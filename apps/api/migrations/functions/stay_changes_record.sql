-- The search read model's log of stays (stay_changes): updates and deletes, one statement per
-- event, each reading the transition tables it has. Inserted stays are logged by stay_added_record.
-- The current definition: edit it here (the migrator applies it again when this file changes).

CREATE OR REPLACE FUNCTION stay_changes_record() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO stay_changes (house_group_id, removed, added)
    SELECT house_group_id, CASE WHEN count(*) <= 100 THEN '[]'::json END,
           CASE WHEN count(*) <= 100 THEN json_agg(json_build_array(house_id, checkin_date, checkout_date)) END
    FROM new_rows WHERE status = 'ACTIVE' GROUP BY house_group_id;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO stay_changes (house_group_id, removed, added)
    SELECT house_group_id, CASE WHEN count(*) <= 100 THEN json_agg(json_build_array(house_id, checkin_date, checkout_date)) END,
           CASE WHEN count(*) <= 100 THEN '[]'::json END
    FROM old_rows WHERE status = 'ACTIVE' GROUP BY house_group_id;
  ELSE
    INSERT INTO stay_changes (house_group_id, removed, added)
    SELECT c.g,
           CASE WHEN count(*) <= 100 THEN coalesce(json_agg(c.s) FILTER (WHERE NOT c.added), '[]') END,
           CASE WHEN count(*) <= 100 THEN coalesce(json_agg(c.s) FILTER (WHERE c.added), '[]') END
    FROM (SELECT house_group_id AS g, json_build_array(house_id, checkin_date, checkout_date) AS s, false AS added
          FROM old_rows WHERE status = 'ACTIVE'
          UNION ALL
          SELECT house_group_id, json_build_array(house_id, checkin_date, checkout_date), true
          FROM new_rows WHERE status = 'ACTIVE') c
    GROUP BY c.g;
  END IF;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER stays_changes_update AFTER UPDATE ON stays
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stay_changes_record();

CREATE OR REPLACE TRIGGER stays_changes_delete AFTER DELETE ON stays
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stay_changes_record();
