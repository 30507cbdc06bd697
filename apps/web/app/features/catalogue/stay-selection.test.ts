import { describe, expect, it } from 'vitest';
import type { CalendarDay } from './calendar-grid';
import { addDays } from '@yado/contract/civil-date';
import { dayAction, isValidCheckout, selectionRole } from './stay-selection';

/** Days from 2027-03-01 for `n` days; `taken` nights are not free (no check-in, no check-out the day after). */
function calendar(n: number, taken: string[] = []): Map<string, CalendarDay> {
  const map = new Map<string, CalendarDay>();
  for (let i = 0; i < n; i++) {
    const date = addDays('2027-03-01', i);
    map.set(date, {
      date,
      availableForCheckin: !taken.includes(date),
      availableForCheckout: !taken.includes(addDays(date, -1)),
      priceType: 'STANDARD',
    });
  }
  return map;
}

describe('dayAction', () => {
  const days = calendar(60, ['2027-03-10']);

  it('starts a stay on a free night', () => {
    expect(dayAction(days, { checkin: null, checkout: null }, '2027-03-05')).toEqual({
      kind: 'checkin',
      next: { checkin: '2027-03-05', checkout: null },
    });
  });

  it('cannot start a stay on a taken night', () => {
    expect(dayAction(days, { checkin: null, checkout: null }, '2027-03-10').kind).toBe('disabled');
  });

  it('ends the stay on a later day when every night between is free', () => {
    expect(dayAction(days, { checkin: '2027-03-05', checkout: null }, '2027-03-08')).toEqual({
      kind: 'checkout',
      next: { checkin: '2027-03-05', checkout: '2027-03-08' },
    });
    // Leaving on the morning after the last free night is fine: the taken night is not stayed.
    expect(dayAction(days, { checkin: '2027-03-05', checkout: null }, '2027-03-10').kind).toBe('checkout');
  });

  it('does not stretch a stay over a taken night: a later free day starts a new stay instead', () => {
    expect(dayAction(days, { checkin: '2027-03-05', checkout: null }, '2027-03-12')).toEqual({
      kind: 'checkin',
      next: { checkin: '2027-03-12', checkout: null },
    });
  });

  it('starts over with an earlier day, or any day once both dates are chosen', () => {
    expect(dayAction(days, { checkin: '2027-03-05', checkout: null }, '2027-03-03').kind).toBe('checkin');
    expect(dayAction(days, { checkin: '2027-03-05', checkout: '2027-03-07' }, '2027-03-06')).toEqual({
      kind: 'checkin',
      next: { checkin: '2027-03-06', checkout: null },
    });
  });

  it('keeps stays within 30 nights', () => {
    const free = calendar(60);
    expect(isValidCheckout(free, '2027-03-01', addDays('2027-03-01', 30))).toBe(true);
    expect(isValidCheckout(free, '2027-03-01', addDays('2027-03-01', 31))).toBe(false);
    expect(isValidCheckout(free, '2027-03-05', '2027-03-05')).toBe(false);
  });

  it('leaves nights of months not loaded to the price answer', () => {
    expect(isValidCheckout(calendar(3), '2027-03-02', '2027-03-20')).toBe(true);
  });
});

describe('selectionRole', () => {
  it('marks check-in, check-out and the nights between', () => {
    const s = { checkin: '2027-03-05', checkout: '2027-03-08' };
    expect(selectionRole(s, '2027-03-05')).toBe('checkin');
    expect(selectionRole(s, '2027-03-06')).toBe('within');
    expect(selectionRole(s, '2027-03-08')).toBe('checkout');
    expect(selectionRole(s, '2027-03-09')).toBeNull();
    expect(selectionRole({ checkin: '2027-03-05', checkout: null }, '2027-03-06')).toBeNull();
  });
});
