import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/app-error.js';
import {
  assertPointPayment,
  expiredRemainders,
  expiringSoon,
  pointExpiry,
  pointsEarned,
  remainingLots,
  type LedgerEntry,
} from './point.rules.js';

const DAY = 86_400_000;
const t0 = new Date('2030-01-01T00:00:00Z');
const day = (n: number) => new Date(t0.getTime() + n * DAY);
const lot = (id: string, points: number, earnedDay: number): LedgerEntry => ({
  id,
  points,
  reason: 'CONFIRM_CHECK_OUT',
  expiresAt: pointExpiry(day(earnedDay)),
  lotId: null,
});
const spend = (id: string, points: number): LedgerEntry => ({
  id,
  points: -points,
  reason: 'CONSUME_BILLING',
  expiresAt: null,
  lotId: null,
});
const reason = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return err.reason;
    throw err;
  }
  return 'none';
};

describe('point rules', () => {
  it('earns 1 point per 100 yen, rounded down', () => {
    expect(pointsEarned(0)).toBe(0);
    expect(pointsEarned(99)).toBe(0);
    expect(pointsEarned(100)).toBe(1);
    expect(pointsEarned(45_678)).toBe(456);
    expect(pointsEarned(-500)).toBe(0);
  });

  it('lapses 365 days after earning', () => {
    expect(pointExpiry(t0).toISOString()).toBe('2031-01-01T00:00:00.000Z');
  });

  it('pays at most the amount billed and the balance', () => {
    expect(reason(() => assertPointPayment({ points: 500, balance: 1_000, amountBilled: 400 }))).toBe(
      'CodePointsExceedAmount',
    );
    expect(reason(() => assertPointPayment({ points: 500, balance: 499, amountBilled: 1_000 }))).toBe(
      'CodeInsufficientPoints',
    );
    expect(reason(() => assertPointPayment({ points: 500, balance: 500, amountBilled: 500 }))).toBe('none');
  });

  it('spends the lots that lapse first and revokes only what is left of a lapsed lot', () => {
    const entries = [lot('a', 100, 0), lot('b', 50, 10), spend('s1', 120)];
    expect(remainingLots(entries).map((l) => [l.id, l.remaining])).toEqual([
      ['a', 0],
      ['b', 30],
    ]);
    expect(expiredRemainders(entries, day(366))).toEqual([]);
    expect(expiredRemainders(entries, day(376))).toEqual([{ lotId: 'b', points: 30 }]);
  });

  it('a revocation settles its lot, so a second sweep finds nothing', () => {
    const entries = [lot('a', 100, 0), spend('s1', 30)];
    const first = expiredRemainders(entries, day(400));
    expect(first).toEqual([{ lotId: 'a', points: 70 }]);
    const after = [...entries, { id: 'r', points: -70, reason: 'REVOKE_EXPIRED', expiresAt: null, lotId: 'a' }];
    expect(expiredRemainders(after, day(400))).toEqual([]);
  });

  it('lists the points lapsing soon', () => {
    const entries = [lot('a', 100, 0), lot('b', 50, 100), spend('s1', 20)];
    expect(expiringSoon(entries, day(300), day(390))).toEqual([{ points: 80, expiresAt: pointExpiry(day(0)) }]);
  });

  it('sweeping never takes more than the balance, and the balance after sweeping is what unexpired lots hold', () => {
    const opArb = fc.oneof(
      fc.record({ kind: fc.constant('earn' as const), points: fc.integer({ min: 1, max: 1_000 }) }),
      fc.record({ kind: fc.constant('spend' as const), points: fc.integer({ min: 1, max: 1_000 }) }),
      fc.record({ kind: fc.constant('sweep' as const), points: fc.constant(0) }),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(opArb, fc.integer({ min: 0, max: 200 })), { maxLength: 30 }), (ops) => {
        const entries: LedgerEntry[] = [];
        let today = 0;
        let n = 0;
        const balance = () => entries.reduce((s, e) => s + e.points, 0);
        const sweep = () => {
          for (const r of expiredRemainders(entries, day(today))) {
            entries.push({
              id: `r${n++}`,
              points: -r.points,
              reason: 'REVOKE_EXPIRED',
              expiresAt: null,
              lotId: r.lotId,
            });
          }
        };
        for (const [op, gap] of ops) {
          today += gap;
          if (op.kind === 'earn') entries.push({ ...lot(`l${n++}`, op.points, today) });
          else if (op.kind === 'spend') {
            sweep();
            const p = Math.min(op.points, balance());
            if (p > 0) entries.push(spend(`s${n++}`, p));
          } else sweep();
          expect(balance()).toBeGreaterThanOrEqual(0);
        }
        sweep();
        const live = remainingLots(entries)
          .filter((l) => l.expiresAt.getTime() > day(today).getTime())
          .reduce((s, l) => s + l.remaining, 0);
        expect(balance()).toBe(live);
        // A second sweep right away changes nothing.
        expect(expiredRemainders(entries, day(today))).toEqual([]);
      }),
    );
  });
});
