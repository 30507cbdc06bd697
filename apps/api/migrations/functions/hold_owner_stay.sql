-- An owner's plain hold (OWN_USE or MUTUAL_USE without meals or options, its slots planned before
-- the call without high-substitutes) as one function call: docs/decisions/0033-owner-hold-in-one-call.md.
--
-- The stay, booking, conversation and first event are hold_tentative_booking's (same parameters,
-- same outcomes; the booking written with its owner fields: share, debt option, family flag); once
-- held, the planned CONSUME entries are appended to the slot ledger in one insert, as the last
-- statement, so the share's row lock the ledger's guard takes is held only until the commit. The
-- guard (slot_ledger_guard.sql) still refuses an entry that would overdraw a balance: it raises
-- 23514 (constraint slot_ledger_balance) and, the call being its own transaction, nothing of the
-- hold is left behind. The entries are written by the event's actor at p_created_at; an entry
-- whose reference is already there is skipped (as slot-ledger.repo.ts appendEntries does).
-- The slot ledger is the ownership module's table: written here because the hold's stay, booking
-- and slots must commit together in the one call, and the entries are built by its service.
-- A hold priced from the owner context the API kept in memory (decision 0037) passes that context's
-- fingerprint (owner_hold_context_fingerprint): when the shares or settings changed since, the
-- outcome is 'context-changed' and nothing is written. With p_check_reservation the nights must not
-- be reserved by an undrawn allocation round (else 'reserved', nothing written).
-- The current definition: edit it here (the migrator applies it again when this file changes).

-- The definition before the context fingerprint and the reservation check.
DROP FUNCTION IF EXISTS hold_owner_stay(pg_snapshot, text[], text, text, text, uuid, text, text, text, date, date,
  text, integer, integer, integer, integer, integer, integer, integer, integer[], text, text, jsonb, timestamptz,
  text, jsonb, timestamptz, text, text, text, text, jsonb, text, text, boolean, integer[], text[], integer[],
  boolean[], text[]);

CREATE OR REPLACE FUNCTION hold_owner_stay(
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
  p_share_id text,
  p_debt_option text,
  p_booked_by_family_member boolean,
  p_slot_years integer[],
  p_slot_tiers text[],
  p_slot_nights integer[],
  p_slot_high_substitutes boolean[],
  p_slot_references text[],
  p_context_fingerprint text,
  p_check_reservation boolean
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
SET jit = off
AS $$
BEGIN
  IF p_context_fingerprint IS NOT NULL
     AND owner_hold_context_fingerprint(p_account_id, p_house_group_id) IS DISTINCT FROM p_context_fingerprint THEN
    outcome := 'context-changed';
    RETURN NEXT;
    RETURN;
  END IF;
  IF p_check_reservation AND stay_reserved_by_round(p_house_group_id, p_checkin, p_checkout) THEN
    outcome := 'reserved';
    RETURN NEXT;
    RETURN;
  END IF;
  SELECT h.outcome, h.user_id, h.user_first_name, h.user_last_name, h.held_booking_number, h.held_house_id
    INTO outcome, user_id, user_first_name, user_last_name, held_booking_number, held_house_id
    FROM hold_tentative_booking(p_catalogue_seen, p_house_ids, p_booking_id, p_stay_id, p_conversation_id,
      p_account_id, p_house_group_id, p_booking_type, p_status, p_checkin, p_checkout, p_timezone, p_males,
      p_females, p_children, p_infants, p_large_dogs, p_medium_dogs, p_small_dogs, p_children_ages, p_allergy,
      p_request, p_pet, p_tentative_deadline, p_coupon_redemption_id, p_quote, p_created_at, p_event_from_status,
      p_event_to_status, p_event_action, p_event_actor, p_event_detail, p_share_id, p_debt_option,
      p_booked_by_family_member) AS h;
  IF outcome = 'held' THEN
    INSERT INTO slot_ledger (share_id, slot_year, kind, tier, nights, high_substitute, booking_id, reference, actor,
      created_at)
    SELECT p_share_id, e.slot_year, 'CONSUME', e.tier, e.nights, e.high_substitute, p_booking_id, e.reference,
      p_event_actor, p_created_at
      FROM unnest(p_slot_years, p_slot_tiers, p_slot_nights, p_slot_high_substitutes, p_slot_references)
        AS e (slot_year, tier, nights, high_substitute, reference)
    ON CONFLICT (reference) DO NOTHING;
    -- A plan read before the call may take standard slots as high-substitutes; that stands only while
    -- no high slot of the year is left once the stay's slots are taken. Otherwise the statement is
    -- undone and the hold goes the careful way, consuming under the lock.
    IF high_substitute_unneeded(p_share_id, p_slot_years, p_slot_high_substitutes) THEN
      RAISE EXCEPTION 'high-substitute planned while high slots of share % remain', p_share_id
        USING ERRCODE = 'check_violation', CONSTRAINT = 'slot_high_substitute_unneeded';
    END IF;
  END IF;
  RETURN NEXT;
END;
$$;
