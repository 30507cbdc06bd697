import type { AnswerInput, BookingQuestionnaire } from '@yado/contract/questionnaire.contract';

/** What the guest has filled in so far, per question id: a rating, a choice id or a text. */
export type AnswerDraft = Record<string, { rating?: number; choiceId?: string; text?: string }>;

type Question = BookingQuestionnaire['questions'][number];

/** Whether a question has an answer in the draft (a text of spaces is none). */
export function isAnswered(q: Question, draft: AnswerDraft): boolean {
  const a = draft[q.id];
  if (!a) return false;
  if (q.type === 'RATING') return a.rating !== undefined;
  if (q.type === 'SINGLE_CHOICE') return a.choiceId !== undefined;
  return (a.text ?? '').trim() !== '';
}

/** The required questions still unanswered, in order. */
export function missingRequired(questions: readonly Question[], draft: AnswerDraft): string[] {
  return questions.filter((q) => q.required && !isAnswered(q, draft)).map((q) => q.id);
}

/** The body's answers: one per answered question, with the one field of its type. */
export function answersOf(questions: readonly Question[], draft: AnswerDraft): AnswerInput[] {
  return questions.flatMap((q): AnswerInput[] => {
    if (!isAnswered(q, draft)) return [];
    const a = draft[q.id]!;
    if (q.type === 'RATING') return [{ questionId: q.id, rating: a.rating! }];
    if (q.type === 'SINGLE_CHOICE') return [{ questionId: q.id, choiceId: a.choiceId! }];
    return [{ questionId: q.id, text: a.text!.trim() }];
  });
}
