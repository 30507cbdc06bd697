-- Three changes to what a hold costs the database (docs/decisions/0016-hold-database-work.md).
--
-- 1. stay_overlaps (0013) is asked twice by every hold. Its plan was meant to descend
--    stays_house_checkin_idx once, but `house_id = $1 ... ORDER BY checkin_date DESC LIMIT 1` can
--    also be answered by reading the house's stays through the exclusion constraint's GiST index
--    (house, nights) and sorting them, and the generic plans of hold_tentative_booking costed the
--    two alike: PostgreSQL 15 and 18 both took the GiST index under some statistics, reading every
--    stay the house ever had (1.4 ms for a house with 2,000 stays, growing with each year of
--    bookings). Without sorting, the only plan left for the question is the B-tree read in its
--    order: hold_tentative_booking now runs with enable_sort off. Its one other ORDER BY (the night
--    locks in date order) has no plan without a sort and keeps its sort; PostgreSQL 15 counts a
--    disabled sort as a huge cost, and a plan that costly is compiled by JIT on every run (65 ms),
--    so the function also runs with jit off: none of its statements is big enough to gain from it.
--
-- 2. A stay and a booking each named their house and house group by separate foreign keys, four
--    checks per hold that each lock the same house and house-group rows (KEY SHARE), which every
--    concurrent hold of the house queues on as a shared multixact. Now a stay's (house, group) must
--    be a house of that group, and a booking's (stay, house, group) must be its stay's: two checks,
--    one of them on the stay just written, and a booking can no longer name a house or group its
--    stay does not have. Houses never move between groups, and a stay never changes its house.
--
-- 3. A hold's stay was logged for the search read model (0014) by a statement trigger: a
--    transition table, a PL/pgSQL call and an aggregating INSERT ... SELECT for one row. Inserted
--    stays are now logged by a row trigger, one stay_changes row per ACTIVE stay (`removed` empty,
--    `added` the one stay), and only those: its WHEN is decided without calling the function. A
--    statement inserting many stays (the seeds) writes as many rows, each applied in place, where
--    the statement trigger wrote one row asking readers to read the group again. Rows of one
--    transaction have no order among themselves; rows that only add stays need none. Updates and
--    deletes keep 0014's statement triggers.

ALTER FUNCTION hold_tentative_booking(
  pg_snapshot, text[], text, text, text, uuid, text, text, text, date, date, text, integer, integer, integer, integer,
  integer, integer, integer, integer[], text, text, jsonb, timestamptz, text, jsonb, timestamptz, text, text, text,
  text, jsonb) SET enable_sort = off SET jit = off;

ALTER TABLE houses ADD CONSTRAINT houses_id_group_key UNIQUE (id, house_group_id);
ALTER TABLE stays
  ADD CONSTRAINT stays_house_fkey FOREIGN KEY (house_id, house_group_id) REFERENCES houses (id, house_group_id),
  DROP CONSTRAINT stays_house_id_fkey,
  DROP CONSTRAINT stays_house_group_id_fkey,
  ADD CONSTRAINT stays_id_house_key UNIQUE (id, house_id, house_group_id);
ALTER TABLE bookings
  ADD CONSTRAINT bookings_stay_fkey FOREIGN KEY (stay_id, house_id, house_group_id)
    REFERENCES stays (id, house_id, house_group_id),
  DROP CONSTRAINT bookings_stay_id_fkey,
  DROP CONSTRAINT bookings_house_id_fkey,
  DROP CONSTRAINT bookings_house_group_id_fkey;

DROP TRIGGER stays_changes_insert ON stays;
CREATE FUNCTION stay_added_record() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stay_changes (house_group_id, removed, added)
  VALUES (NEW.house_group_id, '[]', json_build_array(json_build_array(NEW.house_id, NEW.checkin_date, NEW.checkout_date)));
  RETURN NULL;
END;
$$;
CREATE TRIGGER stays_changes_added AFTER INSERT ON stays
  FOR EACH ROW WHEN (NEW.status = 'ACTIVE') EXECUTE FUNCTION stay_added_record();
