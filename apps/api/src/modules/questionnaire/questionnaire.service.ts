import { randomUUID } from 'node:crypto';
import { civilFromIso } from '@yado/contract/civil-date';
import { dateTimeFromDate } from '@yado/contract/date-time';
import type { Language } from '@yado/contract/headers';
import {
  QUESTIONNAIRE_OPEN_DAYS,
  type AnswerInput,
  type BookingQuestionnaire,
  type QuestionnaireInput,
  type StaffQuestionnaire,
} from '@yado/contract/questionnaire.contract';
import { AppError } from '../../platform/app-error.js';
import { withTx, type Db } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import { recordAudit } from '../audit/audit.service.js';
import { enqueueNotification } from '../notification/notification-event.service.js';
import * as repo from './questionnaire.repo.js';
import { buildQuestions, isOpen, openUntil, sameStructure, summarise, validateAnswers } from './questionnaire.rules.js';

/*
 * Questionnaires after check-out (docs/decisions/0043-questionnaires-and-stay-styles.md). Which
 * questionnaire a stay gets is decided when it is read (the group's own active one before one for
 * every group, newest first), so a questionnaire written after a guest left still reaches them
 * within the open period; once answered, the stay keeps the questionnaire it answered.
 */

const DAY_MS = 86_400_000;
const ANSWERS_SHOWN = 500;

type DbDeps = Pick<Deps, 'db' | 'clock'>;

function staffView(q: repo.QuestionnaireRecord): StaffQuestionnaire {
  return {
    id: q.id,
    titleEn: q.titleEn,
    titleJa: q.titleJa,
    descriptionEn: q.descriptionEn,
    descriptionJa: q.descriptionJa,
    questions: q.questions,
    houseGroupIds: q.allHouseGroups ? [] : q.houseGroupIds,
    active: q.active,
    answerCount: q.answerCount,
    questionsLocked: q.answerCount > 0,
    createdAt: dateTimeFromDate(q.createdAt),
    updatedAt: dateTimeFromDate(q.updatedAt),
    version: q.version,
  };
}

async function checkedScope(db: Db, houseGroupIds: readonly string[]): Promise<string[]> {
  const ids = [...new Set(houseGroupIds)];
  if (ids.length === 0) return ids;
  const known = await repo.existingHouseGroups(db, ids);
  const unknown = ids.findIndex((id) => !known.has(id));
  if (unknown >= 0) {
    throw new AppError('CodeNotFound', { fields: [{ field: `houseGroupIds.${unknown}`, description: 'no such id' }] });
  }
  return ids;
}

function writeOf(
  id: string,
  input: Pick<QuestionnaireInput, 'titleEn' | 'titleJa' | 'descriptionEn' | 'descriptionJa' | 'active'>,
  questions: repo.QuestionnaireRecord['questions'],
  scope: string[],
) {
  return {
    id,
    titleEn: input.titleEn,
    titleJa: input.titleJa,
    descriptionEn: input.descriptionEn,
    descriptionJa: input.descriptionJa,
    questions,
    allHouseGroups: scope.length === 0,
    houseGroupIds: scope,
    active: input.active,
  };
}

// Staff --------------------------------------------------------------------------------------------

/** staff_create_questionnaire. */
export async function createQuestionnaire(deps: Deps, actor: string, input: QuestionnaireInput) {
  const questions = buildQuestions(input.questions, []);
  const now = deps.clock.now();
  const id = `questionnaire-${randomUUID()}`;
  await withTx(deps.db, async (tx) => {
    const scope = await checkedScope(tx, input.houseGroupIds);
    const write = writeOf(id, input, questions, scope);
    await repo.insertQuestionnaire(tx, { ...write, createdBy: actor }, now);
    await recordAudit(tx, {
      actor,
      action: 'questionnaire.create',
      entity: 'questionnaire',
      entityId: id,
      after: write,
      at: now,
    });
  });
  return { questionnaire: staffView((await repo.findQuestionnaire(deps.db, id))!) };
}

