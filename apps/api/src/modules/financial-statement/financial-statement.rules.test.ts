import { todayIn } from '@yado/contract/civil-date';
import { describe, expect, it } from 'vitest';
import {
  dailySummaries,
  methodTotals,
  monthlySummaries,
  nacRefundYen,
  periodClosed,
  periodOf,
  periodStarting,
  periodsWithLines,
  sortLines,
  type Line,
} from './financial-statement.rules.js';

const at = (iso: string) => new Date(iso);
const line = (o: Partial<Line> & Pick<Line, 'date' | 'method' | 'type' | 'amount'>): Line => ({
  billingNumber: 'B-1',
  nacUnits: null,
  rateUnits: null,
  at: at(`${o.date}T03:00:00Z`),
  ...o,
});

describe('periods', () => {
  it('quarters start on Jan, Apr, Jul and Oct 1 and end on their last day', () => {
    expect(periodStarting('QUARTER', '2026-01-01')).toEqual({
      type: 'QUARTER',
      start: '2026-01-01',
      end: '2026-03-31',
    });
    expect(periodStarting('QUARTER', '2026-10-01')?.end).toBe('2026-12-31');
    expect(periodStarting('QUARTER', '2024-01-01')?.end).toBe('2024-03-31');
    expect(periodStarting('QUARTER', '2026-02-01')).toBeNull();
    expect(periodStarting('QUARTER', '2026-04-02')).toBeNull();
  });

  it('half years start on Jan 1 and Jul 1', () => {
    expect(periodStarting('SEMESTER', '2026-07-01')).toEqual({
      type: 'SEMESTER',
      start: '2026-07-01',
      end: '2026-12-31',
    });
    expect(periodStarting('SEMESTER', '2026-01-01')?.end).toBe('2026-06-30');
    expect(periodStarting('SEMESTER', '2026-04-01')).toBeNull();
  });

  it('finds the period a date falls in, and whether it has ended', () => {
    expect(periodOf('QUARTER', '2026-05-31').start).toBe('2026-04-01');
    expect(periodOf('QUARTER', '2026-12-31').start).toBe('2026-10-01');
    expect(periodOf('SEMESTER', '2026-06-30').start).toBe('2026-01-01');
    expect(periodOf('SEMESTER', '2026-07-01').start).toBe('2026-07-01');
    const q = periodStarting('QUARTER', '2026-04-01')!;
    expect(periodClosed(q, '2026-06-30')).toBe(false);
    expect(periodClosed(q, '2026-07-01')).toBe(true);
  });
});

describe('NAC refunds', () => {
  const paid = { units: 12_345_678_901n, yen: 18_580, rateUnits: 15_050_000_000n };
  it('give back the yen paid when all of the NAC comes back', () => {
    expect(nacRefundYen(paid.units, paid)).toBe(18_580);
  });
  it('are worth their NAC at the paid rate, rounded down, when part comes back', () => {
    // 10 NAC × 150.5 = 1,505 yen exactly; 0.00000001 NAC is worth nothing.
    expect(nacRefundYen(1_000_000_000n, paid)).toBe(1_505);
    expect(nacRefundYen(1n, paid)).toBe(0);
  });
});

