import { addDays, addMonths, civilFromIso, datesBetween, monthOf, type IsoDate } from '@yado/contract/civil-date';
import {
  confirmBooking,
  createGuestUseTentativeBooking,
  createOwnUseTentativeBooking,
} from '@yado/contract/booking.contract';
import { getOwnerHome, getOwnerRevenue, listOwnerHouses } from '@yado/contract/owner-area.contract';
import { getSlotBalance, staffUpdateOwnerSettings } from '@yado/contract/ownership.contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { chargeDefaultBillings } from '../booking/booking-jobs.service.js';
import { bookableHouseGroup, freshToken, guestWithCard, stayRequest } from '../booking/booking.test-factory.js';
import { shareHolder } from '../ownership/owner-share.test-factory.js';
import { signInStaff } from '../staff-catalogue/staff-catalogue.test-factory.js';
import { blockedStay, expenditure, grantedShare, moveStay, ownerStay } from './owner-area.test-factory.js';

let t: TestApi;
let today: IsoDate;
type Holder = Awaited<ReturnType<typeof shareHolder>>;
type Group = Awaited<ReturnType<typeof bookableHouseGroup>>;
type Guest = Awaited<ReturnType<typeof guestWithCard>>;

// The world of the tests: owner A holds 1/12 of G1 (two houses) and 1/4 of G2; owner B holds another
// 1/12 of G1; owner C holds 1/12 of G3 and stays at G1 in mutual use; a guest stays at G1 and G2.
let a: Holder;
let b: Holder;
let c: Holder;
let guest: Guest;
let g1: Group;
let g2: Group;
let g3: Group;
const share = { a1: '', a2: '', b1: '', c3: '' };
const stay = { aOwn: '', aMutual: '', aFamily: '', aPast: '', aCancelled: '', bOwn: '', cMutual: '' };
const guestStay = { g1: '', g2: '', depositOnly: '' };
const d = (days: number) => addDays(today, days);

/** Nights of [checkin, checkout) counted per "YYYY-MM". */
function nightsPerMonth(...stays: [IsoDate, IsoDate][]): Map<string, number> {
  const out = new Map<string, number>();
  for (const [from, to] of stays)
    for (const n of datesBetween(from, to)) out.set(n.slice(0, 7), (out.get(n.slice(0, 7)) ?? 0) + 1);
  return out;
}

async function paidGuestStay(g: Guest, houseGroupId: string, fromToday: number, nights: number) {
  const held = await t.call(createGuestUseTentativeBooking, stayRequest(houseGroupId, today, fromToday, nights), {
    token: g.token,
  });
  if (held.status !== 200) throw new Error(JSON.stringify(held.body));
  const confirmed = await t.call(
    confirmBooking,
    { bookingId: held.body.bookingId, paymentMethodId: g.paymentMethodId, pointPaymentAmount: 0, returnPath: '/en' },
    { token: g.token },
  );
  expect(confirmed.body).toMatchObject({ status: 'PAID', bookingStatus: 'BOOKED' });
  return held.body.bookingId;
}

const houseOf = async (bookingId: string) =>
  (await t.pool.query<{ house_id: string }>('SELECT house_id FROM bookings WHERE id = $1', [bookingId])).rows[0]!
    .house_id;

