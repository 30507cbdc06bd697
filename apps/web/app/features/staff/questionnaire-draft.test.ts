import { describe, expect, it } from 'vitest';
import { draftOf, emptyDraft, inputOf, isComplete, moved, withType } from './questionnaire-draft';

describe('questionnaire draft', () => {
  it('keeps stored ids through an edit and sends no choices for a question of another type', () => {
    const d = draftOf({
      id: 'qn',
      titleEn: 'T',
      titleJa: 'タ',
      descriptionEn: '',
      descriptionJa: '',
      questions: [
        {
          id: 'q1',
          type: 'SINGLE_CHOICE',
          required: true,
          textEn: 'A',
          textJa: 'あ',
          choices: [
            { id: 'c1', labelEn: 'Y', labelJa: 'は' },
            { id: 'c2', labelEn: 'N', labelJa: 'い' },
          ],
        },
      ],
      houseGroupIds: [],
      active: true,
      answerCount: 0,
      questionsLocked: false,
      createdAt: { seconds: 0, nanos: 0, utcOffset: '+00:00' } as never,
      updatedAt: { seconds: 0, nanos: 0, utcOffset: '+00:00' } as never,
      version: 1,
    });
    const input = inputOf(d);
    expect(input.questions[0]).toMatchObject({ id: 'q1', choices: [{ id: 'c1' }, { id: 'c2' }] });
    const asText = withType(d.questions[0]!, 'FREE_TEXT');
    expect(inputOf({ ...d, questions: [asText] }).questions[0]!.choices).toEqual([]);
    expect(withType(asText, 'SINGLE_CHOICE').choices).toHaveLength(2);
  });

  it('is complete only with both titles, every question text and every choice label', () => {
    const d = emptyDraft();
    expect(isComplete(d)).toBe(false);
    const filled = {
      ...d,
      titleEn: 'T',
      titleJa: 'タ',
      questions: [{ ...d.questions[0]!, textEn: 'A', textJa: 'あ' }],
    };
    expect(isComplete(filled)).toBe(true);
    expect(isComplete({ ...filled, questions: [withType(filled.questions[0]!, 'SINGLE_CHOICE')] })).toBe(false);
  });

  it('moves an item within the list only', () => {
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
