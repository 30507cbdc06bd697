import type { AnalyticsEventName } from '@yado/contract/analytics.constants';
import type { UserAgentClass } from '@yado/contract/analytics.contract';
import type { Db } from '../../platform/db/pool.js';

export type AnalyticsRow = {
  name: AnalyticsEventName;
  userId: string | null;
  path: string;
  language: 'en' | 'ja';
  occurredAt: Date;
  receivedAt: Date;
  userAgentClass: UserAgentClass;
};

/** One statement for the whole batch, so a beacon costs one round trip. */
export async function insertEvents(db: Db, rows: AnalyticsRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `INSERT INTO analytics_events (event_name, user_id, path, language, occurred_at, received_at, user_agent_class)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[], $6::timestamptz[], $7::text[])`,
    [
      rows.map((r) => r.name),
      rows.map((r) => r.userId),
      rows.map((r) => r.path),
      rows.map((r) => r.language),
      rows.map((r) => r.occurredAt),
      rows.map((r) => r.receivedAt),
      rows.map((r) => r.userAgentClass),
    ],
  );
}

export async function listEvents(db: Db): Promise<AnalyticsRow[]> {
  const r = await db.query<AnalyticsRow>(
    `SELECT event_name AS "name", user_id AS "userId", path, language, occurred_at AS "occurredAt",
            received_at AS "receivedAt", user_agent_class AS "userAgentClass"
       FROM analytics_events ORDER BY id`,
  );
  return r.rows;
}
