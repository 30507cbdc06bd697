-- The owner expenditure ledger is append-only: a fee that no longer applies is reversed by a new
-- entry, so a statement once issued can always be explained from the rows it read.
-- The current definition: edit it here (the migrator applies it again when this file changes).

CREATE OR REPLACE FUNCTION owner_expenditures_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'owner_expenditures is append-only';
END;
$$;

CREATE OR REPLACE TRIGGER owner_expenditures_append_only BEFORE UPDATE OR DELETE ON owner_expenditures
  FOR EACH ROW EXECUTE FUNCTION owner_expenditures_append_only();
