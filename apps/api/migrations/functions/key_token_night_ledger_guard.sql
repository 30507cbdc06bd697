-- The key token night ledger is append-only, and no entry may take a token's year below zero
-- nights of either kind. The insert locks the token's row first, so concurrent bookings of one
-- token queue here and each sums the rows the previous one committed (SQLSTATE 23514, constraint
-- key_token_night_balance).
-- The current definition: edit it here (the migrator applies it again when this file changes).

CREATE OR REPLACE FUNCTION key_token_night_ledger_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_standard integer;
  v_high integer;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    RAISE EXCEPTION 'key_token_night_ledger is append-only';
  END IF;
  PERFORM 1 FROM key_tokens WHERE collection = NEW.collection AND token_id = NEW.token_id FOR NO KEY UPDATE;
  SELECT COALESCE(sum(nights_standard), 0), COALESCE(sum(nights_high), 0) INTO v_standard, v_high
    FROM key_token_night_ledger
    WHERE collection = NEW.collection AND token_id = NEW.token_id AND year = NEW.year;
  IF v_standard + NEW.nights_standard < 0 OR v_high + NEW.nights_high < 0 THEN
    RAISE EXCEPTION 'key token % % would go below zero nights in %', NEW.collection, NEW.token_id, NEW.year
      USING ERRCODE = 'check_violation', CONSTRAINT = 'key_token_night_balance';
  END IF;
  RETURN NEW;
END;
$$;

CREATE OR REPLACE TRIGGER key_token_night_ledger_guard BEFORE INSERT OR UPDATE OR DELETE ON key_token_night_ledger
  FOR EACH ROW EXECUTE FUNCTION key_token_night_ledger_guard();

CREATE OR REPLACE TRIGGER key_token_night_ledger_no_truncate BEFORE TRUNCATE ON key_token_night_ledger
  FOR EACH STATEMENT EXECUTE FUNCTION key_token_night_ledger_guard();
