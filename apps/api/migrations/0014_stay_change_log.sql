-- Stay changes as a log the API processes read, instead of 0012's notifications. Every hold,
-- cancellation and expiry changes a stay, and a transaction that notifies holds one lock across
-- the database from its commit to its end (the WAL flush included), so that notifications keep
-- commit order: with a notification per stay change, bookings committed one after another
-- however many ran at once.
--
-- Stays now write what changed into stay_changes, in the changing transaction, one row per
-- house group and statement: `removed` the stays ACTIVE before the statement (its old rows),
-- `added` those ACTIVE after it (its new rows), each as [house, checkin, checkout]; a reader
-- applies removed before added. Both are NULL when the statement made more than 100 changes to
-- the group's stays: the reader then reads the group again. Released stays are not written:
-- nothing that reads availability looks at them.
--
-- A reader keeps the snapshot of its last read and next reads the rows of every transaction
-- that snapshot did not see: an xid at or above its xmax, or one it lists as in progress
-- (catalogue-changes.repo.ts). Rows older than an hour are pruned. The other tables of 0011 keep
-- notifying `catalogue_changed` with the group's id.

CREATE TABLE stay_changes (
  xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  house_group_id text NOT NULL,
  removed json,
  added json,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stay_changes_xid_idx ON stay_changes (xid);
-- BRIN: rows arrive in time order, and a summary costs an insert next to nothing.
CREATE INDEX stay_changes_at_idx ON stay_changes USING brin (at);

-- One statement per event, each reading the transition tables it has (an INSERT has no old
-- rows, a DELETE no new ones): a hold's trigger runs one statement.
CREATE FUNCTION stay_changes_record() RETURNS trigger
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

DROP TRIGGER stays_notify_insert ON stays;
DROP TRIGGER stays_notify_update ON stays;
DROP TRIGGER stays_notify_delete ON stays;
DROP FUNCTION stays_notify_rows();
DROP FUNCTION stays_notify_payload(bigint, text, json, json);
DROP SEQUENCE stays_notify_seq;

CREATE TRIGGER stays_changes_insert AFTER INSERT ON stays
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stay_changes_record();
CREATE TRIGGER stays_changes_update AFTER UPDATE ON stays
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stay_changes_record();
CREATE TRIGGER stays_changes_delete AFTER DELETE ON stays
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stay_changes_record();
