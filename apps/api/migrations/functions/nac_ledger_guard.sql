-- The NAC ledger is append-only, and no entry may take a user's balance below zero. The insert
-- takes a transaction lock on the account first, so concurrent writers of one balance queue here
-- and each sums the rows the previous one committed: whatever code writes the ledger, the database
-- refuses an overdraft (SQLSTATE 23514, constraint nac_ledger_balance).
-- The current definition: edit it here (the migrator applies it again when this file changes).

CREATE OR REPLACE FUNCTION nac_ledger_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_balance numeric;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    RAISE EXCEPTION 'nac_ledger is append-only';
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('nac_ledger:' || NEW.account_id::text));
  IF NEW.amount < 0 THEN
    SELECT COALESCE(sum(amount), 0) INTO v_balance FROM nac_ledger WHERE account_id = NEW.account_id;
    IF v_balance + NEW.amount < 0 THEN
      RAISE EXCEPTION 'NAC balance of account % would go below zero', NEW.account_id
        USING ERRCODE = 'check_violation', CONSTRAINT = 'nac_ledger_balance';
    END IF;
  END IF;
  RETURN NEW;
END;
$$;

CREATE OR REPLACE TRIGGER nac_ledger_guard BEFORE INSERT OR UPDATE OR DELETE ON nac_ledger
  FOR EACH ROW EXECUTE FUNCTION nac_ledger_guard();

-- TRUNCATE skips row triggers; the ledger refuses it too.
CREATE OR REPLACE TRIGGER nac_ledger_no_truncate BEFORE TRUNCATE ON nac_ledger
  FOR EACH STATEMENT EXECUTE FUNCTION nac_ledger_guard();