describe('totals and summaries', () => {
  const lines = sortLines([
    line({ date: '2026-09-10', method: 'CARD', type: 'REFUND', amount: -10_000, billingNumber: 'B-3' }),
    line({ date: '2026-07-11', method: 'POINT', type: 'PAYMENT', amount: 2_000 }),
    line({ date: '2026-07-11', method: 'CARD', type: 'PAYMENT', amount: 30_000 }),
    line({
      date: '2026-08-21',
      method: 'NAC',
      type: 'PAYMENT',
      amount: 18_580,
      nacUnits: 12_345_678_901n,
      rateUnits: 15_050_000_000n,
      billingNumber: 'B-2',
    }),
    line({ date: '2026-09-05', method: 'CARD', type: 'PAYMENT', amount: 10_000, billingNumber: 'B-3' }),
    line({ date: '2026-09-10', method: 'POINT', type: 'PAYMENT', amount: 500, billingNumber: 'B-4' }),
    line({
      date: '2026-09-30',
      method: 'NAC',
      type: 'REFUND',
      amount: -1_505,
      nacUnits: -1_000_000_000n,
      rateUnits: 15_050_000_000n,
      billingNumber: 'B-2',
    }),
  ]);

  it('orders lines by time, then billing, payments before refunds, card before points', () => {
    expect(lines.slice(0, 2).map((l) => l.method)).toEqual(['CARD', 'POINT']);
    expect(lines.slice(4, 6).map((l) => `${l.billingNumber}:${l.type}`)).toEqual(['B-3:REFUND', 'B-4:PAYMENT']);
  });

  it('sums each method exactly: yen as integers, NAC to the last decimal', () => {
    expect(methodTotals(lines)).toEqual({
      card: { paid: 40_000, refunded: -10_000, net: 30_000 },
      nac: {
        paid: 18_580,
        refunded: -1_505,
        net: 17_075,
        nacPaid: '123.45678901',
        nacRefunded: '-10',
        nacNet: '113.45678901',
      },
      point: { paid: 2_500, refunded: 0, net: 2_500 },
      total: { paid: 61_080, refunded: -11_505, net: 49_575 },
    });
  });

  it('summarises each day: its payments and its refunds, numbered within the date', () => {
    expect(dailySummaries(lines)).toEqual([
      { date: '2026-07-11', dateSeq: 1, amount: 32_000, type: 'PAYMENT' },
      { date: '2026-08-21', dateSeq: 1, amount: 18_580, type: 'PAYMENT' },
      { date: '2026-09-05', dateSeq: 1, amount: 10_000, type: 'PAYMENT' },
      { date: '2026-09-10', dateSeq: 1, amount: 500, type: 'PAYMENT' },
      { date: '2026-09-10', dateSeq: 2, amount: -10_000, type: 'REFUND' },
      { date: '2026-09-30', dateSeq: 1, amount: -1_505, type: 'REFUND' },
    ]);
  });

  it('summarises every month of the period, a quiet one as zero', () => {
    const q = periodStarting('QUARTER', '2026-07-01')!;
    expect(monthlySummaries(q, lines)).toEqual([
      { year: 2026, month: 7, card: 30_000, nac: 0, point: 2_000, paid: 32_000, refunded: 0, net: 32_000 },
      { year: 2026, month: 8, card: 0, nac: 18_580, point: 0, paid: 18_580, refunded: 0, net: 18_580 },
      { year: 2026, month: 9, card: 0, nac: -1_505, point: 500, paid: 10_500, refunded: -11_505, net: -1_005 },
    ]);
    const empty = monthlySummaries(periodStarting('SEMESTER', '2027-01-01')!, []);
    expect(empty.map((m) => [m.month, m.net])).toEqual([
      [1, 0],
      [2, 0],
      [3, 0],
      [4, 0],
      [5, 0],
      [6, 0],
    ]);
  });

  it('lists only the periods that have lines, newest first', () => {
    const more = [...lines, line({ date: '2027-01-02', method: 'CARD', type: 'PAYMENT', amount: 700 })];
    expect(periodsWithLines('QUARTER', more).map((p) => [p.period.start, p.net, p.lineCount])).toEqual([
      ['2027-01-01', 700, 1],
      ['2026-07-01', 49_575, 7],
    ]);
    expect(periodsWithLines('SEMESTER', more).map((p) => p.period.start)).toEqual(['2027-01-01', '2026-07-01']);
  });
});

// Periods are civil quarters and half years in Japan (decision 0048). "Today" is Tokyo's day of an
// explicit instant, as the service reads it; a line's date is its day in Japan, given here as written.
describe('periods at the calendar’s edges', () => {
  const tokyoDay = (instant: string) => todayIn('Asia/Tokyo', new Date(instant));

  it('closes the fourth quarter at midnight in Japan, while it is still 31 December in UTC', () => {
    const q4 = periodOf('QUARTER', '2026-12-31');
    expect(periodClosed(q4, tokyoDay('2026-12-31T14:59:59Z'))).toBe(false);
    expect(periodClosed(q4, tokyoDay('2026-12-31T15:30:00Z'))).toBe(true);
    expect(periodOf('QUARTER', tokyoDay('2026-12-31T15:30:00Z'))).toEqual({
      type: 'QUARTER',
      start: '2027-01-01',
      end: '2027-03-31',
    });
    expect(periodOf('SEMESTER', tokyoDay('2026-12-31T15:30:00Z')).start).toBe('2027-01-01');
  });

  it('ends the second quarter on 30 June and counts 30 April in April, 1 May in May', () => {
    const q2 = periodStarting('QUARTER', '2027-04-01')!;
    expect(q2.end).toBe('2027-06-30');
    const months = monthlySummaries(q2, [
      line({ date: '2027-04-30', method: 'CARD', type: 'PAYMENT', amount: 1_000 }),
      line({ date: '2027-05-01', method: 'CARD', type: 'PAYMENT', amount: 2_000 }),
    ]);
    expect(months.map((m) => [m.month, m.net])).toEqual([
      [4, 1_000],
      [5, 2_000],
      [6, 0],
    ]);
  });

  it('counts 29 February 2028 in February of the first quarter', () => {
    const q1 = periodOf('QUARTER', '2028-02-29');
    expect(q1).toEqual({ type: 'QUARTER', start: '2028-01-01', end: '2028-03-31' });
    const months = monthlySummaries(q1, [line({ date: '2028-02-29', method: 'POINT', type: 'PAYMENT', amount: 300 })]);
    expect(months.map((m) => [m.month, m.point])).toEqual([
      [1, 0],
      [2, 300],
      [3, 0],
    ]);
  });

  it('puts 31 December and 1 January in different years’ periods', () => {
    const yearEnd = [
      line({ date: '2026-12-31', method: 'CARD', type: 'PAYMENT', amount: 100 }),
      line({ date: '2027-01-01', method: 'CARD', type: 'PAYMENT', amount: 200 }),
    ];
    expect(periodsWithLines('QUARTER', yearEnd).map((p) => [p.period.start, p.net])).toEqual([
      ['2027-01-01', 200],
      ['2026-10-01', 100],
    ]);
    expect(periodsWithLines('SEMESTER', yearEnd).map((p) => [p.period.start, p.period.end, p.net])).toEqual([
      ['2027-01-01', '2027-06-30', 200],
      ['2026-07-01', '2026-12-31', 100],
    ]);
  });
});
