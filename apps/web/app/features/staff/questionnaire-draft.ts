import type { QuestionnaireInput, QuestionTypeValue, StaffQuestionnaire } from '@yado/contract/questionnaire.contract';

/** A choice or question being edited: `key` tells rows apart on screen, `id` is kept from the stored one. */
export type ChoiceDraft = { key: number; id?: string; labelEn: string; labelJa: string };
export type QuestionDraft = {
  key: number;
  id?: string;
  type: QuestionTypeValue;
  required: boolean;
  textEn: string;
  textJa: string;
  choices: ChoiceDraft[];
};
export type QuestionnaireDraft = {
  titleEn: string;
  titleJa: string;
  descriptionEn: string;
  descriptionJa: string;
  active: boolean;
  houseGroupIds: string[];
  questions: QuestionDraft[];
};

let nextKey = 1;
const key = () => nextKey++;

export const emptyChoice = (): ChoiceDraft => ({ key: key(), labelEn: '', labelJa: '' });

export function emptyQuestion(type: QuestionTypeValue = 'RATING'): QuestionDraft {
  return {
    key: key(),
    type,
    required: true,
    textEn: '',
    textJa: '',
    choices: type === 'SINGLE_CHOICE' ? [emptyChoice(), emptyChoice()] : [],
  };
}

export function emptyDraft(): QuestionnaireDraft {
  return {
    titleEn: '',
    titleJa: '',
    descriptionEn: '',
    descriptionJa: '',
    active: true,
    houseGroupIds: [],
    questions: [emptyQuestion('RATING')],
  };
}

export function draftOf(q: StaffQuestionnaire): QuestionnaireDraft {
  return {
    titleEn: q.titleEn,
    titleJa: q.titleJa,
    descriptionEn: q.descriptionEn,
    descriptionJa: q.descriptionJa,
    active: q.active,
    houseGroupIds: q.houseGroupIds,
    questions: q.questions.map((x) => ({
      key: key(),
      id: x.id,
      type: x.type,
      required: x.required,
      textEn: x.textEn,
      textJa: x.textJa,
      choices: x.choices.map((c) => ({ key: key(), id: c.id, labelEn: c.labelEn, labelJa: c.labelJa })),
    })),
  };
}

/** A question switched to another type: a choice question gets two empty choices, the others none. */
export function withType(q: QuestionDraft, type: QuestionTypeValue): QuestionDraft {
  if (type === 'SINGLE_CHOICE')
    return { ...q, type, choices: q.choices.length >= 2 ? q.choices : [emptyChoice(), emptyChoice()] };
  return { ...q, type, choices: [] };
}

/** Whether every text the API requires is filled in (the API checks the rest). */
export function isComplete(d: QuestionnaireDraft): boolean {
  const filled = (s: string) => s.trim() !== '';
  return (
    filled(d.titleEn) &&
    filled(d.titleJa) &&
    d.questions.length > 0 &&
    d.questions.every(
      (q) => filled(q.textEn) && filled(q.textJa) && q.choices.every((c) => filled(c.labelEn) && filled(c.labelJa)),
    )
  );
}

export function inputOf(d: QuestionnaireDraft): QuestionnaireInput {
  return {
    titleEn: d.titleEn.trim(),
    titleJa: d.titleJa.trim(),
    descriptionEn: d.descriptionEn.trim(),
    descriptionJa: d.descriptionJa.trim(),
    active: d.active,
    houseGroupIds: d.houseGroupIds,
    questions: d.questions.map((q) => ({
      ...(q.id ? { id: q.id } : {}),
      type: q.type,
      required: q.required,
      textEn: q.textEn.trim(),
      textJa: q.textJa.trim(),
      choices:
        q.type === 'SINGLE_CHOICE'
          ? q.choices.map((c) => ({
              ...(c.id ? { id: c.id } : {}),
              labelEn: c.labelEn.trim(),
              labelJa: c.labelJa.trim(),
            }))
          : [],
    })),
  };
}

/** The list with the item at `index` moved by `by` places (kept inside the list). */
export function moved<T>(list: readonly T[], index: number, by: number): T[] {
  const to = Math.max(0, Math.min(list.length - 1, index + by));
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(to, 0, item!);
  return next;
}
