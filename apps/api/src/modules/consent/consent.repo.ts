import type { Language } from '@yado/contract/headers';
import type { Db } from '../../platform/db/pool.js';

export type ConsentRecord = {
  id: string;
  houseGroupId: string;
  houseGroupName: string;
  title: string;
  contentMarkdown: string;
  answerDeadline: Date;
  quorumPercent: number;
  createdBy: string;
  linkOrigin: string;
  createdAt: Date;
  frozenAt: Date | null;
  result: Record<string, unknown> | null;
};

export type ChoiceRecord = { consentId: string; id: string; position: number; label: string };

export type AskedOwnerRecord = {
  consentId: string;
  userId: string;
  weightNumerator: bigint;
  weightDenominator: bigint;
};

export type AnswerRecord = { consentId: string; userId: string; choiceId: string; answeredAt: Date };

type ConsentRow = {
  id: string;
  house_group_id: string;
  house_group_name: string;
  title: string;
  content_markdown: string;
  answer_deadline: Date;
  quorum_percent: number;
  created_by: string;
  link_origin: string;
  created_at: Date;
  frozen_at: Date | null;
  result: Record<string, unknown> | null;
};

const toConsent = (r: ConsentRow): ConsentRecord => ({
  id: r.id,
  houseGroupId: r.house_group_id,
  houseGroupName: r.house_group_name,
  title: r.title,
  contentMarkdown: r.content_markdown,
  answerDeadline: r.answer_deadline,
  quorumPercent: r.quorum_percent,
  createdBy: r.created_by,
  linkOrigin: r.link_origin,
  createdAt: r.created_at,
  frozenAt: r.frozen_at,
  result: r.result,
});

const CONSENT_SELECT = `
  SELECT c.*, CASE WHEN $1 = 'ja' THEN hg.name_ja ELSE hg.name_en END AS house_group_name
    FROM supplemental_consents c
    JOIN house_groups hg ON hg.id = c.house_group_id`;

/** The house group's id when it exists (its row locked against a share granted meanwhile), else null. */
export async function lockHouseGroup(db: Db, houseGroupId: string): Promise<boolean> {
  const r = await db.query('SELECT 1 FROM house_groups WHERE id = $1 FOR NO KEY UPDATE', [houseGroupId]);
  return r.rowCount === 1;
}