beforeAll(async () => {
  t = await createTestApi();
  const staff = (await signInStaff(t)).idToken;
  [a, b, c] = [await shareHolder(t), await shareHolder(t), await shareHolder(t)];
  guest = await guestWithCard(t);
  g1 = await bookableHouseGroup(t, { houses: 2 });
  g2 = await bookableHouseGroup(t);
  g3 = await bookableHouseGroup(t);
  today = g1.today;
  share.a1 = await grantedShare(t, staff, {
    accountId: a.accountId,
    houseGroupId: g1.houseGroupId,
    numerator: 1,
    denominator: 12,
  });
  share.a2 = await grantedShare(t, staff, {
    accountId: a.accountId,
    houseGroupId: g2.houseGroupId,
    numerator: 1,
    denominator: 4,
  });
  share.b1 = await grantedShare(t, staff, {
    accountId: b.accountId,
    houseGroupId: g1.houseGroupId,
    numerator: 1,
    denominator: 12,
  });
  share.c3 = await grantedShare(t, staff, {
    accountId: c.accountId,
    houseGroupId: g3.houseGroupId,
    numerator: 1,
    denominator: 12,
  });

  // Guest stays: paid in full (the rest is billed 3 days before check-in) at G1 and G2, and one
  // further ahead whose only paid billing is the deposit.
  guestStay.g1 = await paidGuestStay(guest, g1.houseGroupId, 1, 2);
  guestStay.g2 = await paidGuestStay(guest, g2.houseGroupId, 1, 3);
  guestStay.depositOnly = await paidGuestStay(guest, g1.houseGroupId, 40, 2);
  expect(await chargeDefaultBillings(t.api.deps)).toBe(2);

  stay.aOwn = await ownerStay(t, a.token, {
    houseGroupId: g1.houseGroupId,
    shareId: share.a1,
    checkin: d(5),
    checkout: d(8),
  });
  stay.bOwn = await ownerStay(t, b.token, {
    houseGroupId: g1.houseGroupId,
    shareId: share.b1,
    checkin: d(5),
    checkout: d(7),
  });
  stay.cMutual = await ownerStay(t, c.token, {
    houseGroupId: g1.houseGroupId,
    shareId: share.c3,
    checkin: d(10),
    checkout: d(12),
    bookingType: 'MUTUAL_USE',
  });
  await blockedStay(t, { houseGroupId: g1.houseGroupId, houseId: g1.houseIds[1]!, checkin: d(10), checkout: d(11) });
  stay.aMutual = await ownerStay(t, a.token, {
    houseGroupId: g3.houseGroupId,
    shareId: share.a1,
    checkin: d(20),
    checkout: d(22),
    bookingType: 'MUTUAL_USE',
    status: 'TENTATIVE',
  });
  stay.aFamily = await ownerStay(t, a.token, {
    houseGroupId: g2.houseGroupId,
    shareId: share.a2,
    checkin: d(6),
    checkout: d(8),
    familyMember: true,
    debtOption: 'NO_DEBT',
  });
  stay.aCancelled = await ownerStay(t, a.token, {
    houseGroupId: g1.houseGroupId,
    shareId: share.a1,
    checkin: d(14),
    checkout: d(16),
    status: 'CANCELLED',
  });
  stay.aPast = await ownerStay(t, a.token, {
    houseGroupId: g1.houseGroupId,
    shareId: share.a1,
    checkin: d(25),
    checkout: d(27),
    status: 'CHECKED_OUT',
  });
  await moveStay(t, stay.aPast, d(-10), d(-8));

  const fee = { userId: a.user.id, shareId: share.a1, houseGroupId: g1.houseGroupId, incurredOn: today };
  await expenditure(t, { ...fee, bookingId: stay.aOwn, subject: 'OWN_USE_FEE', amount: 16_500 });
  await expenditure(t, { ...fee, bookingId: stay.aMutual, subject: 'MUTUAL_USE_EXTRA_CHARGE', amount: 6_600 });
  await expenditure(t, { ...fee, bookingId: stay.aCancelled, subject: 'OWN_USE_FEE', amount: 11_000 });
  // The cancelled stay's fee is taken back and a cancellation fee booked instead.
  await expenditure(t, { ...fee, bookingId: stay.aCancelled, subject: 'OWN_USE_FEE', amount: -11_000 });
  await expenditure(t, { ...fee, bookingId: stay.aCancelled, subject: 'CANCELLATION_FEE', amount: 3_300 });
  // Another owner's fee is not A's.
  await expenditure(t, {
    userId: b.user.id,
    shareId: share.b1,
    houseGroupId: g1.houseGroupId,
    bookingId: stay.bOwn,
    subject: 'OWN_USE_FEE',
    amount: 9_900,
    incurredOn: today,
  });
}, 120_000);

