import { describe, expect, it } from 'vitest';
import { checkSplitDraft, evenSplit } from './split-parts';

describe('checkSplitDraft', () => {
  it('accepts whole yen parts that add up to the total', () => {
    const c = checkSplitDraft(33_000, [
      { amountText: '20000', payerEmail: '' },
      { amountText: '13000', payerEmail: 'a@example.com' },
    ]);
    expect(c).toEqual({ amounts: [20_000, 13_000], sum: 33_000, remaining: 0, ok: true });
  });

  it('shows what is left or too much, and refuses zero, fractions, text and a single part', () => {
    expect(
      checkSplitDraft(10_000, [
        { amountText: '4000', payerEmail: '' },
        { amountText: '5000', payerEmail: '' },
      ]),
    ).toMatchObject({ remaining: 1_000, ok: false });
    expect(
      checkSplitDraft(10_000, [
        { amountText: '6000', payerEmail: '' },
        { amountText: '5000', payerEmail: '' },
      ]),
    ).toMatchObject({ remaining: -1_000, ok: false });
    expect(
      checkSplitDraft(10_000, [
        { amountText: '0', payerEmail: '' },
        { amountText: '10000', payerEmail: '' },
      ]).ok,
    ).toBe(false);
    expect(
      checkSplitDraft(10, [
        { amountText: '4.5', payerEmail: '' },
        { amountText: 'x', payerEmail: '' },
      ]).amounts,
    ).toEqual([null, null]);
    expect(checkSplitDraft(10, [{ amountText: '10', payerEmail: '' }]).ok).toBe(false);
  });
});

describe('evenSplit', () => {
  it('shares the total evenly, the first part taking the odd yen', () => {
    expect(evenSplit(10_001, 3).map((p) => Number(p.amountText))).toEqual([3_335, 3_333, 3_333]);
  });
});
