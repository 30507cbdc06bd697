-- Supplemental consensus (docs/decisions/0036-supplemental-consensus.md): an answer is given once
-- and never changed or removed.
-- The current definition: edit it here (the migrator applies it again when this file changes).

CREATE OR REPLACE FUNCTION supplemental_consent_answers_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'supplemental_consent_answers is append-only';
END;
$$;

CREATE OR REPLACE TRIGGER supplemental_consent_answers_append_only
  BEFORE UPDATE OR DELETE ON supplemental_consent_answers
  FOR EACH ROW EXECUTE FUNCTION supplemental_consent_answers_append_only();
