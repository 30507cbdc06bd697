import { SeasonChangeSchema } from '@yado/contract/staff-catalogue.contract';
import { describe, expect, it } from 'vitest';
import {
  changeFor,
  changeIndexOf,
  EMPTY_EDIT,
  inRange,
  NO_SELECTION,
  previewDays,
  selectDay,
  selectedRange,
  type SeasonDay,
} from './season-calendar';

const d = (day: number, month = 8) => ({ year: 2026, month, day });

describe('season calendar editing', () => {
  it('selects a range with two clicks in either order, and starts over on a third', () => {
    let s = selectDay(NO_SELECTION, d(12));
    expect(selectedRange(s)).toEqual({ from: d(12), to: d(12) });
    s = selectDay(s, d(9));
    expect(selectedRange(s)).toEqual({ from: d(9), to: d(12) });
    expect(inRange(d(10), selectedRange(s))).toBe(true);
    expect(inRange(d(13), selectedRange(s))).toBe(false);
    s = selectDay(s, d(20));
    expect(selectedRange(s)).toEqual({ from: d(20), to: d(20) });
  });

  it('turns the range and the chosen values into one change of the contract', () => {
    const range = { from: d(9), to: d(12) };
    expect(changeFor(range, EMPTY_EDIT)).toBeNull();
    const high = changeFor(range, { ...EMPTY_EDIT, priceType: 'HIGH', highPrice: '48,000' });
    expect(high).toEqual({ from: d(9), to: d(12), priceType: 'HIGH', highPrice: 48000 });
    expect(SeasonChangeSchema.safeParse(high).success).toBe(true);
    expect(changeFor(range, { ...EMPTY_EDIT, closed: 'close' })).toEqual({ ...range, closed: true });
    expect(changeFor(range, { ...EMPTY_EDIT, closed: 'open' })).toEqual({ ...range, closed: false });
  });

  it('previews pending changes in order, new days starting at the standard price', () => {
    const existing = new Map<string, SeasonDay>([
      ['2026-08-10', { date: d(10), priceType: 'STANDARD', closed: false, standardPrice: 30000, highPrice: 45000 }],
    ]);
    const next = previewDays(
      existing,
      [
        { from: d(10), to: d(11), priceType: 'HIGH' },
        { from: d(11), to: d(11), closed: true },
      ],
      25000,
    );
    expect(next.get('2026-08-10')).toMatchObject({ priceType: 'HIGH', standardPrice: 30000, highPrice: 45000 });
    expect(next.get('2026-08-11')).toMatchObject({ priceType: 'HIGH', closed: true, highPrice: 25000 });
    expect(existing.get('2026-08-10')?.priceType).toBe('STANDARD');
  });

  it('finds the change a refusal names', () => {
    expect(changeIndexOf('changes.3.to')).toBe(3);
    expect(changeIndexOf('changes.0')).toBe(0);
    expect(changeIndexOf('houseGroupId')).toBeNull();
  });
});