describe('get_owner_home', () => {
  it("shows the caller's shares with every slot year's balance and nights per month, the upcoming owner stays and the fees owed", async () => {
    const res = await t.call(getOwnerHome, {}, { token: a.token });
    expect(res.status).toBe(200);
    const home = res.body;
    const thisYear = monthOf(today).year;

    // Shares granted at one instant come in house-group id order; compare them as a set.
    expect(home.shares.map((s) => [s.shareId, s.houseGroupId, s.fraction, s.nightsPerSlotYear])).toEqual(
      expect.arrayContaining([
        [share.a1, g1.houseGroupId, { numerator: 1, denominator: 12 }, 30],
        [share.a2, g2.houseGroupId, { numerator: 1, denominator: 4 }, 91],
      ]),
    );
    expect(home.shares).toHaveLength(2);
    const a1 = home.shares.find((s) => s.shareId === share.a1)!;
    const a2 = home.shares.find((s) => s.shareId === share.a2)!;
    expect(a1.placeName).toMatch(/^Snow Field /);
    expect(a1.currentSlotYear).toBe(thisYear);

    // The balances are the ledger's, as get_slot_balance shows them.
    const balances = await t.call(getSlotBalance, {}, { token: a.token });
    for (const s of home.shares) {
      const ledger = balances.body.shares.find((x) => x.shareId === s.shareId)!;
      expect(s.years.map(({ nightsUsedByMonth: _, ...y }) => y)).toEqual(ledger.years);
    }

    // Share a1: own use 3 nights, mutual use 2, the past stay 2 consumed; the cancelled stay's 2
    // consumed and returned. Standard slots only.
    const sumYears = (pick: (y: (typeof a1.years)[number]) => number) => a1.years.reduce((s, y) => s + pick(y), 0);
    expect(sumYears((y) => y.standard.consumed)).toBe(9);
    expect(sumYears((y) => y.standard.returned)).toBe(2);
    expect(sumYears((y) => y.high.consumed)).toBe(0);

    // Nights used per month: every not-cancelled owner stay of the share, wherever it is.
    const expected = nightsPerMonth([d(5), d(8)], [d(20), d(22)], [d(-10), d(-8)]);
    for (const y of a1.years) {
      expect(y.nightsUsedByMonth).toHaveLength(12);
      y.nightsUsedByMonth.forEach((n, i) =>
        expect(n, `${y.slotYear}-${i + 1}`).toBe(expected.get(`${y.slotYear}-${String(i + 1).padStart(2, '0')}`) ?? 0),
      );
    }
    expect(a2.years.flatMap((y) => y.nightsUsedByMonth).reduce((s, n) => s + n, 0)).toBe(2);

    // Upcoming: own, family-booked and mutual stays of A's shares; not the past, the cancelled or B's.
    expect(home.upcomingStays.map((s) => s.bookingId)).toEqual([stay.aOwn, stay.aFamily, stay.aMutual]);
    expect(home.upcomingStays[0]).toMatchObject({
      bookingType: 'OWN_USE',
      bookingStatus: 'BOOKED',
      shareId: share.a1,
      houseGroupId: g1.houseGroupId,
      checkinDate: civilFromIso(d(5)),
      checkoutDate: civilFromIso(d(8)),
      nights: 3,
      bookedByFamilyMember: false,
      debtOption: 'DEFAULT',
    });
    expect(home.upcomingStays[1]).toMatchObject({
      shareId: share.a2,
      houseGroupId: g2.houseGroupId,
      houseName: 'House 1',
      nights: 2,
      bookedByFamilyMember: true,
      debtOption: 'NO_DEBT',
    });
    expect(home.upcomingStays[2]).toMatchObject({
      bookingType: 'MUTUAL_USE',
      bookingStatus: 'TENTATIVE',
      shareId: share.a1,
      houseGroupId: g3.houseGroupId,
    });

    expect(home.feesOwed).toEqual({
      bySubject: [
        { subject: 'OWN_USE_FEE', amount: 16_500 },
        { subject: 'MUTUAL_USE_EXTRA_CHARGE', amount: 6_600 },
        { subject: 'CANCELLATION_FEE', amount: 3_300 },
      ],
      total: 26_400,
    });
  });

  it('names house groups and places in Japanese for a Japanese caller', async () => {
    const res = await t.call(getOwnerHome, {}, { token: a.token, language: 'ja' });
    expect(res.body.shares.every((s) => s.houseGroupName.startsWith('スノーシャレー '))).toBe(true);
    expect(res.body.shares.every((s) => s.placeName.startsWith('雪原 '))).toBe(true);
    expect(res.body.upcomingStays[0]!.houseGroupName).toMatch(/^スノーシャレー /);
  });

  it('shows a stay until its check-out day has passed in the house group zone', async () => {
    const before = t.clock.now();
    // A token of its own, issued at each moved clock (the first one would have expired by then).
    const later = { email: a.email, token: a.token };
    try {
      t.clock.set(new Date(`${d(7)}T12:00:00+09:00`));
      await freshToken(t, later);
      const during = await t.call(getOwnerHome, {}, { token: later.token });
      expect(during.body.upcomingStays.map((s) => s.bookingId)).toContain(stay.aOwn);
      t.clock.set(new Date(`${d(8)}T12:00:00+09:00`));
      await freshToken(t, later);
      const after = await t.call(getOwnerHome, {}, { token: later.token });
      expect(after.body.upcomingStays.map((s) => s.bookingId)).not.toContain(stay.aOwn);
      expect(after.body.upcomingStays.map((s) => s.bookingId)).toContain(stay.aMutual);
    } finally {
      t.clock.set(before);
    }
  });

  it('refuses a guest with 403 CodeOwnerOnly', async () => {
    const res = await t.call(getOwnerHome, {}, { token: guest.token });
    expect(res.status).toBe(403);
    expect(res.error.errorInfo.reason).toBe('CodeOwnerOnly');
  });
});

