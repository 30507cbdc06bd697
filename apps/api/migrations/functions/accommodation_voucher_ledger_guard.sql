-- The accommodation voucher ledger is append-only, and no entry may take a voucher below zero
-- nights. The insert locks the voucher's row first, so concurrent writers of one voucher queue here
-- and each sums the rows the previous one committed (SQLSTATE 23514, constraint
-- accommodation_voucher_balance).
-- The current definition: edit it here (the migrator applies it again when this file changes).

CREATE OR REPLACE FUNCTION accommodation_voucher_ledger_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_balance integer;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    RAISE EXCEPTION 'accommodation_voucher_ledger is append-only';
  END IF;
  PERFORM 1 FROM accommodation_vouchers WHERE id = NEW.voucher_id FOR NO KEY UPDATE;
  SELECT COALESCE(sum(days), 0) INTO v_balance FROM accommodation_voucher_ledger WHERE voucher_id = NEW.voucher_id;
  IF v_balance + NEW.days < 0 THEN
    RAISE EXCEPTION 'voucher % would go below zero nights', NEW.voucher_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'accommodation_voucher_balance';
  END IF;
  RETURN NEW;
END;
$$;

CREATE OR REPLACE TRIGGER accommodation_voucher_ledger_guard BEFORE INSERT OR UPDATE OR DELETE ON accommodation_voucher_ledger
  FOR EACH ROW EXECUTE FUNCTION accommodation_voucher_ledger_guard();

CREATE OR REPLACE TRIGGER accommodation_voucher_ledger_no_truncate BEFORE TRUNCATE ON accommodation_voucher_ledger
  FOR EACH STATEMENT EXECUTE FUNCTION accommodation_voucher_ledger_guard();
