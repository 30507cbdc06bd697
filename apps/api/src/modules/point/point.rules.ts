import { AppError } from '../../platform/app-error.js';

/** Points lapse this long after they are earned (docs/domain.md, Points). */
export const POINT_LIFETIME_DAYS = 365;
const DAY_MS = 86_400_000;

/** One point per 100 yen of paid accommodation (tax-exclusive), rounded down. */
export function pointsEarned(paidAccommodationAmount: number): number {
  if (!Number.isFinite(paidAccommodationAmount) || paidAccommodationAmount <= 0) return 0;
  return Math.floor(paidAccommodationAmount / 100);
}

export function pointExpiry(earnedAt: Date): Date {
  return new Date(earnedAt.getTime() + POINT_LIFETIME_DAYS * DAY_MS);
}

/**
 * Points pay 1:1 in yen: never more than the amount billed, never more than
 * the balance. The amount check comes first, as it is the caller's mistake
 * whatever the balance.
 */
export function assertPointPayment(input: { points: number; balance: number; amountBilled: number }): void {
  if (!Number.isSafeInteger(input.points) || input.points < 0) throw new AppError('CodeInvalidArgument');
  if (input.points > input.amountBilled) throw new AppError('CodePointsExceedAmount');
  if (input.points > input.balance) throw new AppError('CodeInsufficientPoints');
}

export type LedgerEntry = {
  id: string;
  points: number;
  reason: string;
  /** Set on positive entries (lots). */
  expiresAt: Date | null;
  /** Set on REVOKE_EXPIRED: the lot it took back. */
  lotId: string | null;
};

export type Lot = { id: string; points: number; expiresAt: Date; remaining: number };

/**
 * What is left of each lot. Spending (and manual revoking) draws on the lots
 * that lapse first (FIFO); a REVOKE_EXPIRED takes from the lot it names. The
 * result does not depend on the order of the entries, so re-running the sweep
 * finds exactly what an earlier run left.
 */
export function remainingLots(entries: readonly LedgerEntry[]): Lot[] {
  const lots: Lot[] = entries
    .filter((e) => e.points > 0 && e.expiresAt !== null)
    .map((e) => ({ id: e.id, points: e.points, expiresAt: e.expiresAt as Date, remaining: e.points }))
    .sort((a, b) => a.expiresAt.getTime() - b.expiresAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const byId = new Map(lots.map((l) => [l.id, l]));
  let spent = 0;
  for (const e of entries) {
    if (e.points >= 0) continue;
    const lot = e.reason === 'REVOKE_EXPIRED' && e.lotId ? byId.get(e.lotId) : undefined;
    if (lot) lot.remaining += e.points;
    else spent -= e.points;
  }
  for (const lot of lots) {
    const take = Math.min(Math.max(0, lot.remaining), spent);
    lot.remaining -= take;
    spent -= take;
  }
  return lots;
}

/** The unspent remainder of every lot that has lapsed by `now`: what REVOKE_EXPIRED takes back. */
export function expiredRemainders(entries: readonly LedgerEntry[], now: Date): { lotId: string; points: number }[] {
  return remainingLots(entries)
    .filter((l) => l.expiresAt.getTime() <= now.getTime() && l.remaining > 0)
    .map((l) => ({ lotId: l.id, points: l.remaining }));
}

/** Points that lapse after `now` and before `until`, grouped by the instant they lapse, soonest first. */
export function expiringSoon(
  entries: readonly LedgerEntry[],
  now: Date,
  until: Date,
): { points: number; expiresAt: Date }[] {
  const byTime = new Map<number, number>();
  for (const l of remainingLots(entries)) {
    const t = l.expiresAt.getTime();
    if (l.remaining > 0 && t > now.getTime() && t <= until.getTime()) byTime.set(t, (byTime.get(t) ?? 0) + l.remaining);
  }
  return [...byTime.entries()].sort((a, b) => a[0] - b[0]).map(([t, points]) => ({ points, expiresAt: new Date(t) }));
}
