-- What a hold costs the database (docs/decisions/0016-hold-database-work.md), in three parts, then
-- the unused stays-by-booking index dropped.
--
-- 1. stay_overlaps (0013) was asked twice by every hold. Its plan was meant to descend
--    stays_house_checkin_idx once, but `house_id = $1 ... ORDER BY checkin_date DESC LIMIT 1` can
--    also be answered by reading the house's stays through the exclusion constraint's GiST index
--    (house, nights) and sorting them, and the generic plans of hold_tentative_booking costed the
--    two alike: PostgreSQL 15 and 18 both took the GiST index under some statistics, reading every
--    stay the house ever had (1.4 ms for a house with 2,000 stays, growing with each year of
--    bookings). Without sorting, the only plan left for the question is the B-tree read in its
--    order: hold_tentative_booking now runs with enable_sort off. Its night locks, which were
--    taken by a statement sorting the nights, are taken in a loop instead (also one statement
--    less per hold). It runs with jit off too: PostgreSQL 15 counts a disabled sort as a huge cost
--    and JIT-compiles a plan that costly on every run (65 ms a hold while the night locks still
--    sorted), and none of its statements is big enough to gain from compiling.
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

-- 0015's function, with the catalogue check and the guest read by one query, its night locks taken
-- in a loop, the settings above, and one house check (after the locks) instead of two. The check
-- before the locks spared nothing: a stay it could see is committed, so its locks are free, and
-- one it could not see still holds them.
CREATE OR REPLACE FUNCTION hold_tentative_booking(
  p_catalogue_seen pg_snapshot,
  p_house_ids text[],
  p_booking_id text,
  p_stay_id text,
  p_conversation_id text,
  p_account_id uuid,
  p_house_group_id text,
  p_booking_type text,
  p_status text,
  p_checkin date,
  p_checkout date,
  p_timezone text,
  p_males integer,
  p_females integer,
  p_children integer,
  p_infants integer,
  p_large_dogs integer,
  p_medium_dogs integer,
  p_small_dogs integer,
  p_children_ages integer[],
  p_allergy text,
  p_request text,
  p_pet jsonb,
  p_tentative_deadline timestamptz,
  p_coupon_redemption_id text,
  p_quote jsonb,
  p_created_at timestamptz,
  p_event_from_status text,
  p_event_to_status text,
  p_event_action text,
  p_event_actor text,
  p_event_detail jsonb
) RETURNS TABLE (
  outcome text,
  user_id text,
  user_first_name text,
  user_last_name text,
  held_booking_number text,
  held_house_id text
)
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
SET enable_sort = off
SET jit = off
AS $$
DECLARE
  v_house text;
  v_night integer;
  v_catalogue_changed boolean;
BEGIN
  -- The catalogue check and the guest in one query; a catalogue change is answered first.
  SELECT u.id, u.first_name, u.last_name,
         p_catalogue_seen IS NOT NULL AND EXISTS (
           SELECT 1 FROM catalogue_changes c
           WHERE c.house_group_id = p_house_group_id
             AND (c.xid >= pg_snapshot_xmax(p_catalogue_seen)
                  OR c.xid = ANY (ARRAY(SELECT pg_snapshot_xip(p_catalogue_seen)))))
  INTO user_id, user_first_name, user_last_name, v_catalogue_changed
  FROM (VALUES (1)) AS one (x)
  LEFT JOIN users u ON u.identity_id = p_account_id AND u.anonymised_at IS NULL;
  IF v_catalogue_changed THEN
    user_id := NULL;
    user_first_name := NULL;
    user_last_name := NULL;
    outcome := 'catalogue-changed';
    RETURN NEXT;
    RETURN;
  END IF;
  IF user_id IS NULL THEN
    outcome := 'no-user';
    RETURN NEXT;
    RETURN;
  END IF;

  FOREACH v_house IN ARRAY p_house_ids LOOP
    -- The nights' locks in date order, each a plain expression PL/pgSQL evaluates without a query.
    FOR v_night IN (p_checkin - DATE '2000-01-01') .. (p_checkout - DATE '2000-01-01') - 1 LOOP
      PERFORM pg_advisory_xact_lock(hashtext(v_house), v_night);
    END LOOP;
    CONTINUE WHEN stay_overlaps(v_house, p_checkin, p_checkout);

    WITH s AS (
      INSERT INTO stays (id, house_id, house_group_id, checkin_date, checkout_date, status, booking_id)
      VALUES (p_stay_id, v_house, p_house_group_id, p_checkin, p_checkout, 'ACTIVE', p_booking_id)
      RETURNING id),
    b AS (
      INSERT INTO bookings (id, booking_number, account_id, user_id, house_group_id, house_id, stay_id, booking_type,
        status, checkin_date, checkout_date, timezone, males, females, children, infants, large_dogs, medium_dogs,
        small_dogs, children_ages, allergy, request, pet, tentative_deadline, coupon_redemption_id, quote,
        conversation_id, created_at, updated_at)
      SELECT p_booking_id, 'B' || nextval('booking_number_seq'), p_account_id, hold_tentative_booking.user_id,
        p_house_group_id, v_house, s.id, p_booking_type, p_status, p_checkin, p_checkout, p_timezone, p_males,
        p_females, p_children, p_infants, p_large_dogs, p_medium_dogs, p_small_dogs, p_children_ages, p_allergy,
        p_request, p_pet, p_tentative_deadline, p_coupon_redemption_id,
        jsonb_set(p_quote, '{quote,consumptionHouseId}', to_jsonb(v_house)), p_conversation_id, p_created_at,
        p_created_at
      FROM s
      RETURNING id, booking_number),
    c AS (INSERT INTO conversations (id, booking_id, created_at) SELECT p_conversation_id, b.id, p_created_at FROM b),
    e AS (
      INSERT INTO booking_events (booking_id, from_status, to_status, action, actor, at, detail)
      SELECT b.id, p_event_from_status, p_event_to_status, p_event_action, p_event_actor, p_created_at,
        jsonb_set(p_event_detail, '{houseId}', to_jsonb(v_house))
      FROM b)
    SELECT b.booking_number INTO held_booking_number FROM b;
    outcome := 'held';
    held_house_id := v_house;
    RETURN NEXT;
    RETURN;
  END LOOP;
  outcome := 'none-free';
  RETURN NEXT;
END;
$$;

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

-- Nothing looks stays up by booking (bookings name their stay); the index only cost each hold.
DROP INDEX stays_booking_idx;

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
