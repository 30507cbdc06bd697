-- The plain hold prices the stay from the API's copy of the house group's catalogue without
-- waiting for a round trip on the listening connection (docs/decisions/0014-holds-in-one-call.md), and
-- checks in its own call that the copy is still the catalogue in force. hold_tentative_booking
-- (0013) is replaced by one taking the snapshot the copy was read after, and answering an
-- outcome.

-- Which house groups' catalogue (the group, its place, houses and season days) changed in which
-- transaction: 0011's catalogue_notify_ids, which every catalogue trigger calls, now also writes
-- here. The API prices a hold from its copy of the catalogue, taken after a snapshot; the hold
-- then looks for a change that snapshot did not see (an xid at or above its xmax, or one it
-- lists as in progress), in the hold's own transaction. Rows older than an hour are pruned.
CREATE TABLE catalogue_changes (
  xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  house_group_id text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX catalogue_changes_group_idx ON catalogue_changes (house_group_id, xid);

CREATE OR REPLACE FUNCTION catalogue_notify_ids(ids text[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_changed', x.id) FROM (SELECT DISTINCT unnest(ids) AS id) x WHERE x.id IS NOT NULL;
  INSERT INTO catalogue_changes (house_group_id)
  SELECT DISTINCT x.id FROM unnest(ids) AS x(id) WHERE x.id IS NOT NULL;
END;
$$;

DROP FUNCTION hold_tentative_booking(
  text[], text, text, text, uuid, text, text, text, date, date, text, integer, integer, integer, integer, integer,
  integer, integer, integer[], text, text, jsonb, timestamptz, text, jsonb, timestamptz, text, text, text, text, jsonb);

-- outcome: 'held' (with the guest, the booking number and the house); 'catalogue-changed' (a
-- change of the house group's catalogue committed that p_catalogue_seen did not see: price the
-- stay again; a NULL p_catalogue_seen skips the check); 'no-user' (no user for the account, or
-- an anonymised one); 'none-free' (every house taken).
CREATE FUNCTION hold_tentative_booking(
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
AS $$
DECLARE
  v_house text;
BEGIN
  IF p_catalogue_seen IS NOT NULL AND EXISTS (
    SELECT 1 FROM catalogue_changes c
    WHERE c.house_group_id = p_house_group_id
      AND (c.xid >= pg_snapshot_xmax(p_catalogue_seen)
           OR c.xid = ANY (ARRAY(SELECT pg_snapshot_xip(p_catalogue_seen))))) THEN
    outcome := 'catalogue-changed';
    RETURN NEXT;
    RETURN;
  END IF;

  SELECT u.id, u.first_name, u.last_name INTO user_id, user_first_name, user_last_name
  FROM users u WHERE u.identity_id = p_account_id AND u.anonymised_at IS NULL;
  IF NOT FOUND THEN
    outcome := 'no-user';
    RETURN NEXT;
    RETURN;
  END IF;

  FOREACH v_house IN ARRAY p_house_ids LOOP
    CONTINUE WHEN stay_overlaps(v_house, p_checkin, p_checkout);
    PERFORM count(pg_advisory_xact_lock(hashtext(v_house), (x.d - DATE '2000-01-01')::int))
    FROM (SELECT g::date AS d FROM generate_series(p_checkin, p_checkout - 1, interval '1 day') AS g ORDER BY 1) AS x;
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