describe('list_owner_houses', () => {
  it('gives each house group of the caller a calendar of own, co-owner, mutual, guest, blocked and free nights with price types', async () => {
    // One night of G1 is high season.
    await t.pool.query(`UPDATE house_group_days SET price_type = 'HIGH' WHERE house_group_id = $1 AND date = $2`, [
      g1.houseGroupId,
      d(6),
    ]);
    const from = monthOf(today);
    const res = await t.call(listOwnerHouses, { from, months: 2 }, { token: a.token });
    expect(res.status).toBe(200);
    expect(res.body.houseGroups.map((g) => g.houseGroupId).sort()).toEqual([g1.houseGroupId, g2.houseGroupId].sort());
    const cal = res.body.houseGroups.find((g) => g.houseGroupId === g1.houseGroupId)!;
    expect(cal.shares).toEqual([{ shareId: share.a1, fraction: { numerator: 1, denominator: 12 } }]);
    expect(cal.houses.map((h) => h.houseId)).toEqual(g1.houseIds);
    expect(cal.timezone).toBe('Asia/Tokyo');
    const next = addMonths(from, 1);
    expect(cal.months.map((m) => [m.year, m.month])).toEqual([
      [from.year, from.month],
      [next.year, next.month],
    ]);

    const nightOf = (date: IsoDate, houseId: string) => {
      const day = cal.months
        .flatMap((m) => m.days)
        .find(
          (x) =>
            x.date.year === civilFromIso(date).year &&
            x.date.month === civilFromIso(date).month &&
            x.date.day === civilFromIso(date).day,
        );
      return day ? { ...day.houses.find((h) => h.houseId === houseId)!, priceType: day.priceType } : null;
    };
    const inRange = (date: IsoDate) => monthOf(date).year * 12 + monthOf(date).month < from.year * 12 + from.month + 2;
    const expectNight = async (date: IsoDate, bookingId: string | null, houseId: string | null, occupancy: string) => {
      if (!inRange(date)) return;
      const h = houseId ?? (await houseOf(bookingId!));
      expect(nightOf(date, h), `${date} ${h}`).toMatchObject({
        occupancy,
        bookingId: occupancy === 'OWN' ? bookingId : null,
      });
    };
    await expectNight(d(1), guestStay.g1, null, 'GUEST');
    await expectNight(d(2), guestStay.g1, null, 'GUEST');
    await expectNight(d(5), stay.aOwn, null, 'OWN');
    await expectNight(d(7), stay.aOwn, null, 'OWN');
    await expectNight(d(8), null, await houseOf(stay.aOwn), 'FREE');
    await expectNight(d(5), stay.bOwn, null, 'OTHER_OWNER');
    await expectNight(d(10), stay.cMutual, null, 'MUTUAL');
    await expectNight(d(10), null, g1.houseIds[1]!, 'BLOCKED');
    await expectNight(d(11), null, g1.houseIds[1]!, 'FREE');
    await expectNight(d(14), null, await houseOf(stay.aCancelled), 'FREE');
    expect(nightOf(d(6), g1.houseIds[0]!)?.priceType).toBe('HIGH');
    expect(nightOf(d(5), g1.houseIds[0]!)?.priceType).toBe('STANDARD');

    // Every date of the two months, one entry per house.
    const days = cal.months.flatMap((m) => m.days);
    expect(days.every((x) => x.houses.length === 2)).toBe(true);
    expect(days[0]!.date).toEqual({ year: from.year, month: from.month, day: 1 });

    // Owners see no guest's name or contact.
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(guest.email);
    expect(text).not.toContain('Yamada');
    expect(text).not.toContain(guestStay.g1);
  });

  it('takes at most 12 months', async () => {
    const res = await t.call(listOwnerHouses, { from: monthOf(today), months: 13 }, { token: a.token });
    expect(res.status).toBe(400);
    expect(res.error.errorInfo.reason).toBe('CodeInvalidArgument');
  });

  it('refuses a guest with 403 CodeOwnerOnly', async () => {
    const res = await t.call(listOwnerHouses, { from: monthOf(today), months: 1 }, { token: guest.token });
    expect(res.status).toBe(403);
  });
});

