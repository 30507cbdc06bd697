import { describe, expect, it } from 'vitest';
import { datesChosen, remainingText } from './waitlist-time';

describe('remainingText', () => {
  it('counts down minutes and seconds, hours past an hour, and stops at zero', () => {
    expect(remainingText(30 * 60_000, 0)).toBe('30:00');
    expect(remainingText(65_500, 0)).toBe('1:06');
    expect(remainingText(3_723_000, 0)).toBe('1:02:03');
    expect(remainingText(1_000, 5_000)).toBe('0:00');
  });
});

describe('datesChosen', () => {
  it('needs both dates, from today on, the check-out after the check-in', () => {
    expect(datesChosen('2026-12-01', '2026-12-03', '2026-11-26')).toBe(true);
    expect(datesChosen('2026-11-25', '2026-11-27', '2026-11-26')).toBe(false);
    expect(datesChosen('2026-12-03', '2026-12-03', '2026-11-26')).toBe(false);
    expect(datesChosen('', '2026-12-03', '2026-11-26')).toBe(false);
  });
});
