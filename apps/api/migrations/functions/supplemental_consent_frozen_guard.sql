-- Supplemental consensus (docs/decisions/0036-supplemental-consensus.md): a question whose result
-- is frozen never changes again, so the result staff read after the deadline is the one stored at it.
-- The current definition: edit it here (the migrator applies it again when this file changes).

CREATE OR REPLACE FUNCTION supplemental_consent_frozen_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.frozen_at IS NOT NULL THEN
    RAISE EXCEPTION 'supplemental consent % is frozen', OLD.id;
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END;
$$;

CREATE OR REPLACE TRIGGER supplemental_consent_frozen_guard
  BEFORE UPDATE OR DELETE ON supplemental_consents
  FOR EACH ROW EXECUTE FUNCTION supplemental_consent_frozen_guard();
