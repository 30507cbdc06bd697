-- An issued owner statement is never edited or removed, nor is the record of which ledger entries it
-- settled: a correction is an ADJUSTMENT item of a later statement (decision 0035).
-- The current definition: edit it here (the migrator applies it again when this file changes).

CREATE OR REPLACE FUNCTION owner_statements_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is immutable once issued', TG_TABLE_NAME USING ERRCODE = 'integrity_constraint_violation';
END;
$$;

CREATE OR REPLACE TRIGGER owner_statements_immutable BEFORE UPDATE OR DELETE ON owner_statements
  FOR EACH ROW EXECUTE FUNCTION owner_statements_immutable();

CREATE OR REPLACE TRIGGER owner_statement_settled_immutable BEFORE UPDATE OR DELETE
  ON owner_statement_settled_expenditures
  FOR EACH ROW EXECUTE FUNCTION owner_statements_immutable();

-- TRUNCATE skips row triggers; refuse it too.
CREATE OR REPLACE TRIGGER owner_statements_no_truncate BEFORE TRUNCATE ON owner_statements
  FOR EACH STATEMENT EXECUTE FUNCTION owner_statements_immutable();
