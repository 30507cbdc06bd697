import { randomUUID } from 'node:crypto';
import type { Language } from '@yado/contract/headers';
import type { AnswerInput, QuestionInput, StaffQuestion } from '@yado/contract/questionnaire.contract';
import { QUESTIONNAIRE_OPEN_DAYS } from '@yado/contract/questionnaire.contract';
import { AppError } from '../../platform/app-error.js';

/** An answer as stored: one per question answered, the field of its type set. */
export type StoredAnswer = { questionId: string; rating: number | null; choiceId: string | null; text: string | null };

const MIN_CHOICES = 2;
const DAY_MS = 86_400_000;

/**
 * The questions as stored: ids kept where staff sent the id of an existing question or choice, new
 * ones for the rest (so answers keep pointing at the question they answered).
 */
export function buildQuestions(input: readonly QuestionInput[], existing: readonly StaffQuestion[]): StaffQuestion[] {
  const known = new Map(existing.map((q) => [q.id, q]));
  const seen = new Set<string>();
  return input.map((q, i) => {
    if (q.type === 'SINGLE_CHOICE' ? q.choices.length < MIN_CHOICES : q.choices.length > 0) {
      throw new AppError('CodeQuestionnaireInvalid', {
        fields: [{ field: `questions.${i}.choices`, description: q.type === 'SINGLE_CHOICE' ? '2 to 10' : 'none' }],
      });
    }
    const id = q.id && known.has(q.id) && !seen.has(q.id) ? q.id : `q-${randomUUID()}`;
    seen.add(id);
    const knownChoices = new Set(known.get(id)?.choices.map((c) => c.id) ?? []);
    const choiceIds = new Set<string>();
    return {
      id,
      type: q.type,
      required: q.required,
      textEn: q.textEn,
      textJa: q.textJa,
      choices: q.choices.map((c) => {
        const cid = c.id && knownChoices.has(c.id) && !choiceIds.has(c.id) ? c.id : `c-${randomUUID()}`;
        choiceIds.add(cid);
        return { id: cid, labelEn: c.labelEn, labelJa: c.labelJa };
      }),
    };
  });
}

/** Whether the answered structure (ids, order, types, required flags, choice ids) is the same; texts may differ. */
export function sameStructure(a: readonly StaffQuestion[], b: readonly StaffQuestion[]): boolean {
  return (
    a.length === b.length &&
    a.every((q, i) => {
      const o = b[i]!;
      return (
        q.id === o.id &&
        q.type === o.type &&
        q.required === o.required &&
        q.choices.length === o.choices.length &&
        q.choices.every((c, j) => c.id === o.choices[j]!.id)
      );
    })
  );
}

const invalid = (index: number, description: string) =>
  new AppError('CodeQuestionnaireAnswerInvalid', { fields: [{ field: `answers.${index}`, description }] });

/**
 * The answers checked against the questions: each names a known question once and carries the one
 * value of its type (a rating 1–5, one of its choices, a text); every required question is answered.
 * An empty text counts as no answer.
 */
export function validateAnswers(questions: readonly StaffQuestion[], answers: readonly AnswerInput[]): StoredAnswer[] {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const answered = new Set<string>();
  const stored: StoredAnswer[] = [];
  answers.forEach((a, i) => {
    const q = byId.get(a.questionId);
    if (!q) throw invalid(i, 'unknown question');
    if (answered.has(q.id)) throw invalid(i, 'answered twice');
    answered.add(q.id);
    const given = [a.rating !== undefined, a.choiceId !== undefined, a.text !== undefined].filter(Boolean).length;
    if (given > 1) throw invalid(i, 'one value per answer');
    if (q.type === 'RATING') {
      if (a.rating === undefined) throw invalid(i, 'a rating 1 to 5');
      stored.push({ questionId: q.id, rating: a.rating, choiceId: null, text: null });
    } else if (q.type === 'SINGLE_CHOICE') {
      if (a.choiceId === undefined || !q.choices.some((c) => c.id === a.choiceId)) {
        throw invalid(i, 'one of the choices');
      }
      stored.push({ questionId: q.id, rating: null, choiceId: a.choiceId, text: null });
    } else {
      if (a.text === undefined) throw invalid(i, 'a text');
      if (a.text === '') answered.delete(q.id);
      else stored.push({ questionId: q.id, rating: null, choiceId: null, text: a.text });
    }
  });
  const missing = questions.find((q) => q.required && !answered.has(q.id));
  if (missing) {
    throw new AppError('CodeQuestionnaireAnswerInvalid', {
      fields: [{ field: 'answers', description: `required question ${missing.id} not answered` }],
    });
  }
  // Stored in the order of the questions, whatever order they came in.
  const order = new Map(questions.map((q, i) => [q.id, i]));
  return stored.sort((x, y) => order.get(x.questionId)! - order.get(y.questionId)!);
}

/** Until when a stay checked out at `checkedOutAt` can answer its questionnaire. */
export function openUntil(checkedOutAt: Date): Date {
  return new Date(checkedOutAt.getTime() + QUESTIONNAIRE_OPEN_DAYS * DAY_MS);
}

export function isOpen(checkedOutAt: Date, now: Date): boolean {
  return now.getTime() < openUntil(checkedOutAt).getTime();
}

/** A mean of whole ratings with 2 decimal places, rounded half up, computed in integers. */
export function averageOf(ratings: readonly number[]): string | null {
  if (ratings.length === 0) return null;
  const sum = ratings.reduce((s, r) => s + r, 0);
  const hundredths = Math.floor((sum * 200 + ratings.length) / (2 * ratings.length));
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

export type QuestionSummary = {
  questionId: string;
  type: StaffQuestion['type'];
  text: string;
  answerCount: number;
  averageRating: string | null;
  ratingCounts: number[];
  choiceCounts: { choiceId: string; label: string; count: number }[];
};

/** Per question: how many answered, the ratings' mean and spread, each choice's count. */
export function summarise(
  questions: readonly StaffQuestion[],
  answerSets: readonly (readonly StoredAnswer[])[],
  language: Language,
): QuestionSummary[] {
  return questions.map((q) => {
    const given = answerSets.flatMap((set) => set.filter((a) => a.questionId === q.id));
    const ratings = given.flatMap((a) => (a.rating === null ? [] : [a.rating]));
    return {
      questionId: q.id,
      type: q.type,
      text: language === 'ja' ? q.textJa : q.textEn,
      answerCount: given.length,
      averageRating: q.type === 'RATING' ? averageOf(ratings) : null,
      ratingCounts: q.type === 'RATING' ? [1, 2, 3, 4, 5].map((n) => ratings.filter((r) => r === n).length) : [],
      choiceCounts: q.choices.map((c) => ({
        choiceId: c.id,
        label: language === 'ja' ? c.labelJa : c.labelEn,
        count: given.filter((a) => a.choiceId === c.id).length,
      })),
    };
  });
}
