import { describe, expect, it } from 'vitest';
import { calendarNights, feesOwed, nightsUsedByMonth, occupancyOf, shareOf, shareRevenue } from './owner-area.rules.js';

const mine = new Set(['share-mine']);
const stay = (o: Partial<Parameters<typeof occupancyOf>[0]>) => ({
  houseId: 'h1',
  checkinDate: '2027-01-30',
  checkoutDate: '2027-02-02',
  bookingId: 'b1',
  bookingType: 'GUEST_USE',
  shareId: null,
  ...o,
});

describe('occupancyOf', () => {
  it('tells own, co-owner, mutual, guest and blocked stays apart', () => {
    expect(occupancyOf(stay({ shareId: 'share-mine', bookingType: 'OWN_USE' }), mine)).toBe('OWN');
    // The caller's own mutual use elsewhere, seen from a group they also hold: still theirs.
    expect(occupancyOf(stay({ shareId: 'share-mine', bookingType: 'MUTUAL_USE' }), mine)).toBe('OWN');
    expect(occupancyOf(stay({ shareId: 'share-other', bookingType: 'OWN_USE' }), mine)).toBe('OTHER_OWNER');
    expect(occupancyOf(stay({ shareId: 'share-other', bookingType: 'MUTUAL_USE' }), mine)).toBe('MUTUAL');
    expect(occupancyOf(stay({}), mine)).toBe('GUEST');
    expect(occupancyOf(stay({ bookingId: null, bookingType: null }), mine)).toBe('BLOCKED');
  });
});

describe('calendarNights', () => {
  it('marks the nights of a stay inside the range, across a month end, and leaves the rest free', () => {
    const nights = calendarNights({
      from: '2027-02-01',
      to: '2027-02-04',
      houseIds: ['h1', 'h2'],
      stays: [stay({ shareId: 'share-mine', bookingType: 'OWN_USE' })],
      callerShareIds: mine,
    });
    expect(nights.map((n) => [n.date, n.houses.map((h) => h.occupancy)])).toEqual([
      ['2027-02-01', ['OWN', 'FREE']],
      // The check-out day is not a night of the stay.
      ['2027-02-02', ['FREE', 'FREE']],
      ['2027-02-03', ['FREE', 'FREE']],
    ]);
    expect(nights[0]!.houses[0]!.bookingId).toBe('b1');
  });

  it('has a night for 29 February 2028, and a range ending on 30 April has no 1 May', () => {
    const leap = calendarNights({
      from: '2028-02-28',
      to: '2028-03-02',
      houseIds: ['h1'],
      stays: [stay({ checkinDate: '2028-02-29', checkoutDate: '2028-03-01' })],
      callerShareIds: mine,
    });
    expect(leap.map((n) => [n.date, n.houses[0]!.occupancy])).toEqual([
      ['2028-02-28', 'FREE'],
      ['2028-02-29', 'GUEST'],
      ['2028-03-01', 'FREE'],
    ]);
    const april = calendarNights({
      from: '2027-04-29',
      to: '2027-05-01',
      houseIds: ['h1'],
      stays: [],
      callerShareIds: mine,
    });
    expect(april.map((n) => n.date)).toEqual(['2027-04-29', '2027-04-30']);
  });

  it("shows no booking id of anyone else's stay", () => {
    const [night] = calendarNights({
      from: '2027-01-31',
      to: '2027-02-01',
      houseIds: ['h1'],
      stays: [stay({})],
      callerShareIds: mine,
    });
    expect(night!.houses[0]).toEqual({ houseId: 'h1', occupancy: 'GUEST', bookingId: null });
  });
});

describe('revenue', () => {
  it('rounds the share down to whole yen, each month on its own', () => {
    expect(shareOf(40_000, { numerator: 1, denominator: 12 })).toBe(3_333);
    expect(shareOf(0, { numerator: 1, denominator: 12 })).toBe(0);
    const r = shareRevenue(
      [
        { month: 1, amount: 20_000, nights: 1 },
        { month: 2, amount: 20_000, nights: 1 },
      ],
      { numerator: 1, denominator: 12 },
    );
    expect(r.months.slice(0, 3).map((m) => m.revenue)).toEqual([1_666, 1_666, 0]);
    // Not floor(40,000 / 12) = 3,333: the year is the sum of its rounded months.
    expect(r.totalRevenue).toBe(3_332);
    expect(r.totalHouseGroupRevenue).toBe(40_000);
    expect(r.totalGuestNights).toBe(2);
  });
});

describe('feesOwed and nightsUsedByMonth', () => {
  it('lists every subject, 0 when nothing is owed, and sums signed entries', () => {
    expect(feesOwed([{ subject: 'CANCELLATION_FEE', amount: 3_300 }])).toEqual({
      bySubject: [
        { subject: 'OWN_USE_FEE', amount: 0 },
        { subject: 'MUTUAL_USE_EXTRA_CHARGE', amount: 0 },
        { subject: 'CANCELLATION_FEE', amount: 3_300 },
      ],
      total: 3_300,
    });
  });

  it('counts the nights of stays per share, year and month, over a new year and across month ends', () => {
    const stay = (shareId: string, checkinDate: string, checkoutDate: string) => ({
      shareId,
      checkinDate,
      checkoutDate,
    });
    const nights = nightsUsedByMonth([
      stay('s1', '2027-12-30', '2028-01-02'),
      stay('s1', '2027-01-10', '2027-01-12'),
      stay('s2', '2027-01-01', '2027-01-08'),
      // Over the end of February and into April: 1 + 31 + 2 nights.
      stay('s2', '2027-02-28', '2027-04-03'),
      // Checking out on the first of the next month: every night in the month of check-in.
      stay('s2', '2027-05-29', '2027-06-01'),
    ]);
    expect(nights.get('s1|2027')).toEqual([2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2]);
    expect(nights.get('s1|2028')).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(nights.get('s2|2027')).toEqual([7, 1, 31, 2, 3, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('counts the leap day in February 2028 and stops April at its 30th', () => {
    const nights = nightsUsedByMonth([
      // 27, 28 and 29 February, then 1 March.
      { shareId: 's1', checkinDate: '2028-02-27', checkoutDate: '2028-03-02' },
      // 30 April, then 1 May.
      { shareId: 's1', checkinDate: '2027-04-30', checkoutDate: '2027-05-02' },
      // One night, the leap day itself, inside one month.
      { shareId: 's2', checkinDate: '2028-02-29', checkoutDate: '2028-03-01' },
    ]);
    expect(nights.get('s1|2028')).toEqual([0, 3, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(nights.get('s1|2027')).toEqual([0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0]);
    expect(nights.get('s2|2028')).toEqual([0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });
});
