-- Tells the other nodes which house groups' catalogue changed (LISTEN catalogue_changed) and logs
-- each change (catalogue_changes), so a hold priced from a kept copy can check that nothing it
-- did not see committed since (docs/decisions/0014-holds-in-one-call.md).
-- PL/pgSQL and PERFORM, not an SQL function: a SELECT ending an SQL function may stop at its first row.
-- The current definition: edit it here (the migrator applies it again when this file changes).

CREATE OR REPLACE FUNCTION catalogue_notify_ids(ids text[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_changed', x.id) FROM (SELECT DISTINCT unnest(ids) AS id) x WHERE x.id IS NOT NULL;
  INSERT INTO catalogue_changes (house_group_id)
  SELECT DISTINCT x.id FROM unnest(ids) AS x(id) WHERE x.id IS NOT NULL;
END;
$$;
