-- The DAO slot ledger is append-only, and no entry may take a slot below zero
-- days of either kind. The insert locks the slot's row first, so concurrent bookings of one
-- slot queue here and each sums the rows the previous one committed (SQLSTATE 23514, constraint
-- dao_slot_balance).
-- The current definition: edit it here (the migrator applies it again when this file changes).

CREATE OR REPLACE FUNCTION dao_slot_ledger_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_standard integer;
  v_high integer;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    RAISE EXCEPTION 'dao_slot_ledger is append-only';
  END IF;
  PERFORM 1 FROM dao_accommodation_slots WHERE id = NEW.slot_id FOR NO KEY UPDATE;
  SELECT COALESCE(sum(days_standard), 0), COALESCE(sum(days_high), 0) INTO v_standard, v_high
    FROM dao_slot_ledger WHERE slot_id = NEW.slot_id;
  IF v_standard + NEW.days_standard < 0 OR v_high + NEW.days_high < 0 THEN
    RAISE EXCEPTION 'DAO slot % would go below zero days', NEW.slot_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'dao_slot_balance';
  END IF;
  RETURN NEW;
END;
$$;

CREATE OR REPLACE TRIGGER dao_slot_ledger_guard BEFORE INSERT OR UPDATE OR DELETE ON dao_slot_ledger
  FOR EACH ROW EXECUTE FUNCTION dao_slot_ledger_guard();

CREATE OR REPLACE TRIGGER dao_slot_ledger_no_truncate BEFORE TRUNCATE ON dao_slot_ledger
  FOR EACH STATEMENT EXECUTE FUNCTION dao_slot_ledger_guard();
