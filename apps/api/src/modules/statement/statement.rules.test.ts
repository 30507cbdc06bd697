import { todayIn } from '@yado/contract/civil-date';
import { consumptionTaxRateOf, exclusiveOf, inclusiveOf, taxOf } from '@yado/contract/consumption-tax';
import { describe, expect, it } from 'vitest';
import {
  feeItem,
  houseStatement,
  lastEndedPeriod,
  managementFeeItem,
  periodIdOf,
  periodStarting,
  revenueItem,
  section,
  statementTotals,
  type Item,
} from './statement.rules.js';

// The numbers of docs/owner-statement-example.md, worked by hand.

const oneTwelfth = { numerator: 1, denominator: 12 };
const october = periodStarting('MONTHLY', '2026-10-01')!;
const secondHalf = periodStarting('SEMESTER', '2026-07-01')!;

const fee = (
  subject: 'OWN_USE_FEE' | 'MUTUAL_USE_EXTRA_CHARGE' | 'CANCELLATION_FEE',
  inclusiveAmount: number,
  taxRate: number,
  incurredOn: string,
  bookingNumber: string,
  nights = 1,
) => feeItem({ subject, inclusiveAmount, taxRate, incurredOn, periodFrom: october.from, bookingNumber, nights })!;

describe('the monthly example (October 2026)', () => {
  const revenue = [revenueItem(1_234_626, oneTwelfth, 'DEFAULT')!, revenueItem(60_066, oneTwelfth, 'ADJUSTMENT')!];
  const expenditure = [
    managementFeeItem({ feePerMonth: 180_000, fraction: oneTwelfth, period: october, heldFrom: '2025-04-01' })!,
    fee('OWN_USE_FEE', 24_205, 10, '2026-10-03', 'Y-1001'),
    fee('MUTUAL_USE_EXTRA_CHARGE', 11_005, 10, '2026-10-12', 'Y-1002', 3),
    fee('OWN_USE_FEE', -5_500, 10, '2026-09-30', 'Y-0990'),
    fee('CANCELLATION_FEE', 8_000, 0, '2026-10-20', 'Y-1003'),
  ];
  const house = houseStatement('MONTHLY', revenue, expenditure);

  it('takes the owner’s twelfth of the revenue, rounded down per item, and taxes the sum once', () => {
    expect(revenue.map((i) => [i.amount, i.summaryType])).toEqual([
      [102_885, 'DEFAULT'],
      [5_005, 'ADJUSTMENT'],
    ]);
    expect(house.revenue).toMatchObject({
      subtotal: 107_890,
      consumptionTaxes: [{ targetAmount: 107_890, percentage: 10, taxAmount: 10_789 }],
      total: 118_679,
    });
    // Item by item it would be one yen less.
    expect(revenue.reduce((s, i) => s + taxOf(i.amount, 'STANDARD'), 0)).toBe(10_788);
  });

  it('reads the ledger’s tax-inclusive fees back to tax-exclusive items with their unit details', () => {
    expect(expenditure.map((i) => [i.subject, i.summaryType, i.amount, i.taxRate])).toEqual([
      ['MANAGEMENT_FEE', 'DEFAULT', 15_000, 10],
      ['OWN_USE_FEE', 'DEFAULT', 22_005, 10],
      ['MUTUAL_USE_EXTRA_CHARGE', 'DEFAULT', 10_005, 10],
      ['OWN_USE_FEE', 'ADJUSTMENT', -5_000, 10],
      ['CANCELLATION_FEE', 'DEFAULT', 8_000, 0],
    ]);
    expect(expenditure[0]!.unitDetails).toEqual({
      unitPrice: 15_000,
      unit: 'MONTHLY',
      months: 1,
      days: 0,
      period: { months: 1, days: 0 },
    });
    expect(expenditure[2]!.unitDetails).toEqual({
      unitPrice: 3_335,
      unit: 'DAILY',
      months: 0,
      days: 3,
      period: { months: 0, days: 3 },
    });
  });

  it('taxes the expenditure once per rate and keeps the cancellation fee non-taxable', () => {
    expect(house.expenditure).toMatchObject({
      subtotal: 50_010,
      consumptionTaxes: [{ targetAmount: 42_010, percentage: 10, taxAmount: 4_201 }],
      nonTaxable: { targetAmount: 8_000 },
      total: 54_211,
    });
    expect(expenditure.reduce((s, i) => s + taxOf(i.amount, consumptionTaxRateOf(i.taxRate)), 0)).toBe(4_200);
  });

  it('settles the month and totals the statement', () => {
    expect(house.total).toBe(64_468);
    expect(house.monthlyReportSettlement).toEqual({
      total: 64_468,
      consumptionTax: 6_588,
      items: [
        { subject: 'REVENUE', amount: 107_890, consumptionTaxApplicable: true },
        { subject: 'TAXABLE_EXPENDITURE', amount: -42_010, consumptionTaxApplicable: true },
        { subject: 'NON_TAXABLE_EXPENDITURE', amount: -8_000, consumptionTaxApplicable: false },
      ],
    });
    expect(house.semesterReportSettlement).toBeUndefined();
    expect(statementTotals([house])).toEqual({ totalRevenue: 118_679, totalExpenditure: 54_211, total: 64_468 });
  });
});