/** staff_update_questionnaire: optimistic on version; once answered, the questions' structure stays. */
export async function updateQuestionnaire(
  deps: Deps,
  actor: string,
  input: QuestionnaireInput & { questionnaireId: string; version: number },
) {
  const now = deps.clock.now();
  await withTx(deps.db, async (tx) => {
    const before = await repo.findQuestionnaire(tx, input.questionnaireId, true);
    if (!before) throw new AppError('CodeQuestionnaireNotFound');
    if (before.version !== input.version) throw new AppError('CodeQuestionnaireVersionConflict');
    const questions = buildQuestions(input.questions, before.questions);
    if (before.answerCount > 0 && !sameStructure(questions, before.questions)) {
      throw new AppError('CodeQuestionnaireQuestionsLocked');
    }
    const scope = await checkedScope(tx, input.houseGroupIds);
    const write = writeOf(before.id, input, questions, scope);
    await repo.updateQuestionnaire(tx, write, now);
    await recordAudit(tx, {
      actor,
      action: 'questionnaire.update',
      entity: 'questionnaire',
      entityId: before.id,
      before: writeOf(before.id, before, before.questions, before.allHouseGroups ? [] : before.houseGroupIds),
      after: write,
      at: now,
    });
  });
  return { questionnaire: staffView((await repo.findQuestionnaire(deps.db, input.questionnaireId))!) };
}

/** staff_list_questionnaires. */
export async function listForStaff(deps: DbDeps) {
  return { questionnaires: (await repo.listQuestionnaires(deps.db)).map(staffView) };
}

/** staff_get_questionnaire_answers: the newest answers and the summary over every answer. */
export async function answersForStaff(deps: DbDeps, questionnaireId: string, language: Language) {
  const q = await repo.findQuestionnaire(deps.db, questionnaireId);
  if (!q) throw new AppError('CodeQuestionnaireNotFound');
  const [rows, sets] = await Promise.all([
    repo.answersOf(deps.db, language, q.id, ANSWERS_SHOWN),
    repo.allAnswerSets(deps.db, q.id),
  ]);
  const labels = new Map(
    q.questions.flatMap((question) =>
      question.choices.map((c) => [c.id, language === 'ja' ? c.labelJa : c.labelEn] as const),
    ),
  );
  return {
    questionnaire: staffView(q),
    answerCount: sets.length,
    summary: summarise(q.questions, sets, language),
    answers: rows.map((r) => ({
      bookingId: r.bookingId,
      bookingNumber: r.bookingNumber,
      houseGroupName: r.houseGroupName,
      guestName: r.guestName,
      answeredAt: dateTimeFromDate(r.answeredAt),
      answers: r.answers.map((a) => ({
        questionId: a.questionId,
        rating: a.rating,
        choiceId: a.choiceId,
        choiceLabel: a.choiceId ? (labels.get(a.choiceId) ?? null) : null,
        text: a.text,
      })),
    })),
  };
}

// Guests -------------------------------------------------------------------------------------------

function guestView(stay: repo.StayRecord, q: repo.QuestionnaireRecord, language: Language): BookingQuestionnaire {
  const ja = language === 'ja';
  return {
    bookingId: stay.bookingId,
    bookingNumber: stay.bookingNumber,
    houseGroupName: stay.houseGroupName,
    checkinDate: civilFromIso(stay.checkinDate),
    checkoutDate: civilFromIso(stay.checkoutDate),
    questionnaireId: q.id,
    title: ja ? q.titleJa : q.titleEn,
    description: ja ? q.descriptionJa : q.descriptionEn,
    questions: q.questions.map((question) => ({
      id: question.id,
      type: question.type,
      required: question.required,
      text: ja ? question.textJa : question.textEn,
      choices: question.choices.map((c) => ({ id: c.id, label: ja ? c.labelJa : c.labelEn })),
    })),
    answered: stay.answer !== null,
    answeredAt: stay.answer ? dateTimeFromDate(stay.answer.answeredAt) : null,
    answers: stay.answer?.answers ?? [],
    openUntil: dateTimeFromDate(openUntil(stay.checkedOutAt!)),
  };
}

