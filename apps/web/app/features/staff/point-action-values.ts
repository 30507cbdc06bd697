import { staffCreatePointAction } from '@yado/contract/point.contract';
import { toNumber } from './form-errors';
import { maxLengthOf } from '../../lib/schema-limits';

export const MANUAL_REASONS = ['CONFIRM_MANUAL', 'CONSUME_MANUAL', 'REFUND_MANUAL', 'REVOKE_MANUAL'] as const;
export type ManualReason = (typeof MANUAL_REASONS)[number];

/** The same bounds as staff_create_point_action, checked before the confirmation step. */
export const MAX_MANUAL_POINTS = 10_000_000;
export const MAX_NOTE_LENGTH = maxLengthOf(staffCreatePointAction.input.shape.note);

export type PointActionDraft = { reason: ManualReason; points: string; note: string };

/** What is wrong with a draft, as keys of staff:points.action.problems. */
export type PointActionProblems = Partial<Record<'points' | 'note', 'points' | 'note' | 'overBalance'>>;

/** Consuming and revoking take points away; granting and refunding add them. */
export const takesPoints = (reason: ManualReason): boolean => reason === 'CONSUME_MANUAL' || reason === 'REVOKE_MANUAL';

/**
 * Checks a manual action against the guest's balance as the page last read
 * it: a balance never goes below zero, so taking more than it holds is caught
 * here (the server refuses it too, should the balance have changed meanwhile).
 */
export function checkPointAction(
  draft: PointActionDraft,
  balance: number,
):
  | { ok: true; input: { reason: ManualReason; points: number; note: string }; balanceAfter: number }
  | { ok: false; problems: PointActionProblems } {
  const problems: PointActionProblems = {};
  const points = toNumber(draft.points);
  const note = draft.note.trim();
  if (!Number.isInteger(points) || points < 1 || points > MAX_MANUAL_POINTS) problems.points = 'points';
  else if (takesPoints(draft.reason) && points > balance) problems.points = 'overBalance';
  if (note.length === 0 || note.length > MAX_NOTE_LENGTH) problems.note = 'note';
  if (problems.points || problems.note) return { ok: false, problems };
  const balanceAfter = takesPoints(draft.reason) ? balance - points : balance + points;
  return { ok: true, input: { reason: draft.reason, points, note }, balanceAfter };
}
