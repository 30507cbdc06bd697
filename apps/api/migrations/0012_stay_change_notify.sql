-- Stay change notifications that carry the change. Every hold, cancellation and expiry
-- changes a stay; with 0011 each sent its house group on `catalogue_changed` and the
-- search read model reloaded that group's whole slice (every season day and stay), so a
-- steady stream of bookings kept a connection and the API's CPU busy reloading slices.
--
-- Stays now notify on their own channel `stays_changed`, one JSON payload per house
-- group and statement:
--   {"n": <statement number>, "g": "<house group>",
--    "del": [["<house>", "<checkin>", "<checkout>"], ...],
--    "add": [["<house>", "<checkin>", "<checkout>"], ...]}
-- `del` lists the stays that were ACTIVE before the statement (its old rows), `add` those
-- ACTIVE after it (its new rows); a reader applies `del` before `add`. Only ACTIVE stays
-- are sent: nothing that reads availability looks at released ones. A payload that would
-- not fit a notification (8000 bytes) is sent as {"n", "g"} alone and the reader reloads
-- the group. `n` makes every statement's payloads distinct: PostgreSQL folds identical
-- payloads sent in one transaction, which would lose the second half of a stay released
-- and taken again in one transaction.
--
-- The other tables of 0011 keep notifying `catalogue_changed` with the group's id.

CREATE SEQUENCE stays_notify_seq;

-- One house group's payload; {"n", "g"} alone when the changes would not fit a notification.
CREATE FUNCTION stays_notify_payload(n bigint, g text, removed json, added json) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN octet_length(p) <= 7900 THEN p ELSE json_build_object('n', n, 'g', g)::text END
  FROM (SELECT json_build_object('n', n, 'g', g, 'del', removed, 'add', added)::text AS p) x
$$;

-- One statement per event, each reading the transition tables it has (an INSERT has no old
-- rows, a DELETE no new ones): a hold's trigger runs one query.
CREATE FUNCTION stays_notify_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  n bigint := nextval('stays_notify_seq');
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('stays_changed', stays_notify_payload(n, x.g, '[]', x.added))
    FROM (SELECT house_group_id AS g, json_agg(json_build_array(house_id, checkin_date, checkout_date)) AS added
          FROM new_rows WHERE status = 'ACTIVE' GROUP BY house_group_id) x;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('stays_changed', stays_notify_payload(n, x.g, x.removed, '[]'))
    FROM (SELECT house_group_id AS g, json_agg(json_build_array(house_id, checkin_date, checkout_date)) AS removed
          FROM old_rows WHERE status = 'ACTIVE' GROUP BY house_group_id) x;
  ELSE
    PERFORM pg_notify('stays_changed', stays_notify_payload(
      n, x.g, coalesce(x.removed, '[]'), coalesce(x.added, '[]')))
    FROM (SELECT c.g, json_agg(c.s) FILTER (WHERE NOT c.added) AS removed, json_agg(c.s) FILTER (WHERE c.added) AS added
          FROM (SELECT house_group_id AS g, json_build_array(house_id, checkin_date, checkout_date) AS s, false AS added
                FROM old_rows WHERE status = 'ACTIVE'
                UNION ALL
                SELECT house_group_id, json_build_array(house_id, checkin_date, checkout_date), true
                FROM new_rows WHERE status = 'ACTIVE') c
          GROUP BY c.g) x;
  END IF;
  RETURN NULL;
END;
$$;

DROP TRIGGER stays_notify_insert ON stays;
DROP TRIGGER stays_notify_update ON stays;
DROP TRIGGER stays_notify_delete ON stays;

CREATE TRIGGER stays_notify_insert AFTER INSERT ON stays
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stays_notify_rows();
CREATE TRIGGER stays_notify_update AFTER UPDATE ON stays
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stays_notify_rows();
CREATE TRIGGER stays_notify_delete AFTER DELETE ON stays
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stays_notify_rows();
