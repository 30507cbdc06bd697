import { MAX_SPLIT_PARTS } from '@yado/contract/billing.contract';

/** One row of the split dialog as typed: the yen as text and the payer's email (empty: the booker). */
export type SplitPartDraft = { amountText: string; payerEmail: string };

export type SplitCheck = {
  /** The parts' yen, null where a row is not a whole number above zero. */
  amounts: (number | null)[];
  sum: number;
  /** What is left to share out (negative: too much). */
  remaining: number;
  ok: boolean;
};

const amountOf = (text: string): number | null => {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return null;
  const n = Number(t);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** The live check of the dialog: every part a whole yen above zero, 2 to 10 parts, adding up to the total. */
export function checkSplitDraft(total: number, parts: readonly SplitPartDraft[]): SplitCheck {
  const amounts = parts.map((p) => amountOf(p.amountText));
  const sum = amounts.reduce<number>((s, a) => s + (a ?? 0), 0);
  const ok = parts.length >= 2 && parts.length <= MAX_SPLIT_PARTS && amounts.every((a) => a !== null) && sum === total;
  return { amounts, sum, remaining: total - sum, ok };
}

/** The first draft: the total shared evenly between two, the booker's part taking the odd yen. */
export function evenSplit(total: number, count: number): SplitPartDraft[] {
  const base = Math.floor(total / count);
  return Array.from({ length: count }, (_, i) => ({
    amountText: String(i === 0 ? total - base * (count - 1) : base),
    payerEmail: '',
  }));
}