describe('the semester example (July–December 2026, share granted 2026-08-20)', () => {
  const mgmt = managementFeeItem({
    feePerMonth: 180_000,
    fraction: oneTwelfth,
    period: secondHalf,
    heldFrom: '2026-08-20',
  })!;
  const house = houseStatement('SEMESTER', [revenueItem(600_006, oneTwelfth, 'DEFAULT')!], [mgmt]);

  it('bills August by its days and the later months whole', () => {
    expect(mgmt.amount).toBe(65_806);
    expect(mgmt.unitDetails).toEqual({
      unitPrice: 15_000,
      unit: 'MONTHLY',
      months: 4,
      days: 12,
      totalAndBilled: { totalDays: 31, billedDays: 12 },
    });
  });

  it('withholds the expenditure from the transfer', () => {
    expect(house.revenue.total).toBe(55_000);
    expect(house.expenditure).toMatchObject({ subtotal: 65_806, total: 72_386 });
    expect(house.semesterReportSettlement).toEqual({
      exclusion: 72_386,
      exclusionItems: [{ subject: 'MANAGEMENT_FEE', amount: 65_806, consumptionTaxApplicable: true }],
      exclusionConsumptionTax: 6_580,
      transferAmount: -17_386,
    });
    expect(house.total).toBe(-17_386);
    expect(house.monthlyReportSettlement).toBeUndefined();
  });
});

describe('two rates in one section', () => {
  const item = (amount: number, taxRate: number): Item => ({
    subject: 'OWN_USE_FEE',
    summaryType: 'DEFAULT',
    amount,
    taxRate,
    unitDetails: null,
    bookingNumber: null,
    date: null,
  });
  it('has one line per rate, highest first, each taxed on its sum', () => {
    const s = section([item(1_005, 10), item(1_250, 8), item(2_005, 10), item(1_250, 8)]);
    expect(s.consumptionTaxes).toEqual([
      { targetAmount: 3_010, percentage: 10, taxAmount: 301 },
      { targetAmount: 2_500, percentage: 8, taxAmount: 200 },
    ]);
    expect(s).toMatchObject({ subtotal: 5_510, total: 6_011 });
  });
});

describe('small rules', () => {
  it('rounds a negative sum’s tax toward zero, as the mirror of a positive one', () => {
    expect(taxOf(-1_005, 'STANDARD')).toBe(-100);
    expect(taxOf(1_005, 'STANDARD')).toBe(100);
  });

  it('takes back the owner’s part of refunded revenue rounded toward zero, as it was given', () => {
    expect(revenueItem(48_013, oneTwelfth, 'ADJUSTMENT')!.amount).toBe(4_001);
    expect(revenueItem(-48_013, oneTwelfth, 'ADJUSTMENT')!.amount).toBe(-4_001);
    expect(revenueItem(11, oneTwelfth, 'DEFAULT')).toBeNull();
  });

  it('recovers every tax-exclusive amount the ledger can hold at 10% and 8%', () => {
    for (const rate of ['STANDARD', 'REDUCED'] as const)
      for (let x = -3_000; x <= 3_000; x++) {
        expect(exclusiveOf(inclusiveOf(x, rate), rate)).toBe(x);
      }
  });

  it('knows which periods exist and which ended last', () => {
    expect(periodStarting('MONTHLY', '2026-02-01')).toEqual({
      cycle: 'MONTHLY',
      from: '2026-02-01',
      to: '2026-02-28',
      months: 1,
    });
    expect(periodStarting('MONTHLY', '2026-02-02')).toBeNull();
    expect(periodStarting('SEMESTER', '2026-03-01')).toBeNull();
    expect(periodStarting('SEMESTER', '2026-01-01')?.to).toBe('2026-06-30');
    expect(lastEndedPeriod('MONTHLY', '2026-01-05').from).toBe('2025-12-01');
    expect(lastEndedPeriod('SEMESTER', '2026-07-01').from).toBe('2026-01-01');
    expect(lastEndedPeriod('SEMESTER', '2026-06-30').from).toBe('2025-07-01');
  });

  it('leaves out a management fee of a share granted after the period and one of no fee', () => {
    expect(
      managementFeeItem({ feePerMonth: 180_000, fraction: oneTwelfth, period: october, heldFrom: '2026-11-01' }),
    ).toBeNull();
    expect(
      managementFeeItem({ feePerMonth: 0, fraction: oneTwelfth, period: october, heldFrom: '2026-01-01' }),
    ).toBeNull();
    expect(
      managementFeeItem({ feePerMonth: 180_000, fraction: oneTwelfth, period: secondHalf, heldFrom: '2026-09-01' })
        ?.unitDetails,
    ).toMatchObject({ months: 4, period: { months: 4, days: 0 } });
  });
});

