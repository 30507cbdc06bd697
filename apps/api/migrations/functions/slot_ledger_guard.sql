-- The slot ledger is append-only, and no entry may take a balance (share, slot year, tier) below
-- zero. The insert check locks the share's row first, so concurrent writers of one share queue
-- here and each sums the rows the previous one committed: whatever code writes the ledger, the
-- database refuses an overdraft (SQLSTATE 23514, constraint slot_ledger_balance).
-- The current definition: edit it here (the migrator applies it again when this file changes).

CREATE OR REPLACE FUNCTION slot_ledger_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_balance integer;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    RAISE EXCEPTION 'slot_ledger is append-only';
  END IF;
  PERFORM 1 FROM owner_shares WHERE id = NEW.share_id FOR NO KEY UPDATE;
  SELECT COALESCE(sum(nights), 0) INTO v_balance
    FROM slot_ledger
   WHERE share_id = NEW.share_id AND slot_year = NEW.slot_year AND tier = NEW.tier;
  IF v_balance + NEW.nights < 0 THEN
    RAISE EXCEPTION 'slot balance of share % in % (%) would go below zero', NEW.share_id, NEW.slot_year, NEW.tier
      USING ERRCODE = 'check_violation', CONSTRAINT = 'slot_ledger_balance';
  END IF;
  RETURN NEW;
END;
$$;

CREATE OR REPLACE TRIGGER slot_ledger_check BEFORE INSERT OR UPDATE OR DELETE ON slot_ledger
  FOR EACH ROW EXECUTE FUNCTION slot_ledger_guard();