export async function insertConsent(
  db: Db,
  c: {
    id: string;
    houseGroupId: string;
    title: string;
    contentMarkdown: string;
    answerDeadline: Date;
    quorumPercent: number;
    createdBy: string;
    linkOrigin: string;
    createdAt: Date;
  },
  choices: readonly { id: string; label: string }[],
  owners: readonly { userId: string; numerator: bigint; denominator: bigint }[],
): Promise<void> {
  await db.query(
    `INSERT INTO supplemental_consents
       (id, house_group_id, title, content_markdown, answer_deadline, quorum_percent, created_by, link_origin, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      c.id,
      c.houseGroupId,
      c.title,
      c.contentMarkdown,
      c.answerDeadline,
      c.quorumPercent,
      c.createdBy,
      c.linkOrigin,
      c.createdAt,
    ],
  );
  await db.query(
    `INSERT INTO supplemental_consent_choices (consent_id, id, position, label)
     SELECT $1, id, ord::int, label FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS t(id, label, ord)`,
    [c.id, choices.map((x) => x.id), choices.map((x) => x.label)],
  );
  await db.query(
    `INSERT INTO supplemental_consent_owners (consent_id, user_id, weight_numerator, weight_denominator)
     SELECT $1, * FROM unnest($2::text[], $3::bigint[], $4::bigint[])`,
    [
      c.id,
      owners.map((o) => o.userId),
      owners.map((o) => o.numerator.toString()),
      owners.map((o) => o.denominator.toString()),
    ],
  );
}

export async function findConsent(db: Db, id: string, language: Language): Promise<ConsentRecord | null> {
  const r = await db.query<ConsentRow>(`${CONSENT_SELECT} WHERE c.id = $2`, [language, id]);
  return r.rows[0] ? toConsent(r.rows[0]) : null;
}

/**
 * Locks a question for an answer (FOR SHARE: answers do not wait for each other, but the freeze,
 * which takes FOR UPDATE, waits for answers in flight and they for it). Null when there is none.
 */
export async function lockConsentForAnswer(
  db: Db,
  id: string,
): Promise<{ answerDeadline: Date; frozenAt: Date | null } | null> {
  const r = await db.query<{ answer_deadline: Date; frozen_at: Date | null }>(
    'SELECT answer_deadline, frozen_at FROM supplemental_consents WHERE id = $1 FOR SHARE',
    [id],
  );
  return r.rows[0] ? { answerDeadline: r.rows[0].answer_deadline, frozenAt: r.rows[0].frozen_at } : null;
}

/** Locks a question for freezing its result; null when there is none. */
export async function lockConsentForFreeze(
  db: Db,
  id: string,
): Promise<{ answerDeadline: Date; frozenAt: Date | null; quorumPercent: number } | null> {
  const r = await db.query<{ answer_deadline: Date; frozen_at: Date | null; quorum_percent: number }>(
    'SELECT answer_deadline, frozen_at, quorum_percent FROM supplemental_consents WHERE id = $1 FOR UPDATE',
    [id],
  );
  const row = r.rows[0];
  return row
    ? { answerDeadline: row.answer_deadline, frozenAt: row.frozen_at, quorumPercent: row.quorum_percent }
    : null;
}

export async function storeResult(db: Db, id: string, result: unknown, frozenAt: Date): Promise<void> {
  await db.query('UPDATE supplemental_consents SET frozen_at = $2, result = $3 WHERE id = $1 AND frozen_at IS NULL', [
    id,
    frozenAt,
    JSON.stringify(result),
  ]);
}

/** Questions, newest first, optionally of one house group. */
export async function listConsents(
  db: Db,
  filter: { houseGroupId?: string | undefined; limit: number },
  language: Language,
): Promise<ConsentRecord[]> {
  const r = await db.query<ConsentRow>(
    `${CONSENT_SELECT} WHERE ($2::text IS NULL OR c.house_group_id = $2)
      ORDER BY c.created_at DESC, c.id DESC LIMIT $3`,
    [language, filter.houseGroupId ?? null, filter.limit],
  );
  return r.rows.map(toConsent);
}

/** The questions put to a user, with their answer when given. */
export async function consentsAskedOf(
  db: Db,
  userId: string,
  language: Language,
): Promise<(ConsentRecord & { answer: { choiceId: string; answeredAt: Date } | null })[]> {
  const r = await db.query<ConsentRow & { choice_id: string | null; answered_at: Date | null }>(
    `SELECT c.*, CASE WHEN $1 = 'ja' THEN hg.name_ja ELSE hg.name_en END AS house_group_name,
            a.choice_id, a.answered_at
       FROM supplemental_consents c
       JOIN house_groups hg ON hg.id = c.house_group_id
       JOIN supplemental_consent_owners o ON o.consent_id = c.id AND o.user_id = $2
      LEFT JOIN supplemental_consent_answers a ON a.consent_id = c.id AND a.user_id = $2
      ORDER BY c.created_at DESC, c.id DESC`,
    [language, userId],
  );
  return r.rows.map((row) => ({
    ...toConsent(row),
    answer: row.choice_id && row.answered_at ? { choiceId: row.choice_id, answeredAt: row.answered_at } : null,
  }));
}

export async function choicesOf(db: Db, consentIds: readonly string[]): Promise<ChoiceRecord[]> {
  if (consentIds.length === 0) return [];
  const r = await db.query<{ consent_id: string; id: string; position: number; label: string }>(
    'SELECT * FROM supplemental_consent_choices WHERE consent_id = ANY($1) ORDER BY consent_id, position',
    [consentIds],
  );
  return r.rows.map((x) => ({ consentId: x.consent_id, id: x.id, position: x.position, label: x.label }));
}

export async function askedOwnersOf(db: Db, consentIds: readonly string[]): Promise<AskedOwnerRecord[]> {
  if (consentIds.length === 0) return [];
  const r = await db.query<{
    consent_id: string;
    user_id: string;
    weight_numerator: string;
    weight_denominator: string;
  }>(
    'SELECT consent_id, user_id, weight_numerator, weight_denominator FROM supplemental_consent_owners WHERE consent_id = ANY($1)',
    [consentIds],
  );
  return r.rows.map((x) => ({
    consentId: x.consent_id,
    userId: x.user_id,
    weightNumerator: BigInt(x.weight_numerator),
    weightDenominator: BigInt(x.weight_denominator),
  }));
}

export async function isAsked(db: Db, consentId: string, userId: string): Promise<boolean> {
  const r = await db.query('SELECT 1 FROM supplemental_consent_owners WHERE consent_id = $1 AND user_id = $2', [
    consentId,
    userId,
  ]);
  return r.rowCount === 1;
}

export async function answersOf(db: Db, consentIds: readonly string[]): Promise<AnswerRecord[]> {
  if (consentIds.length === 0) return [];
  const r = await db.query<{ consent_id: string; user_id: string; choice_id: string; answered_at: Date }>(
    'SELECT * FROM supplemental_consent_answers WHERE consent_id = ANY($1) ORDER BY answered_at, user_id',
    [consentIds],
  );
  return r.rows.map((x) => ({
    consentId: x.consent_id,
    userId: x.user_id,
    choiceId: x.choice_id,
    answeredAt: x.answered_at,
  }));
}

/** Writes an answer; false when the owner had answered already (the first answer stays). */
export async function insertAnswer(db: Db, a: AnswerRecord): Promise<boolean> {
  const r = await db.query(
    `INSERT INTO supplemental_consent_answers (consent_id, user_id, choice_id, answered_at)
     VALUES ($1, $2, $3, $4) ON CONFLICT (consent_id, user_id) DO NOTHING`,
    [a.consentId, a.userId, a.choiceId, a.answeredAt],
  );
  return r.rowCount === 1;
}

/** Questions past their deadline whose result is not stored yet, oldest deadline first. */
export async function dueForFreeze(db: Db, now: Date, limit: number): Promise<string[]> {
  const r = await db.query<{ id: string }>(
    `SELECT id FROM supplemental_consents WHERE frozen_at IS NULL AND answer_deadline <= $1
      ORDER BY answer_deadline, id LIMIT $2`,
    [now, limit],
  );
  return r.rows.map((x) => x.id);
}

/**
 * Claims the owners of questions not notified yet (all of one question, or any question's older than
 * `createdBefore`, which the request that created them did not finish): marks them notified and
 * returns them with what the message needs. A claim is final, so an owner is never notified twice;
 * a mail that then fails stays in the outbox with its error.
 */
export async function claimUnnotified(
  db: Db,
  o: { consentId?: string; createdBefore?: Date; now: Date; limit: number },
): Promise<
  {
    consentId: string;
    userId: string;
    email: string;
    title: string;
    answerDeadline: Date;
    linkOrigin: string;
    houseGroupNameEn: string;
    houseGroupNameJa: string;
    timezone: string;
  }[]
> {
  const r = await db.query<{
    consent_id: string;
    user_id: string;
    email: string | null;
    title: string;
    answer_deadline: Date;
    link_origin: string;
    name_en: string;
    name_ja: string;
    timezone: string;
  }>(
    `WITH claimed AS (
       UPDATE supplemental_consent_owners o SET notified_at = $3
        WHERE (o.consent_id, o.user_id) IN (
          SELECT o2.consent_id, o2.user_id FROM supplemental_consent_owners o2
            JOIN supplemental_consents c2 ON c2.id = o2.consent_id
           WHERE o2.notified_at IS NULL
             AND ($1::text IS NULL OR o2.consent_id = $1)
             AND ($2::timestamptz IS NULL OR c2.created_at < $2)
           ORDER BY o2.consent_id, o2.user_id
           LIMIT $4
           FOR UPDATE OF o2 SKIP LOCKED)
       RETURNING o.consent_id, o.user_id)
     SELECT k.consent_id, k.user_id, u.email, c.title, c.answer_deadline, c.link_origin,
            hg.name_en, hg.name_ja, hg.timezone
       FROM claimed k
       JOIN supplemental_consents c ON c.id = k.consent_id
       JOIN house_groups hg ON hg.id = c.house_group_id
       JOIN users u ON u.id = k.user_id
      ORDER BY k.consent_id, k.user_id`,
    [o.consentId ?? null, o.createdBefore ?? null, o.now, o.limit],
  );
  return r.rows.map((x) => ({
    consentId: x.consent_id,
    userId: x.user_id,
    email: x.email ?? '',
    title: x.title,
    answerDeadline: x.answer_deadline,
    linkOrigin: x.link_origin,
    houseGroupNameEn: x.name_en,
    houseGroupNameJa: x.name_ja,
    timezone: x.timezone,
  }));
}