// Periods are civil months in Japan (docs/domain.md, Owner statements). Every "today" below is Tokyo's
// day of an explicit instant, as the close job reads it; nothing depends on the machine's day or zone.
describe('statement periods at the calendar’s edges', () => {
  const tokyoDay = (instant: string) => todayIn('Asia/Tokyo', new Date(instant));

  it('end on each month’s own last day', () => {
    expect(periodStarting('MONTHLY', '2027-04-01')?.to).toBe('2027-04-30');
    expect(periodStarting('MONTHLY', '2027-02-01')?.to).toBe('2027-02-28');
    expect(periodStarting('MONTHLY', '2028-02-01')?.to).toBe('2028-02-29');
    expect(periodStarting('MONTHLY', '2026-12-01')).toEqual({
      cycle: 'MONTHLY',
      from: '2026-12-01',
      to: '2026-12-31',
      months: 1,
    });
    expect(periodStarting('SEMESTER', '2026-07-01')?.to).toBe('2026-12-31');
    expect(periodStarting('MONTHLY', '2027-04-30')).toBeNull();
  });

  it('has December 2026 ended once it is 1 January 2027 in Japan, though still 31 December in UTC', () => {
    const justBefore = tokyoDay('2026-12-31T14:59:59Z');
    const justAfter = tokyoDay('2026-12-31T15:30:00Z');
    expect(lastEndedPeriod('MONTHLY', justBefore).from).toBe('2026-11-01');
    expect(lastEndedPeriod('MONTHLY', justAfter)).toEqual(periodStarting('MONTHLY', '2026-12-01'));
    expect(periodIdOf(lastEndedPeriod('MONTHLY', justAfter))).toBe('MONTHLY-2026-12');
    expect(lastEndedPeriod('SEMESTER', justBefore).from).toBe('2026-01-01');
    expect(lastEndedPeriod('SEMESTER', justAfter)).toEqual(periodStarting('SEMESTER', '2026-07-01'));
  });

  it('has April ended on 1 May, not on 30 April', () => {
    expect(lastEndedPeriod('MONTHLY', tokyoDay('2027-04-30T14:59:59Z')).from).toBe('2027-03-01');
    expect(lastEndedPeriod('MONTHLY', tokyoDay('2027-04-30T15:00:00Z'))).toEqual({
      cycle: 'MONTHLY',
      from: '2027-04-01',
      to: '2027-04-30',
      months: 1,
    });
    expect(lastEndedPeriod('MONTHLY', '2028-03-01').to).toBe('2028-02-29');
    expect(lastEndedPeriod('MONTHLY', '2028-02-29').to).toBe('2028-01-31');
  });
});

describe('statement items at the calendar’s edges', () => {
  it('bills a share granted on a month’s last day one day of that month’s days', () => {
    const fee = (period: string, heldFrom: string, cycle: 'MONTHLY' | 'SEMESTER' = 'MONTHLY') =>
      managementFeeItem({
        feePerMonth: 180_000,
        fraction: oneTwelfth,
        period: periodStarting(cycle, period)!,
        heldFrom,
      })!;
    // April has 30 days: 15,000 × 1/30.
    expect(fee('2027-04-01', '2027-04-30')).toMatchObject({
      amount: 500,
      unitDetails: { months: 0, days: 1, totalAndBilled: { totalDays: 30, billedDays: 1 } },
    });
    // February 2028 has 29: floor(15,000 / 29).
    expect(fee('2028-02-01', '2028-02-29')).toMatchObject({
      amount: 517,
      unitDetails: { months: 0, days: 1, totalAndBilled: { totalDays: 29, billedDays: 1 } },
    });
    // 31 December in a July–December semester: no whole month follows inside the period.
    expect(fee('2027-07-01', '2027-12-31', 'SEMESTER')).toMatchObject({
      amount: 483,
      unitDetails: { months: 0, days: 1, totalAndBilled: { totalDays: 31, billedDays: 1 } },
    });
    // Granted on 31 December, the January period is a whole month.
    expect(fee('2027-01-01', '2026-12-31')).toMatchObject({ amount: 15_000, unitDetails: { months: 1 } });
  });

  it('dates an owner fee of 31 December in the January statement as an adjustment', () => {
    const item = (incurredOn: string) =>
      feeItem({
        subject: 'OWN_USE_FEE',
        inclusiveAmount: 11_000,
        taxRate: 10,
        incurredOn,
        periodFrom: '2027-01-01',
        bookingNumber: 'Y-1',
        nights: 1,
      })!.summaryType;
    expect(item('2026-12-31')).toBe('ADJUSTMENT');
    expect(item('2027-01-01')).toBe('DEFAULT');
  });
});
