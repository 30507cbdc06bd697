import type { StaffQuestion } from '@yado/contract/questionnaire.contract';
import type { Db } from '../../platform/db/pool.js';
import type { StoredAnswer } from './questionnaire.rules.js';

export type QuestionnaireRecord = {
  id: string;
  titleEn: string;
  titleJa: string;
  descriptionEn: string;
  descriptionJa: string;
  questions: StaffQuestion[];
  allHouseGroups: boolean;
  houseGroupIds: string[];
  active: boolean;
  answerCount: number;
  createdBy: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
};

const COLUMNS = `q.id, q.title_en, q.title_ja, q.description_en, q.description_ja, q.questions, q.all_house_groups,
  q.active, q.created_by, q.created_at, q.updated_at, q.version,
  COALESCE((SELECT array_agg(g.house_group_id ORDER BY g.house_group_id) FROM questionnaire_house_groups g
            WHERE g.questionnaire_id = q.id), '{}') AS house_group_ids,
  (SELECT count(*)::int FROM questionnaire_answers a WHERE a.questionnaire_id = q.id) AS answer_count`;

function toRecord(r: Record<string, unknown>): QuestionnaireRecord {
  return {
    id: r['id'] as string,
    titleEn: r['title_en'] as string,
    titleJa: r['title_ja'] as string,
    descriptionEn: r['description_en'] as string,
    descriptionJa: r['description_ja'] as string,
    questions: r['questions'] as StaffQuestion[],
    allHouseGroups: r['all_house_groups'] as boolean,
    houseGroupIds: r['house_group_ids'] as string[],
    active: r['active'] as boolean,
    answerCount: r['answer_count'] as number,
    createdBy: r['created_by'] as string,
    createdAt: r['created_at'] as Date,
    updatedAt: r['updated_at'] as Date,
    version: r['version'] as number,
  };
}

export type QuestionnaireWrite = Omit<
  QuestionnaireRecord,
  'answerCount' | 'createdAt' | 'updatedAt' | 'createdBy' | 'version'
>;

/** The house groups of `ids` that exist. */
export async function existingHouseGroups(db: Db, ids: readonly string[]): Promise<Set<string>> {
  const r = await db.query<{ id: string }>('SELECT id FROM house_groups WHERE id = ANY($1::text[])', [ids]);
  return new Set(r.rows.map((x) => x.id));
}

async function writeScope(tx: Db, id: string, houseGroupIds: readonly string[]): Promise<void> {
  await tx.query('DELETE FROM questionnaire_house_groups WHERE questionnaire_id = $1', [id]);
  await tx.query(
    `INSERT INTO questionnaire_house_groups (questionnaire_id, house_group_id)
     SELECT $1, unnest($2::text[])`,
    [id, houseGroupIds],
  );
}

export async function insertQuestionnaire(
  tx: Db,
  q: QuestionnaireWrite & { createdBy: string },
  now: Date,
): Promise<void> {
  await tx.query(
    `INSERT INTO questionnaires (id, title_en, title_ja, description_en, description_ja, questions, all_house_groups,
       active, created_by, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)`,
    [
      q.id,
      q.titleEn,
      q.titleJa,
      q.descriptionEn,
      q.descriptionJa,
      JSON.stringify(q.questions),
      q.allHouseGroups,
      q.active,
      q.createdBy,
      now,
    ],
  );
  await writeScope(tx, q.id, q.houseGroupIds);
}

export async function updateQuestionnaire(tx: Db, q: QuestionnaireWrite, now: Date): Promise<void> {
  await tx.query(
    `UPDATE questionnaires SET title_en = $2, title_ja = $3, description_en = $4, description_ja = $5, questions = $6,
       all_house_groups = $7, active = $8, updated_at = $9, version = version + 1
     WHERE id = $1`,
    [
      q.id,
      q.titleEn,
      q.titleJa,
      q.descriptionEn,
      q.descriptionJa,
      JSON.stringify(q.questions),
      q.allHouseGroups,
      q.active,
      now,
    ],
  );
  await writeScope(tx, q.id, q.houseGroupIds);
}

export async function findQuestionnaire(db: Db, id: string, lock = false): Promise<QuestionnaireRecord | null> {
  // The row is locked before the counts are read, so an answer cannot slip in between.
  if (lock) await db.query('SELECT 1 FROM questionnaires WHERE id = $1 FOR UPDATE', [id]);
  const r = await db.query(`SELECT ${COLUMNS} FROM questionnaires q WHERE q.id = $1`, [id]);
  return r.rows[0] ? toRecord(r.rows[0]) : null;
}

export async function listQuestionnaires(db: Db): Promise<QuestionnaireRecord[]> {
  const r = await db.query(`SELECT ${COLUMNS} FROM questionnaires q ORDER BY q.created_at DESC, q.id LIMIT 500`);
  return r.rows.map(toRecord);
}

/** A stay as the questionnaire sees it. */
export type StayRecord = {
  bookingId: string;
  bookingNumber: string;
  userId: string;
  houseGroupId: string;
  houseGroupName: string;
  status: string;
  checkinDate: string;
  checkoutDate: string;
  checkedOutAt: Date | null;
  answer: { questionnaireId: string; answers: StoredAnswer[]; answeredAt: Date } | null;
};

const STAY_COLUMNS = `b.id, b.booking_number, b.user_id, b.house_group_id, b.status, b.checked_out_at,
  to_char(b.checkin_date, 'YYYY-MM-DD') AS checkin_date, to_char(b.checkout_date, 'YYYY-MM-DD') AS checkout_date,
  CASE WHEN $1 = 'ja' THEN hg.name_ja ELSE hg.name_en END AS house_group_name,
  a.questionnaire_id, a.answers, a.answered_at`;

