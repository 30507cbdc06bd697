-- The slot ledger is append-only, and no entry may take a balance (share, slot year, tier) below
-- zero. The insert takes a transaction lock on that one balance first, so concurrent writers of it
-- queue here and each sums the rows the previous one committed: whatever code writes the ledger,
-- the database refuses an overdraft (SQLSTATE 23514, constraint slot_ledger_balance). Writers of
-- different balances of one share (a standard and a high night) do not wait for each other; they
-- hold the share's lock shared, so a writer that must see the whole share still (lockShare in
-- owner-share.repo.ts: grants, returns, expiry, a consumption planned under the lock) takes it
-- alone. Writers that take no share lock of their own append a stay's entries year by year,
-- standard before high, so two such writers always lock balances in the same order.
-- The current definition: edit it here (the migrator applies it again when this file changes).

CREATE OR REPLACE FUNCTION slot_ledger_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_balance integer;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    RAISE EXCEPTION 'slot_ledger is append-only';
  END IF;
  PERFORM pg_advisory_xact_lock_shared(hashtext('slot_share:' || NEW.share_id));
  PERFORM pg_advisory_xact_lock(hashtext('slot_share:' || NEW.share_id), hashtext(NEW.slot_year::text || ':' || NEW.tier));
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