describe('get_owner_revenue', () => {
  /** The guest stays' nights at 20,000 yen (the factory's standard price, two guests, no extra charge). */
  function expectedMonths(year: number, ...stays: [IsoDate, IsoDate][]) {
    const perMonth = nightsPerMonth(...stays);
    return Array.from({ length: 12 }, (_, i) => {
      const n = perMonth.get(`${year}-${String(i + 1).padStart(2, '0')}`) ?? 0;
      return { month: i + 1, guestNights: n, houseGroupRevenue: n * 20_000 };
    });
  }

  it("gives each share's part of its house group's paid guest accommodation per month, rounded down", async () => {
    const year = monthOf(d(1)).year;
    const res = await t.call(getOwnerRevenue, { year }, { token: a.token });
    expect(res.status).toBe(200);
    const r1 = res.body.shares.find((s) => s.shareId === share.a1);
    const r2 = res.body.shares.find((s) => s.shareId === share.a2);
    // G1: the paid stay's 2 nights (the deposit-only stay and the owner stays earn nothing).
    const m1 = expectedMonths(year, [d(1), d(3)]);
    expect(r1!.months.map(({ revenue: _, ...m }) => m)).toEqual(m1);
    expect(r1!.months.map((m) => m.revenue)).toEqual(m1.map((m) => Math.floor(m.houseGroupRevenue / 12)));
    expect(r1!.totalGuestNights).toBe(2);
    expect(r1!.totalHouseGroupRevenue).toBe(40_000);
    // 40,000 / 12 = 3,333.33…: 3,333 when both nights fall in one month.
    if (m1.filter((m) => m.guestNights > 0).length === 1) expect(r1!.totalRevenue).toBe(3_333);
    // G2: 3 nights, a quarter.
    expect(r2!.totalHouseGroupRevenue).toBe(60_000);
    expect(r2!.totalGuestNights).toBe(3);
    expect(r2!.months.map((m) => m.revenue)).toEqual(
      expectedMonths(year, [d(1), d(4)]).map((m) => Math.floor(m.houseGroupRevenue / 4)),
    );
    expect(res.body.totalRevenue).toBe(r1!.totalRevenue + r2!.totalRevenue);
  });

  it('gives one share when asked, and nothing for a year without guest stays', async () => {
    const one = await t.call(getOwnerRevenue, { year: monthOf(d(1)).year, shareId: share.a2 }, { token: a.token });
    expect(one.body.shares.map((s) => s.shareId)).toEqual([share.a2]);
    const empty = await t.call(getOwnerRevenue, { year: 2001 }, { token: a.token });
    expect(empty.body.totalRevenue).toBe(0);
    expect(empty.body.shares.every((s) => s.months.every((m) => m.guestNights === 0))).toBe(true);
  });

  it("answers another owner's share, or one that does not exist, with 404 CodeShareNotFound", async () => {
    for (const shareId of [share.b1, 'share-missing']) {
      const res = await t.call(getOwnerRevenue, { year: monthOf(today).year, shareId }, { token: a.token });
      expect(res.status).toBe(404);
      expect(res.error.errorInfo.reason).toBe('CodeShareNotFound');
    }
  });

  it('refuses a guest with 403 CodeOwnerOnly', async () => {
    const res = await t.call(getOwnerRevenue, { year: monthOf(today).year }, { token: guest.token });
    expect(res.status).toBe(403);
    expect(res.error.errorInfo.reason).toBe('CodeOwnerOnly');
  });
});

