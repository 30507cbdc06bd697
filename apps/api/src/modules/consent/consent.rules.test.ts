import { describe, expect, it } from 'vitest';
import { answerStatus, basisPoints, compare, fraction, isOpen, ownerWeights, sum, tally } from './consent.rules.js';

const at = (iso: string) => new Date(iso);
const choices = [
  { id: 'yes', label: 'Yes' },
  { id: 'no', label: 'No' },
  { id: 'abstain', label: 'Abstain' },
];

describe('answer status', () => {
  const answerDeadline = at('2026-12-10T09:00:00Z');
  it('is UNANSWERED until the deadline instant, then ANSWER_DEADLINE_EXPIRED; ANSWERED whenever answered', () => {
    expect(answerStatus({ answeredAt: null, answerDeadline }, at('2026-12-10T08:59:59.999Z'))).toBe('UNANSWERED');
    expect(answerStatus({ answeredAt: null, answerDeadline }, answerDeadline)).toBe('ANSWER_DEADLINE_EXPIRED');
    expect(answerStatus({ answeredAt: at('2026-12-01T00:00:00Z'), answerDeadline }, at('2027-01-01T00:00:00Z'))).toBe(
      'ANSWERED',
    );
  });
  it('takes answers strictly before the deadline', () => {
    expect(isOpen(answerDeadline, at('2026-12-10T08:59:59.999Z'))).toBe(true);
    expect(isOpen(answerDeadline, answerDeadline)).toBe(false);
  });
});

describe('fractions', () => {
  it('sum exactly across denominators and reduce', () => {
    expect(sum([fraction(1, 12), fraction(1, 4), fraction(1, 6)])).toEqual(fraction(1, 2));
    expect(fraction(6, 12)).toEqual({ numerator: 1n, denominator: 2n });
    // 1/3 + 1/3 + 1/3 is exactly the whole, which floating point would not promise.
    expect(compare(sum([fraction(1, 3), fraction(1, 3), fraction(1, 3)]), fraction(1, 1))).toBe(0);
  });
  it('show as basis points rounded half up', () => {
    expect(basisPoints(fraction(1, 12))).toBe(833);
    expect(basisPoints(fraction(1, 8))).toBe(1250);
    expect(basisPoints(fraction(1, 20_000))).toBe(1);
    expect(basisPoints(fraction(1, 20_001))).toBe(0);
    expect(basisPoints(fraction(1, 1))).toBe(10_000);
  });
  it('weigh an owner by every share they hold of the group', () => {
    const w = ownerWeights([
      { userId: 'a', numerator: 1, denominator: 12 },
      { userId: 'b', numerator: 1, denominator: 4 },
      { userId: 'a', numerator: 1, denominator: 6 },
    ]);
    expect(w.get('a')).toEqual(fraction(1, 4));
    expect(w.get('b')).toEqual(fraction(1, 4));
  });
});

describe('tally', () => {
  // A house group of twelfths: a holds 4, b 3, c 2, d 1 (two are unsold, so 10/12 are held).
  const owners = [
    { userId: 'a', weight: fraction(4, 12) },
    { userId: 'b', weight: fraction(3, 12) },
    { userId: 'c', weight: fraction(2, 12) },
    { userId: 'd', weight: fraction(1, 12) },
  ];

  it('weighs each answer by its owner’s share, not by head count', () => {
    const t = tally({
      choices,
      owners,
      answers: [
        { userId: 'a', choiceId: 'no' },
        { userId: 'b', choiceId: 'yes' },
        { userId: 'c', choiceId: 'yes' },
      ],
      quorumPercent: 50,
    });
    expect(t).toEqual({
      ownerCount: 4,
      answeredCount: 3,
      heldWeightBasisPoints: 8333,
      answeredWeightBasisPoints: 7500,
      quorumPercent: 50,
      quorumMet: true,
      choices: [
        { choiceId: 'yes', label: 'Yes', answerCount: 2, weightBasisPoints: 4167 },
        { choiceId: 'no', label: 'No', answerCount: 1, weightBasisPoints: 3333 },
        { choiceId: 'abstain', label: 'Abstain', answerCount: 0, weightBasisPoints: 0 },
      ],
      leadingChoiceIds: ['yes'],
    });
  });

  it('meets quorum at exactly the percent of the shares held, and not a hair below', () => {
    // Held 10/12; 60 % of it is 6/12: a (4/12) and c (2/12) reach it exactly.
    const exact = tally({
      choices,
      owners,
      answers: [
        { userId: 'a', choiceId: 'yes' },
        { userId: 'c', choiceId: 'no' },
      ],
      quorumPercent: 60,
    });
    expect(exact.quorumMet).toBe(true);
    const below = tally({
      choices,
      owners,
      answers: [
        { userId: 'a', choiceId: 'yes' },
        { userId: 'd', choiceId: 'no' },
      ],
      quorumPercent: 60,
    });
    expect(below.quorumMet).toBe(false);
  });

  it('names every choice of the greatest weight on a tie, and none before any answer', () => {
    const tie = tally({
      choices,
      owners,
      answers: [
        { userId: 'b', choiceId: 'yes' },
        { userId: 'c', choiceId: 'no' },
        { userId: 'd', choiceId: 'no' },
      ],
      quorumPercent: 50,
    });
    expect(tie.leadingChoiceIds).toEqual(['yes', 'no']);
    const none = tally({ choices, owners, answers: [], quorumPercent: 50 });
    expect(none.leadingChoiceIds).toEqual([]);
    expect(none.quorumMet).toBe(false);
    expect(none.answeredWeightBasisPoints).toBe(0);
  });

  it('counts an owner once, and nothing for someone not asked or a choice the question lacks', () => {
    const t = tally({
      choices,
      owners,
      answers: [
        { userId: 'd', choiceId: 'yes' },
        { userId: 'd', choiceId: 'no' },
        { userId: 'stranger', choiceId: 'no' },
        { userId: 'c', choiceId: 'maybe' },
      ],
      quorumPercent: 10,
    });
    expect(t.answeredCount).toBe(1);
    expect(t.choices.map((c) => c.answerCount)).toEqual([1, 0, 0]);
    expect(t.leadingChoiceIds).toEqual(['yes']);
  });
});
