import type { Db } from '../../platform/db/pool.js';

export async function insertEvent(db: Db, projectId: string, envelope: Uint8Array): Promise<number> {
  const r = await db.query<{ id: number }>(
    'INSERT INTO monitoring_events (project_id, envelope) VALUES ($1, $2) RETURNING id',
    [projectId, Buffer.from(envelope)],
  );
  return r.rows[0]!.id;
}

export async function markForwarded(db: Db, id: number, at: Date): Promise<void> {
  await db.query('UPDATE monitoring_events SET forwarded_at = $2 WHERE id = $1', [id, at]);
}

export async function countEvents(db: Db): Promise<number> {
  const r = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM monitoring_events');
  return r.rows[0]!.n;
}