describe('an owner without stays', () => {
  it("sees B's share alone and no fees of A's", async () => {
    const res = await t.call(getOwnerHome, {}, { token: b.token });
    expect(res.body.shares.map((s) => s.shareId)).toEqual([share.b1]);
    expect(res.body.upcomingStays.map((s) => s.bookingId)).toEqual([stay.bOwn]);
    expect(res.body.feesOwed.total).toBe(9_900);
  });
});

describe('an own-use stay booked through the booking methods', () => {
  it('shows on the home with its nights, its slots and its fee owed', async () => {
    const staff = (await signInStaff(t)).idToken;
    const g = await bookableHouseGroup(t, { bookingTypes: ['GUEST_USE', 'OWN_USE', 'MUTUAL_USE'], days: 120 });
    const settings = await t.call(
      staffUpdateOwnerSettings,
      {
        houseGroupId: g.houseGroupId,
        ownUseFee: 5_000,
        mutualUseExtraChargePerDay: 2_000,
        allowHighSubstitute: true,
        inOwnerNetwork: true,
      },
      { token: staff },
    );
    expect(settings.status).toBe(200);
    const d2 = await shareHolder(t);
    const shareId = await grantedShare(t, staff, {
      accountId: d2.accountId,
      houseGroupId: g.houseGroupId,
      numerator: 1,
      denominator: 12,
    });
    const held = await t.call(createOwnUseTentativeBooking, stayRequest(g.houseGroupId, g.today, 30, 3), {
      token: d2.token,
    });
    expect(held.status).toBe(200);
    const confirmed = await t.call(confirmBooking, { bookingId: held.body.bookingId }, { token: d2.token });
    expect(confirmed.body).toMatchObject({ bookingStatus: 'BOOKED' });

    const home = (await t.call(getOwnerHome, {}, { token: d2.token })).body;
    expect(home.upcomingStays).toEqual([
      expect.objectContaining({
        bookingId: held.body.bookingId,
        bookingType: 'OWN_USE',
        bookingStatus: 'BOOKED',
        shareId,
        nights: 3,
        bookedByFamilyMember: false,
        debtOption: 'DEFAULT',
      }),
    ]);
    const years = home.shares[0]!.years;
    expect(years.reduce((n, y) => n + y.standard.consumed + y.high.consumed, 0)).toBe(3);
    expect(years.flatMap((y) => y.nightsUsedByMonth).reduce((n, x) => n + x, 0)).toBe(3);
    // The own-use fee, 5,000 yen and 10% tax, owed under the DEFAULT debt option.
    expect(home.feesOwed.total).toBe(5_500);
    expect(home.feesOwed.bySubject.find((l) => l.subject === 'OWN_USE_FEE')?.amount).toBe(5_500);
  });
});