/** The questionnaire each stay gets: the one it answered, else the one that applies to its house group now. */
async function questionnairesOf(db: Db, stays: readonly repo.StayRecord[]) {
  const applicable = await repo.applicableQuestionnaires(
    db,
    stays.filter((s) => !s.answer).map((s) => s.houseGroupId),
  );
  const answered = new Map<string, repo.QuestionnaireRecord>();
  for (const id of new Set(stays.flatMap((s) => (s.answer ? [s.answer.questionnaireId] : [])))) {
    const q = await repo.findQuestionnaire(db, id);
    if (q) answered.set(id, q);
  }
  return (s: repo.StayRecord) => (s.answer ? answered.get(s.answer.questionnaireId) : applicable.get(s.houseGroupId));
}

/** list_questionnaires. */
export async function listForGuest(deps: DbDeps, accountId: string, language: Language, bookingId: string | undefined) {
  const now = deps.clock.now();
  const since = new Date(now.getTime() - QUESTIONNAIRE_OPEN_DAYS * DAY_MS);
  const stays = await repo.checkedOutStays(deps.db, language, accountId, since, bookingId ?? null);
  const of = await questionnairesOf(deps.db, stays);
  const questionnaires: BookingQuestionnaire[] = [];
  for (const s of stays) {
    const q = of(s);
    if (q) questionnaires.push(guestView(s, q, language));
  }
  return { questionnaires };
}

/** answer_questionnaire: one answer per stay, checked against its questions, in one transaction. */
export async function answer(
  deps: DbDeps,
  accountId: string,
  language: Language,
  input: { bookingId: string; questionnaireId: string; answers: AnswerInput[] },
) {
  const now = deps.clock.now();
  return withTx(deps.db, async (tx) => {
    // Locked FOR SHARE: the stay cannot change status while its answer is written.
    const stay = await repo.lockOwnStay(tx, language, accountId, input.bookingId);
    if (!stay) throw new AppError('CodeBookingNotFound');
    if (stay.answer) throw new AppError('CodeQuestionnaireAlreadyAnswered');
    if (stay.status !== 'CHECKED_OUT' || !stay.checkedOutAt || !isOpen(stay.checkedOutAt, now)) {
      throw new AppError('CodeQuestionnaireNotOpen');
    }
    const q = (await repo.applicableQuestionnaires(tx, [stay.houseGroupId])).get(stay.houseGroupId);
    if (!q || q.id !== input.questionnaireId) throw new AppError('CodeQuestionnaireNotOpen');
    const answers = validateAnswers(q.questions, input.answers);
    const stored = await repo.insertAnswer(tx, {
      bookingId: stay.bookingId,
      questionnaireId: q.id,
      userId: stay.userId,
      answers,
      answeredAt: now,
    });
    // A concurrent answer of the same stay committed first.
    if (!stored) throw new AppError('CodeQuestionnaireAlreadyAnswered');
    return {
      questionnaire: guestView({ ...stay, answer: { questionnaireId: q.id, answers, answeredAt: now } }, q, language),
    };
  });
}

/**
 * Tells the guest of a stay just checked out that its questionnaire is open, in the check-out's
 * transaction (the booking module calls it), when a questionnaire applies to the stay's house group.
 */
export async function offerOnCheckout(
  tx: Db,
  now: Date,
  stay: { bookingId: string; bookingNumber: string; userId: string; houseGroupId: string },
): Promise<boolean> {
  const q = (await repo.applicableQuestionnaires(tx, [stay.houseGroupId])).get(stay.houseGroupId);
  if (!q) return false;
  await enqueueNotification(tx, now, {
    userId: stay.userId,
    kind: 'QUESTIONNAIRE_AVAILABLE',
    params: { bookingNumber: stay.bookingNumber, titleEn: q.titleEn, titleJa: q.titleJa },
    link: `/mypage/bookings/${encodeURIComponent(stay.bookingId)}/questionnaire`,
    dedupeKey: `questionnaire:${stay.bookingId}`,
  });
  return true;
}
