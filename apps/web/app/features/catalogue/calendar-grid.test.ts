import { describe, expect, it } from 'vitest';
import { buildMonthGrid, normalizeCalendar, type CalendarDay } from './calendar-grid';

const day = (date: string, over: Partial<CalendarDay> = {}): CalendarDay => ({
  date,
  availableForCheckin: true,
  availableForCheckout: true,
  priceType: 'STANDARD',
  ...over,
});

describe('buildMonthGrid', () => {
  it('starts weeks on Sunday and pads both ends', () => {
    // 1 March 2027 is a Monday; March has 31 days.
    const weeks = buildMonthGrid({ year: 2027, month: 3 }, []);
    expect(weeks).toHaveLength(5);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(weeks[0]![0]).toBeNull();
    expect(weeks[0]![1]).toMatchObject({ date: '2027-03-01', day: 1 });
    expect(weeks[4]![3]).toMatchObject({ date: '2027-03-31', day: 31 });
    expect(weeks[4]![4]).toBeNull();
  });

  it('handles leap February and a month starting on Sunday', () => {
    const feb = buildMonthGrid({ year: 2028, month: 2 }, []).flat().filter(Boolean);
    expect(feb).toHaveLength(29);
    // 1 August 2027 is a Sunday: no padding before it.
    expect(buildMonthGrid({ year: 2027, month: 8 }, [])[0]![0]).toMatchObject({ day: 1 });
  });

  it('attaches the API day to its cell and leaves days not on sale empty', () => {
    const high = day('2027-03-02', { priceType: 'HIGH' });
    const cells = buildMonthGrid({ year: 2027, month: 3 }, [high]).flat();
    expect(cells.find((c) => c?.date === '2027-03-02')?.info).toEqual(high);
    expect(cells.find((c) => c?.date === '2027-03-03')?.info).toBeNull();
  });
});

describe('normalizeCalendar', () => {
  it('turns the API date objects into ISO dates', () => {
    const months = normalizeCalendar([
      {
        year: 2027,
        month: 1,
        days: [
          {
            date: { year: 2027, month: 1, day: 5 },
            availableForCheckin: false,
            availableForCheckout: true,
            priceType: 'HIGH',
          },
        ],
      },
    ]);
    expect(months[0]!.days[0]).toEqual(day('2027-01-05', { availableForCheckin: false, priceType: 'HIGH' }));
  });
});
