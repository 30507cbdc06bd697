import { describe, expect, it } from 'vitest';
import { checkPointAction } from './point-action-values';

describe('checkPointAction', () => {
  it('accepts a grant with a note and says the balance after it', () => {
    expect(checkPointAction({ reason: 'CONFIRM_MANUAL', points: '1,500', note: '  Apology  ' }, 3_000)).toEqual({
      ok: true,
      input: { reason: 'CONFIRM_MANUAL', points: 1_500, note: 'Apology' },
      balanceAfter: 4_500,
    });
    expect(checkPointAction({ reason: 'REFUND_MANUAL', points: '10', note: 'Spa closed' }, 0)).toMatchObject({
      ok: true,
      balanceAfter: 10,
    });
  });

  it('lets staff take the whole balance but not a point more', () => {
    expect(checkPointAction({ reason: 'REVOKE_MANUAL', points: '3000', note: 'Given twice' }, 3_000)).toMatchObject({
      ok: true,
      balanceAfter: 0,
    });
    expect(checkPointAction({ reason: 'CONSUME_MANUAL', points: '3001', note: 'Desk' }, 3_000)).toEqual({
      ok: false,
      problems: { points: 'overBalance' },
    });
  });

  it('refuses points that are not a whole number from 1 to 10,000,000, and a missing or long note', () => {
    for (const points of ['', '0', '-5', '1.5', 'ten', '10000001']) {
      expect(checkPointAction({ reason: 'CONFIRM_MANUAL', points, note: 'x' }, 0)).toEqual({
        ok: false,
        problems: { points: 'points' },
      });
    }
    expect(checkPointAction({ reason: 'CONFIRM_MANUAL', points: '5', note: '   ' }, 0)).toEqual({
      ok: false,
      problems: { note: 'note' },
    });
    expect(checkPointAction({ reason: 'REVOKE_MANUAL', points: '5', note: 'x'.repeat(501) }, 0)).toEqual({
      ok: false,
      problems: { points: 'overBalance', note: 'note' },
    });
  });
});
