import { MAX_SPLIT_PARTS } from '@yado/contract/billing.contract';

/**
 * Splitting a billing between the people of a stay (docs/decisions/0047): the booker chooses how
 * many parts and how much each, and who pays each. Every part is a whole yen amount above zero and
 * the parts add up exactly to what the billing asks for, so nothing is lost or charged twice.
 */

export { MAX_SPLIT_PARTS };

export type SplitProblem = 'TOO_MANY_PARTS' | 'PART_INVALID' | 'TOTAL_MISMATCH';

export function checkSplit(billed: number, amounts: readonly number[]): SplitProblem | null {
  if (amounts.length < 2 || amounts.length > MAX_SPLIT_PARTS) return 'TOO_MANY_PARTS';
  if (amounts.some((a) => !Number.isSafeInteger(a) || a <= 0)) return 'PART_INVALID';
  if (amounts.reduce((sum, a) => sum + a, 0) !== billed) return 'TOTAL_MISMATCH';
  return null;
}
