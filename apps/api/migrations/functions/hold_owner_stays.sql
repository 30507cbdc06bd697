-- Several owner holds of one share in one call and one transaction (decision 0057): the API sends
-- the holds of a share that arrived while its earlier calls were under way together, instead of one
-- call each queueing on the share's balance lock. Each element of p_holds is hold_owner_stay's
-- parameter list, in its order, as JSON (arrays read in their JSON order: the slot arrays are
-- parallel). One row per element, in the order given, with hold_owner_stay's outcomes.
--
-- In two steps, so that the balance lock is taken only for the last statement, as by one hold:
-- first each element's context and reservation checks and its stay, booking, conversation and
-- event (hold_tentative_booking) in a subtransaction of its own (a house another stay took is
-- 'conflict' for that element alone; the share's context fingerprint is computed once per account
-- and house group); then the CONSUME entries of every element held, in one insert, year by year
-- and standard before high (the order in which every writer locks a share's balances), and
-- hold_owner_stay's high-substitute check. When the ledger's guard refuses an entry (23514,
-- slot_ledger_balance) or a planned substitute is not needed (23514,
-- slot_high_substitute_unneeded), the whole call is undone, as one hold's call would be, and the
-- API sends each of its holds alone (hold_owner_stay), where every hold is held or refused by
-- itself. Any other error undoes the whole call too, and the API sends each hold alone as well, so
-- that the error reaches only its own hold.
-- The current definition: edit it here (the migrator applies it again when this file changes).

CREATE OR REPLACE FUNCTION hold_owner_stays(p_holds jsonb) RETURNS TABLE (
  outcome text,
  user_id text,
  user_first_name text,
  user_last_name text,
  held_booking_number text,
  held_house_id text
)
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
SET jit = off
AS $$
DECLARE
  h jsonb;
  v_fingerprints jsonb := '{}';
  v_key text;
  v_held jsonb := '[]';
BEGIN
  FOR h IN SELECT x.e FROM jsonb_array_elements(p_holds) WITH ORDINALITY AS x (e, i) ORDER BY x.i LOOP
    outcome := NULL;
    user_id := NULL;
    user_first_name := NULL;
    user_last_name := NULL;
    held_booking_number := NULL;
    held_house_id := NULL;
    -- First step: hold_owner_stay's checks and stay, without its slots.
    IF h->>40 IS NOT NULL THEN
      v_key := (h->>5) || '|' || (h->>6);
      IF NOT v_fingerprints ? v_key THEN
        v_fingerprints := v_fingerprints
          || jsonb_build_object(v_key, owner_hold_context_fingerprint((h->>5)::uuid, h->>6));
      END IF;
      IF v_fingerprints->>v_key IS DISTINCT FROM h->>40 THEN
        outcome := 'context-changed';
      END IF;
    END IF;
    IF outcome IS NULL AND (h->>41)::boolean AND stay_reserved_by_round(h->>6, (h->>9)::date, (h->>10)::date) THEN
      outcome := 'reserved';
    END IF;
    IF outcome IS NULL THEN
      BEGIN
        SELECT s.outcome, s.user_id, s.user_first_name, s.user_last_name, s.held_booking_number, s.held_house_id
          INTO outcome, user_id, user_first_name, user_last_name, held_booking_number, held_house_id
          FROM hold_tentative_booking(
            (h->>0)::pg_snapshot,
            ARRAY(SELECT t.v FROM jsonb_array_elements_text(h->1) WITH ORDINALITY AS t (v, i) ORDER BY t.i),
            h->>2, h->>3, h->>4, (h->>5)::uuid, h->>6, h->>7, h->>8, (h->>9)::date, (h->>10)::date, h->>11,
            (h->>12)::integer, (h->>13)::integer, (h->>14)::integer, (h->>15)::integer, (h->>16)::integer,
            (h->>17)::integer, (h->>18)::integer,
            CASE WHEN jsonb_typeof(h->19) = 'array' THEN
              ARRAY(SELECT t.v::integer FROM jsonb_array_elements_text(h->19) WITH ORDINALITY AS t (v, i) ORDER BY t.i)
            END,
            h->>20, h->>21, (h->>22)::jsonb, (h->>23)::timestamptz, h->>24, (h->>25)::jsonb, (h->>26)::timestamptz,
            h->>27, h->>28, h->>29, h->>30, (h->>31)::jsonb,
            h->>32, h->>33, (h->>34)::boolean) AS s;
      EXCEPTION
        WHEN exclusion_violation THEN
          outcome := 'conflict';
      END;
    END IF;
    IF outcome = 'held' THEN
      v_held := v_held || jsonb_build_array(h);
    END IF;
    -- Kept until the function returns: an error below discards every row with the call.
    RETURN NEXT;
  END LOOP;
  -- Last step: the slots of every element held, as hold_owner_stay appends them.
  INSERT INTO slot_ledger (share_id, slot_year, kind, tier, nights, high_substitute, booking_id, reference, actor,
    created_at)
  SELECT e.share_id, e.slot_year, 'CONSUME', e.tier, e.nights, e.high_substitute, e.booking_id, e.reference, e.actor,
    e.created_at
    FROM (
      SELECT x->>32 AS share_id, (y.v)::integer AS slot_year, x->36->>(y.i::integer - 1) AS tier,
        (x->37->>(y.i::integer - 1))::integer AS nights, (x->38->>(y.i::integer - 1))::boolean AS high_substitute,
        x->>2 AS booking_id, x->39->>(y.i::integer - 1) AS reference, x->>30 AS actor,
        (x->>26)::timestamptz AS created_at
        FROM jsonb_array_elements(v_held) AS x
        CROSS JOIN LATERAL jsonb_array_elements_text(x->35) WITH ORDINALITY AS y (v, i)
    ) e
   ORDER BY e.share_id, e.slot_year, e.tier = 'HIGH'
  ON CONFLICT (reference) DO NOTHING;
  -- A planned high-substitute stands only while no high slot of its year is left.
  IF EXISTS (
       SELECT 1 FROM jsonb_array_elements(v_held) AS x
        WHERE high_substitute_unneeded(x->>32,
          ARRAY(SELECT t.v::integer FROM jsonb_array_elements_text(x->35) WITH ORDINALITY AS t (v, i) ORDER BY t.i),
          ARRAY(SELECT t.v::boolean FROM jsonb_array_elements_text(x->38) WITH ORDINALITY AS t (v, i) ORDER BY t.i))) THEN
    RAISE EXCEPTION 'high-substitute planned while high slots remain'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'slot_high_substitute_unneeded';
  END IF;
END;
$$;