function toStay(r: Record<string, unknown>): StayRecord {
  return {
    bookingId: r['id'] as string,
    bookingNumber: r['booking_number'] as string,
    userId: r['user_id'] as string,
    houseGroupId: r['house_group_id'] as string,
    houseGroupName: r['house_group_name'] as string,
    status: r['status'] as string,
    checkinDate: r['checkin_date'] as string,
    checkoutDate: r['checkout_date'] as string,
    checkedOutAt: r['checked_out_at'] as Date | null,
    answer: r['questionnaire_id']
      ? {
          questionnaireId: r['questionnaire_id'] as string,
          answers: r['answers'] as StoredAnswer[],
          answeredAt: r['answered_at'] as Date,
        }
      : null,
  };
}

/** The caller's stays checked out since `since` (and, answered or not, the one asked for). */
export async function checkedOutStays(
  db: Db,
  language: string,
  accountId: string,
  since: Date,
  bookingId: string | null,
): Promise<StayRecord[]> {
  const r = await db.query(
    `SELECT ${STAY_COLUMNS}
     FROM bookings b JOIN house_groups hg ON hg.id = b.house_group_id
     LEFT JOIN questionnaire_answers a ON a.booking_id = b.id
     WHERE b.account_id = $2 AND b.status = 'CHECKED_OUT' AND b.checked_out_at >= $3
       AND ($4::text IS NULL OR b.id = $4)
     ORDER BY b.checked_out_at DESC, b.id
     LIMIT 100`,
    [language, accountId, since, bookingId],
  );
  return r.rows.map(toStay);
}

/** One stay of the caller, locked for the answer (null when it is not the caller's). */
export async function lockOwnStay(
  tx: Db,
  language: string,
  accountId: string,
  bookingId: string,
): Promise<StayRecord | null> {
  const r = await tx.query(
    `SELECT ${STAY_COLUMNS}
     FROM bookings b JOIN house_groups hg ON hg.id = b.house_group_id
     LEFT JOIN questionnaire_answers a ON a.booking_id = b.id
     WHERE b.id = $2 AND b.account_id = $3
     FOR SHARE OF b`,
    [language, bookingId, accountId],
  );
  return r.rows[0] ? toStay(r.rows[0]) : null;
}

/**
 * The active questionnaires that apply to each house group: one of the group's own before one for
 * every group, the newest first.
 */
export async function applicableQuestionnaires(
  db: Db,
  houseGroupIds: readonly string[],
): Promise<Map<string, QuestionnaireRecord>> {
  const r = await db.query(
    `SELECT DISTINCT ON (hg.id) hg.id AS for_house_group, ${COLUMNS}
     FROM unnest($1::text[]) AS hg(id)
     JOIN questionnaires q ON q.active AND (q.all_house_groups OR EXISTS (
       SELECT 1 FROM questionnaire_house_groups s WHERE s.questionnaire_id = q.id AND s.house_group_id = hg.id))
     ORDER BY hg.id, q.all_house_groups, q.created_at DESC, q.id`,
    [houseGroupIds],
  );
  return new Map(r.rows.map((row) => [row['for_house_group'] as string, toRecord(row)]));
}

/** Stores the one answer of a stay; false when the stay already has one. */
export async function insertAnswer(
  tx: Db,
  a: { bookingId: string; questionnaireId: string; userId: string; answers: StoredAnswer[]; answeredAt: Date },
): Promise<boolean> {
  const r = await tx.query(
    `INSERT INTO questionnaire_answers (booking_id, questionnaire_id, user_id, answers, answered_at)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (booking_id) DO NOTHING`,
    [a.bookingId, a.questionnaireId, a.userId, JSON.stringify(a.answers), a.answeredAt],
  );
  return r.rowCount === 1;
}

export type AnswerRow = {
  bookingId: string;
  bookingNumber: string;
  houseGroupName: string;
  guestName: string;
  answers: StoredAnswer[];
  answeredAt: Date;
};

/** A questionnaire's answers, newest first. */
export async function answersOf(
  db: Db,
  language: string,
  questionnaireId: string,
  limit: number,
): Promise<AnswerRow[]> {
  const r = await db.query(
    `SELECT a.booking_id, b.booking_number, a.answers, a.answered_at,
       CASE WHEN $1 = 'ja' THEN hg.name_ja ELSE hg.name_en END AS house_group_name,
       trim(u.last_name || ' ' || u.first_name) AS guest_name
     FROM questionnaire_answers a
     JOIN bookings b ON b.id = a.booking_id
     JOIN house_groups hg ON hg.id = b.house_group_id
     JOIN users u ON u.id = a.user_id
     WHERE a.questionnaire_id = $2
     ORDER BY a.answered_at DESC, a.booking_id
     LIMIT $3`,
    [language, questionnaireId, limit],
  );
  return r.rows.map((row) => ({
    bookingId: row['booking_id'] as string,
    bookingNumber: row['booking_number'] as string,
    houseGroupName: row['house_group_name'] as string,
    guestName: row['guest_name'] as string,
    answers: row['answers'] as StoredAnswer[],
    answeredAt: row['answered_at'] as Date,
  }));
}

/** Every answer set of a questionnaire (for the summary, which counts them all). */
export async function allAnswerSets(db: Db, questionnaireId: string): Promise<StoredAnswer[][]> {
  const r = await db.query<{ answers: StoredAnswer[] }>(
    'SELECT answers FROM questionnaire_answers WHERE questionnaire_id = $1',
    [questionnaireId],
  );
  return r.rows.map((x) => x.answers);
}
