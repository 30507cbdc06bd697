-- The plain hold (a TENTATIVE booking without coupon, meals or options) as one function call:
-- docs/decisions/0014-holds-in-one-call.md for why a function, 0016-hold-database-work.md for
-- what it costs the database and why it runs with these settings.
--
-- outcome: 'held' (with the guest, the booking number and the house); 'catalogue-changed' (a
-- change of the house group's catalogue committed that p_catalogue_seen did not see: price the
-- stay again; a NULL p_catalogue_seen skips the check); 'no-user' (no user for the account, or
-- an anonymised one); 'none-free' (every house taken).
--
-- House by house in the caller's order: a house with an ACTIVE stay on the nights is passed over
-- without queueing on its locks; the house's night locks are taken in date order (as
-- booking.repo.ts tryInsertStay takes them), so concurrent holds of the same nights queue instead
-- of deadlocking inside the exclusion constraint; a house taken by a hold this one queued behind
-- is passed over too, and so is a house whose nights an ACTIVE waitlist offer keeps for someone
-- else (waitlist_reserved, decision 0045); the ACTIVE stay is inserted (the exclusion constraint on stays still decides,
-- and refuses with 23P01 a stay written by anything that took no night locks); then the booking
-- with its number, its conversation and its first event. The house is written into the quote
-- (quote.consumptionHouseId) and the event (detail.houseId).
-- An owner's hold (hold_owner_stay) passes the booking's owner fields (share, debt option, family
-- flag), written with the booking instead of by a second statement that would write the row again.
-- The current definition: edit it here (the migrator applies it again when this file changes).

-- The definition before the owner fields: a call with its 32 arguments would match both.
DROP FUNCTION IF EXISTS hold_tentative_booking(pg_snapshot, text[], text, text, text, uuid, text, text, text, date,
  date, text, integer, integer, integer, integer, integer, integer, integer, integer[], text, text, jsonb,
  timestamptz, text, jsonb, timestamptz, text, text, text, text, jsonb);

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
  p_event_detail jsonb,
  p_share_id text DEFAULT NULL,
  p_debt_option text DEFAULT NULL,
  p_booked_by_family_member boolean DEFAULT false
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
    -- Nights kept for a waitlist subscriber's offer are theirs alone (decision 0045).
    CONTINUE WHEN waitlist_reserved(v_house, p_checkin, p_checkout, p_account_id);

    WITH s AS (
      INSERT INTO stays (id, house_id, house_group_id, checkin_date, checkout_date, status, booking_id)
      VALUES (p_stay_id, v_house, p_house_group_id, p_checkin, p_checkout, 'ACTIVE', p_booking_id)
      RETURNING id),
    b AS (
      INSERT INTO bookings (id, booking_number, account_id, user_id, house_group_id, house_id, stay_id, booking_type,
        status, checkin_date, checkout_date, timezone, males, females, children, infants, large_dogs, medium_dogs,
        small_dogs, children_ages, allergy, request, pet, tentative_deadline, coupon_redemption_id, quote,
        conversation_id, created_at, updated_at, share_id, debt_option, booked_by_family_member)
      SELECT p_booking_id, 'B' || nextval('booking_number_seq'), p_account_id, hold_tentative_booking.user_id,
        p_house_group_id, v_house, s.id, p_booking_type, p_status, p_checkin, p_checkout, p_timezone, p_males,
        p_females, p_children, p_infants, p_large_dogs, p_medium_dogs, p_small_dogs, p_children_ages, p_allergy,
        p_request, p_pet, p_tentative_deadline, p_coupon_redemption_id,
        jsonb_set(p_quote, '{quote,consumptionHouseId}', to_jsonb(v_house)), p_conversation_id, p_created_at,
        p_created_at, p_share_id, p_debt_option, p_booked_by_family_member
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
