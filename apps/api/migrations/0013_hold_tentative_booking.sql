-- The plain hold (a TENTATIVE booking without coupon, meals or options) as one function call
-- (docs/decisions/0014-holds-in-one-call.md). It was one statement with five CTEs; PostgreSQL
-- judged that statement's generic plan too costly next to a plan made for each call's values,
-- so it planned the statement again on every hold, which cost about half as much as running
-- it. A PL/pgSQL function keeps its statements' plans for the session, and this one is told to
-- use the generic plans.
--
-- What it does is what the statement did, house by house in the caller's order:
-- - a house with an ACTIVE stay on the nights is passed over without queueing on its locks;
-- - the house's night locks are taken in date order (as booking.repo.ts tryInsertStay takes
--   them), so concurrent holds of the same nights queue instead of deadlocking inside the
--   exclusion constraint;
-- - a house taken by a hold this one queued behind (committed by now, so visible to the next
--   statement) is passed over too;
-- - the ACTIVE stay is inserted: the exclusion constraint on stays still decides, and refuses
--   (23P01) a stay written by anything that took no night locks;
-- - the booking with its number, its conversation and its first event, in one statement; the
--   house is written into the quote (quote.consumptionHouseId) and the event (detail.houseId).
-- The guest (users.identity_id) is read first: no row when the account has no user (or an
-- anonymised one), a row without booking number and house when every house is taken.

-- Whether an ACTIVE stay of the house overlaps [checkin, checkout). Active stays of a house never
-- overlap (the exclusion constraint), so the one with the latest check-in before `checkout` is
-- the only one to look at: one descent of stays_house_checkin_idx, whatever the plan's values,
-- where a generic plan of `nights && daterange(...)` reads every stay the house ever had.
CREATE FUNCTION stay_overlaps(house text, checkin date, checkout date) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT coalesce((
    SELECT s.checkout_date > checkin FROM stays s
    WHERE s.house_id = house AND s.status = 'ACTIVE' AND s.checkin_date < checkout
    ORDER BY s.checkin_date DESC LIMIT 1), false)
$$;

CREATE FUNCTION hold_tentative_booking(
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
  -- The guest: no row at all for an account without a user, or with an anonymised one.
  SELECT u.id, u.first_name, u.last_name INTO user_id, user_first_name, user_last_name
  FROM users u WHERE u.identity_id = p_account_id AND u.anonymised_at IS NULL;
  IF NOT FOUND THEN
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
    held_house_id := v_house;
    RETURN NEXT;
    RETURN;
  END LOOP;
  -- Every house taken: the guest alone.
  RETURN NEXT;
END;
$$;
