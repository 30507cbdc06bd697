import { describe, expect, it } from 'vitest';
import { answersOf, missingRequired } from './answer-draft';

const questions = [
  { id: 'r', type: 'RATING' as const, required: true, text: 'Overall', choices: [] },
  { id: 'c', type: 'SINGLE_CHOICE' as const, required: true, text: 'Again?', choices: [{ id: 'y', label: 'Yes' }] },
  { id: 't', type: 'FREE_TEXT' as const, required: false, text: 'Else?', choices: [] },
];

describe('answer draft', () => {
  it('names the required questions left out, a blank text counting as none', () => {
    expect(missingRequired(questions, {})).toEqual(['r', 'c']);
    expect(missingRequired(questions, { r: { rating: 3 }, c: { choiceId: 'y' } })).toEqual([]);
    expect(missingRequired([{ ...questions[2]!, required: true }], { t: { text: '   ' } })).toEqual(['t']);
  });

  it('sends one answer per answered question with the field of its type, texts trimmed', () => {
    expect(answersOf(questions, { r: { rating: 5 }, c: { choiceId: 'y' }, t: { text: ' Great ' } })).toEqual([
      { questionId: 'r', rating: 5 },
      { questionId: 'c', choiceId: 'y' },
      { questionId: 't', text: 'Great' },
    ]);
    expect(answersOf(questions, { r: { rating: 2 }, t: { text: '' } })).toEqual([{ questionId: 'r', rating: 2 }]);
  });
});
