import {
  addDays,
  addMonths,
  daysInMonth,
  firstOfMonth,
  monthOf,
  todayIn,
  type IsoDate,
} from '@yado/contract/civil-date';
import { staffUpdateOwnerSettings } from '@yado/contract/ownership.contract';
import {
  getOwnerStatement,
  listOwnerStatements,
  staffCloseStatementPeriod,
  staffGetOwnerStatement,
  staffListOwnerStatements,
  type OwnerStatement,
} from '@yado/contract/statement.contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTx } from '../../platform/db/pool.js';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { markBillingRefunded } from '../billing/billing.service.js';
import { bookableHouseGroup, guestWithCard } from '../booking/booking.test-factory.js';
import { grantedShare, moveStay, ownerStay } from '../owner-area/owner-area.test-factory.js';
import { shareHolder } from '../ownership/owner-share.test-factory.js';
import { signInStaff } from '../staff-catalogue/staff-catalogue.test-factory.js';
import { lastEndedPeriod } from './statement.rules.js';
import { AUTO_CLOSE_AFTER_DAYS, closeDuePeriods } from './statement.service.js';
import { closedPeriod, grantedOn, ledgerEntry, paidAccommodation, pastGuestBooking } from './statement.test-factory.js';

// The world: house group G1 (one house, management fee ¥120,000 a month, settled monthly) where owner
// A holds 1/12 since before the periods and owner B 1/4 since the 10th of P2; house group G3 (settled
// by semester, fee ¥60,000) where A holds 1/12. P2 and P3 are the two months before this one.

let t: TestApi;
let staff: string;
type Holder = Awaited<ReturnType<typeof shareHolder>>;
let a: Holder;
let b: Holder;
let guest: Awaited<ReturnType<typeof guestWithCard>>;
let g1: Awaited<ReturnType<typeof bookableHouseGroup>>;
let g3: Awaited<ReturnType<typeof bookableHouseGroup>>;
let g4: Awaited<ReturnType<typeof bookableHouseGroup>>;
const share = { a1: '', b1: '', a3: '' };
let today: IsoDate;
let p2: IsoDate;
let p3: IsoDate;
let billing1 = '';
const at = (d: IsoDate) => new Date(`${d}T12:00:00+09:00`);

async function settings(houseGroupId: string, managementFeePerMonth: number, statementCycle: 'MONTHLY' | 'SEMESTER') {
  const res = await t.call(
    staffUpdateOwnerSettings,
    {
      houseGroupId,
      ownUseFee: 20_000,
      mutualUseExtraChargePerDay: 0,
      allowHighSubstitute: true,
      inOwnerNetwork: true,
      managementFeePerMonth,
      statementCycle,
    },
    { token: staff },
  );
  expect(res.status).toBe(200);
}

const statementsOf = async (token: string) => (await t.call(listOwnerStatements, {}, { token })).body.ownerStatements;

async function statementOf(token: string, periodFrom: IsoDate, cycle = 'MONTHLY'): Promise<OwnerStatement> {
  const found = (await statementsOf(token)).find(
    (s) => s.cycle === cycle && `${s.periodFrom.year}-${String(s.periodFrom.month).padStart(2, '0')}-01` === periodFrom,
  );
  if (!found) throw new Error(`no statement of ${periodFrom}`);
  const res = await t.call(getOwnerStatement, { ownerStatementId: found.ownerStatementId }, { token });
  expect(res.status).toBe(200);
  return res.body.ownerStatement;
}

beforeAll(async () => {
  t = await createTestApi();
  staff = (await signInStaff(t)).idToken;
  [a, b] = [await shareHolder(t), await shareHolder(t)];
  guest = await guestWithCard(t);
  g1 = await bookableHouseGroup(t);
  g3 = await bookableHouseGroup(t);
  g4 = await bookableHouseGroup(t);
  today = todayIn('Asia/Tokyo', t.clock.now());
  p3 = firstOfMonth(addMonths(monthOf(today), -1));
  p2 = firstOfMonth(addMonths(monthOf(today), -2));
  await settings(g1.houseGroupId, 120_000, 'MONTHLY');
  await settings(g3.houseGroupId, 60_000, 'SEMESTER');
  share.a1 = await grantedShare(t, staff, {
    accountId: a.accountId,
    houseGroupId: g1.houseGroupId,
    numerator: 1,
    denominator: 12,
  });
  share.b1 = await grantedShare(t, staff, {
    accountId: b.accountId,
    houseGroupId: g1.houseGroupId,
    numerator: 1,
    denominator: 4,
  });
  share.a3 = await grantedShare(t, staff, {
    accountId: a.accountId,
    houseGroupId: g3.houseGroupId,
    numerator: 1,
    denominator: 12,
  });
  await grantedOn(t, share.a1, '2020-01-01');
  await grantedOn(t, share.b1, addDays(p2, 9));
  await grantedOn(t, share.a3, '2020-01-01');

  // Guest stays at G1 in P2: two nights of ¥30,006 (before B's share), two of ¥25,000 (after), paid in P2.
  const stay1 = await pastGuestBooking(t, guest.token, {
    houseGroupId: g1.houseGroupId,
    holdFrom: addDays(today, 10),
    holdTo: addDays(today, 12),
    checkin: addDays(p2, 3),
    checkout: addDays(p2, 5),
  });
  billing1 = await paidAccommodation(
    t,
    stay1,
    [
      { date: addDays(p2, 3), amount: 30_006 },
      { date: addDays(p2, 4), amount: 30_006 },
    ],
    at(addDays(p2, 5)),
  );
  const stay2 = await pastGuestBooking(t, guest.token, {
    houseGroupId: g1.houseGroupId,
    holdFrom: addDays(today, 14),
    holdTo: addDays(today, 16),
    checkin: addDays(p2, 13),
    checkout: addDays(p2, 15),
  });
  await paidAccommodation(
    t,
    stay2,
    [
      { date: addDays(p2, 13), amount: 25_000 },
      { date: addDays(p2, 14), amount: 25_000 },
    ],
    at(addDays(p2, 15)),
  );

  // A's own stay at G1 in P2 under the DEFAULT option: an own-use fee of ¥22,005 (¥24,205 with tax)
  // and a cancellation fee of ¥8,000 (no tax).
  const own = await ownerStay(t, a.token, {
    houseGroupId: g1.houseGroupId,
    shareId: share.a1,
    checkin: addDays(today, 30),
    checkout: addDays(today, 32),
  });
  await moveStay(t, own, addDays(p2, 19), addDays(p2, 21));
  const fee = { userId: a.user.id, shareId: share.a1, houseGroupId: g1.houseGroupId, bookingId: own };
  await ledgerEntry(t, { ...fee, subject: 'OWN_USE_FEE', amount: 24_205, taxRate: 10, incurredOn: addDays(p2, 19) });
  await ledgerEntry(t, { ...fee, subject: 'CANCELLATION_FEE', amount: 8_000, taxRate: 0, incurredOn: addDays(p2, 20) });

  // B stays three nights at G4 (no share of it) in mutual use: ¥3,335 a night (¥11,005 with tax).
  const mutual = await ownerStay(t, b.token, {
    houseGroupId: g4.houseGroupId,
    shareId: share.b1,
    bookingType: 'MUTUAL_USE',
    checkin: addDays(today, 50),
    checkout: addDays(today, 53),
  });
  await moveStay(t, mutual, addDays(p2, 21), addDays(p2, 24));
  await ledgerEntry(t, {
    userId: b.user.id,
    shareId: share.b1,
    houseGroupId: g4.houseGroupId,
    bookingId: mutual,
    subject: 'MUTUAL_USE_EXTRA_CHARGE',
    amount: 11_005,
    taxRate: 10,
    incurredOn: addDays(p2, 21),
  });
});

describe('closing a month', () => {
  it('issues each owner a statement: revenue share, management fee, fees, tax once per rate', async () => {
    const closed = await closedPeriod(t, staff, 'MONTHLY', p2);
    expect(closed.newlyClosed).toBe(true);
    expect(closed.period).toMatchObject({ periodId: `MONTHLY-${p2.slice(0, 7)}`, statementCount: 2 });
    expect(closed.period.completedAt).not.toBeNull();
    // Each owner is told of their statement once, in the close's transaction, linked to it.
    const told = await t.pool.query<{ user_id: string; link: string }>(
      `SELECT user_id, link FROM notifications WHERE kind = 'STATEMENT_ISSUED' AND params->>'periodFrom' = $1`,
      [p2],
    );
    expect(told.rows.map((r) => r.user_id).sort()).toEqual([a.user.id, b.user.id].sort());
    expect(told.rows.every((r) => /^\/owner\/statements\/os_[0-9a-f]+$/.test(r.link))).toBe(true);

    const s = await statementOf(a.token, p2);
    expect(s.houseStatements).toHaveLength(1);
    const h = s.houseStatements[0]!;
    expect(h.house.houseId).toBe(g1.houseIds[0]);
    // (60,012 + 50,000) × 1/12 = 9,167.67 → 9,167; tax 916.7 → 916.
    expect(h.revenue).toMatchObject({
      subtotal: 9_167,
      consumptionTaxes: [{ targetAmount: 9_167, percentage: 10, taxAmount: 916 }],
      total: 10_083,
      items: [{ subject: 'ACCOMMODATION', summaryType: 'DEFAULT', amount: 9_167, consumptionTaxApplicable: true }],
    });
    // 10,000 + 22,005 = 32,005 taxed once: 3,200.5 → 3,200 (item by item it would be 1,000 + 2,200 too,
    // the sum is what counts); 8,000 not taxable.
    expect(h.expenditure.items.map((i) => [i.subject, i.amount, i.taxRate])).toEqual([
      ['MANAGEMENT_FEE', 10_000, 10],
      ['OWN_USE_FEE', 22_005, 10],
      ['CANCELLATION_FEE', 8_000, 0],
    ]);
    expect(h.expenditure.items[0]!.unitDetails).toEqual({
      unitPrice: 10_000,
      unit: 'MONTHLY',
      months: 1,
      days: 0,
      period: { months: 1, days: 0 },
    });
    expect(h.expenditure).toMatchObject({
      subtotal: 40_005,
      consumptionTaxes: [{ targetAmount: 32_005, percentage: 10, taxAmount: 3_200 }],
      nonTaxable: { targetAmount: 8_000 },
      total: 43_205,
    });
    expect(h.monthlyReportSettlement).toEqual({
      total: -33_122,
      consumptionTax: 916 - 3_200,
      items: [
        { subject: 'REVENUE', amount: 9_167, consumptionTaxApplicable: true },
        { subject: 'TAXABLE_EXPENDITURE', amount: -32_005, consumptionTaxApplicable: true },
        { subject: 'NON_TAXABLE_EXPENDITURE', amount: -8_000, consumptionTaxApplicable: false },
      ],
    });
    expect(s).toMatchObject({ totalRevenue: 10_083, totalExpenditure: 43_205, total: -33_122 });
    expect(s.issuance).toMatchObject({
      issuerName: t.env.INVOICE_ISSUER_NAME,
      issuerNumber: t.env.INVOICE_REGISTRATION_NUMBER,
    });
    expect(s.businessInfo.registrationNumber).toMatch(/^T\d{13}$/);
  });

  it('counts a share granted inside the month from its day: revenue of later nights, the fee by days', async () => {
    const s = await statementOf(b.token, p2);
    const h = s.houseStatements[0]!;
    // Only the ¥25,000 nights after the grant: 50,000 × 1/4.
    expect(h.revenue.subtotal).toBe(12_500);
    const total = daysInMonth(monthOf(p2));
    const billed = total - 9;
    expect(h.expenditure.items).toEqual([
      expect.objectContaining({
        subject: 'MANAGEMENT_FEE',
        amount: Math.floor((30_000 * billed) / total),
        unitDetails: {
          unitPrice: 30_000,
          unit: 'MONTHLY',
          months: 0,
          days: billed,
          totalAndBilled: { totalDays: total, billedDays: billed },
        },
      }),
    ]);
  });

  it('shows a mutual-use charge under the house stayed at, priced per night', async () => {
    const s = await statementOf(b.token, p2);
    expect(s.houseStatements.map((h) => h.house.houseId)).toEqual([g1.houseIds[0], g4.houseIds[0]]);
    const away = s.houseStatements[1]!;
    expect(away.houseGroup.houseGroupId).toBe(g4.houseGroupId);
    expect(away.revenue).toMatchObject({ subtotal: 0, total: 0, items: [] });
    expect(away.expenditure.items).toEqual([
      expect.objectContaining({
        subject: 'MUTUAL_USE_EXTRA_CHARGE',
        amount: 10_005,
        unitDetails: { unitPrice: 3_335, unit: 'DAILY', months: 0, days: 3, period: { months: 0, days: 3 } },
      }),
    ]);
    expect(away.expenditure).toMatchObject({ subtotal: 10_005, total: 11_005 });
    expect(s.totalExpenditure).toBe(s.houseStatements[0]!.expenditure.total + 11_005);
  });

  it('closes a period once: a second close issues nothing and changes nothing', async () => {
    const before = await t.pool.query('SELECT id, document FROM owner_statements ORDER BY id');
    const again = await closedPeriod(t, staff, 'MONTHLY', p2);
    expect(again.newlyClosed).toBe(false);
    expect(again.period.statementCount).toBe(2);
    expect((await t.pool.query('SELECT id, document FROM owner_statements ORDER BY id')).rows).toEqual(before.rows);
  });

  it('settles corrections that arrive after the close as ADJUSTMENT items of the next month', async () => {
    t.clock.advance(60_000);
    // A fee of P2 taken back after P2 closed, and a P2 night paid after it closed.
    const own = (await t.pool.query<{ id: string }>('SELECT id FROM bookings WHERE share_id = $1', [share.a1])).rows[0]!
      .id;
    await ledgerEntry(t, {
      userId: a.user.id,
      shareId: share.a1,
      houseGroupId: g1.houseGroupId,
      bookingId: own,
      subject: 'OWN_USE_FEE',
      amount: -5_500,
      taxRate: 10,
      incurredOn: addDays(p2, 25),
    });
    const late = await pastGuestBooking(t, guest.token, {
      houseGroupId: g1.houseGroupId,
      holdFrom: addDays(today, 40),
      holdTo: addDays(today, 41),
      checkin: addDays(p2, 25),
      checkout: addDays(p2, 26),
    });
    await paidAccommodation(t, late, [{ date: addDays(p2, 25), amount: 12_000 }], t.clock.now());
    // And the first guest stay of P2, stated in P2, refunded since: it counts nothing any more.
    await withTx(t.pool, (tx) => markBillingRefunded(tx, billing1, { at: t.clock.now() }));
    t.clock.advance(60_000);

    // Two closes of P3 at the same time: one closes it, both answer the same period, one statement each.
    const [x, y] = await Promise.all([
      t.call(staffCloseStatementPeriod, { cycle: 'MONTHLY', periodFrom: civil(p3) }, { token: staff }),
      t.call(staffCloseStatementPeriod, { cycle: 'MONTHLY', periodFrom: civil(p3) }, { token: staff }),
    ]);
    expect([x.status, y.status]).toEqual([200, 200]);
    expect([x.body.newlyClosed, y.body.newlyClosed].sort()).toEqual([false, true]);
    const counts = await t.pool.query<{ user_id: string; n: number }>(
      `SELECT user_id, count(*)::int AS n FROM owner_statements WHERE period_id = $1 GROUP BY user_id`,
      [`MONTHLY-${p3.slice(0, 7)}`],
    );
    expect(counts.rows.map((r) => r.n)).toEqual([1, 1]);

    const h = (await statementOf(a.token, p3)).houseStatements[0]!;
    // (12,000 paid late − 60,012 refunded) × 1/12 = −4,001, and its tax taken back with it.
    expect(h.revenue.items).toEqual([
      expect.objectContaining({ subject: 'ACCOMMODATION', summaryType: 'ADJUSTMENT', amount: -4_001 }),
    ]);
    expect(h.revenue.consumptionTaxes).toEqual([{ targetAmount: -4_001, percentage: 10, taxAmount: -400 }]);
    expect(h.expenditure.items.map((i) => [i.subject, i.summaryType, i.amount])).toEqual([
      ['MANAGEMENT_FEE', 'DEFAULT', 10_000],
      ['OWN_USE_FEE', 'ADJUSTMENT', -5_000],
    ]);
    expect(h.expenditure.consumptionTaxes).toEqual([{ targetAmount: 5_000, percentage: 10, taxAmount: 500 }]);
    const hb = (await statementOf(b.token, p3)).houseStatements[0]!;
    expect(hb.revenue.items).toEqual([expect.objectContaining({ summaryType: 'ADJUSTMENT', amount: 3_000 })]);
    expect(hb.expenditure.items).toEqual([expect.objectContaining({ subject: 'MANAGEMENT_FEE', amount: 30_000 })]);
  });

  it('settles a semester with its exclusion and transfer amount', async () => {
    const half = lastEndedPeriod('SEMESTER', today);
    const closed = await closedPeriod(t, staff, 'SEMESTER', half.from);
    expect(closed.period.statementCount).toBe(1);
    const h = (await statementOf(a.token, half.from, 'SEMESTER')).houseStatements[0]!;
    expect(h.house.houseId).toBe(g3.houseIds[0]);
    expect(h.expenditure.items).toEqual([
      expect.objectContaining({
        subject: 'MANAGEMENT_FEE',
        amount: 30_000,
        unitDetails: expect.objectContaining({ months: 6 }),
      }),
    ]);
    expect(h.semesterReportSettlement).toEqual({
      exclusion: 33_000,
      exclusionItems: [{ subject: 'MANAGEMENT_FEE', amount: 30_000, consumptionTaxApplicable: true }],
      exclusionConsumptionTax: 3_000,
      transferAmount: -33_000,
    });
    expect(h.monthlyReportSettlement).toBeUndefined();
  });

  it('refuses a period that does not exist or has not ended', async () => {
    const wrong = await t.call(
      staffCloseStatementPeriod,
      { cycle: 'MONTHLY', periodFrom: civil(addDays(p3, 1)) },
      { token: staff },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.error.errorInfo.reason).toBe('CodeStatementPeriodInvalid');
    const running = await t.call(
      staffCloseStatementPeriod,
      { cycle: 'MONTHLY', periodFrom: civil(firstOfMonth(monthOf(today))) },
      { token: staff },
    );
    expect(running.status).toBe(409);
    expect(running.error.errorInfo.reason).toBe('CodeStatementPeriodNotEnded');
    const semester = await t.call(
      staffCloseStatementPeriod,
      { cycle: 'SEMESTER', periodFrom: civil(`${today.slice(0, 4)}-03-01`) },
      { token: staff },
    );
    expect(semester.status).toBe(400);
  });
});

describe('an issued statement', () => {
  it('can never be edited or removed, nor what it settled', async () => {
    await expect(t.pool.query('UPDATE owner_statements SET total = 0')).rejects.toThrow(/immutable/);
    await expect(t.pool.query('DELETE FROM owner_statements')).rejects.toThrow(/immutable/);
    await expect(t.pool.query('DELETE FROM owner_statement_settled_expenditures')).rejects.toThrow(/immutable/);
    await expect(t.pool.query('TRUNCATE owner_statements CASCADE')).rejects.toThrow(/immutable/);
    // Every ledger entry of A's stay was settled once, by P2's statement or P3's.
    const settled = await t.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM owner_expenditures e JOIN owner_statement_settled_expenditures x ON x.expenditure_id = e.id
        WHERE e.user_id = $1`,
      [a.user.id],
    );
    expect(settled.rows[0]!.n).toBe(3);
  });

  it('is read by its owner only; staff read every one', async () => {
    const mine = await statementsOf(b.token);
    expect(mine).toHaveLength(2);
    const ofA = await statementsOf(a.token);
    expect(ofA.map((s) => s.cycle).sort()).toEqual(['MONTHLY', 'MONTHLY', 'SEMESTER']);
    const other = await t.call(getOwnerStatement, { ownerStatementId: ofA[0]!.ownerStatementId }, { token: b.token });
    expect(other.status).toBe(404);
    expect(other.error.errorInfo.reason).toBe('CodeOwnerStatementNotFound');
    const notOwner = await t.call(listOwnerStatements, {}, { token: guest.token });
    expect(notOwner.status).toBe(403);
    const asStaff = await t.call(
      staffGetOwnerStatement,
      { ownerStatementId: ofA[0]!.ownerStatementId },
      { token: staff },
    );
    expect(asStaff.body.ownerStatement.owner.userId).toBe(a.user.id);
    const listed = await t.call(staffListOwnerStatements, { periodId: `MONTHLY-${p2.slice(0, 7)}` }, { token: staff });
    expect(listed.body.total).toBe(2);
    expect(listed.body.ownerStatements.map((s) => s.userId).sort()).toEqual([a.user.id, b.user.id].sort());
    expect(listed.body.periods.map((p) => p.periodId)).toContain(`MONTHLY-${p3.slice(0, 7)}`);
    const unknown = await t.call(staffListOwnerStatements, { periodId: 'MONTHLY-1999-01' }, { token: staff });
    expect(unknown.status).toBe(404);
    const byOwner = await t.call(staffListOwnerStatements, {}, { token: a.token });
    expect(byOwner.status).toBe(403);
  });

  it('is a PDF in English and Japanese for its owner, not for another', async () => {
    const s = (await statementsOf(a.token))[0]!;
    for (const lang of ['en', 'ja']) {
      const res = await t.raw(`${s.pdfPath}?lang=${lang}`, { headers: { authorization: `Bearer ${a.token}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      const body = Buffer.from(await res.arrayBuffer()).toString('latin1');
      expect(body.startsWith('%PDF-1.7')).toBe(true);
      // English text is written as Latin strings; Japanese lines in the Japanese font's CMap.
      if (lang === 'en') expect(body).toContain(`Statement No.: ${s.statementNumber}`);
      else expect(body).toContain('UniJIS-UCS2-H');
    }
    const other = await t.raw(s.pdfPath, { headers: { authorization: `Bearer ${b.token}` } });
    expect(other.status).toBe(404);
    const anonymous = await t.raw(s.pdfPath);
    expect(anonymous.status).toBe(401);
  });
});

describe('the closing job', () => {
  it('finishes a close cut short, and closes a month on its own a week after it ended', async () => {
    // A close that stopped after writing its period (the process ended): the job issues its statements.
    const p1 = firstOfMonth(addMonths(monthOf(today), -3));
    await t.pool.query(
      `INSERT INTO owner_statement_periods (id, cycle, period_from, period_to, closed_by, closed_at)
       VALUES ($1, 'MONTHLY', $2, $3, 'test', $4)`,
      [`MONTHLY-${p1.slice(0, 7)}`, p1, addDays(p2, -1), t.clock.now()],
    );
    await closeDuePeriods(t.api.deps);
    const finished = await t.pool.query<{ completed: boolean; n: number }>(
      `SELECT p.completed_at IS NOT NULL AS completed, (SELECT count(*)::int FROM owner_statements s WHERE s.period_id = p.id) AS n
         FROM owner_statement_periods p WHERE p.id = $1`,
      [`MONTHLY-${p1.slice(0, 7)}`],
    );
    // Only A held a share of G1 then (B's came in P2).
    expect(finished.rows[0]).toEqual({ completed: true, n: 1 });

    // This month, seen from inside the week after it ends: not yet; after the week: closed.
    const thisMonth = firstOfMonth(monthOf(today));
    const nextMonth = firstOfMonth(addMonths(monthOf(today), 1));
    const before = t.clock.now();
    try {
      t.clock.set(at(addDays(nextMonth, AUTO_CLOSE_AFTER_DAYS - 1)));
      await closeDuePeriods(t.api.deps);
      const early = await t.pool.query('SELECT 1 FROM owner_statement_periods WHERE id = $1', [
        `MONTHLY-${thisMonth.slice(0, 7)}`,
      ]);
      expect(early.rowCount).toBe(0);
      t.clock.set(at(addDays(nextMonth, AUTO_CLOSE_AFTER_DAYS + 1)));
      await closeDuePeriods(t.api.deps);
      const closed = await t.pool.query<{ closed_by: string; n: number }>(
        `SELECT closed_by, (SELECT count(*)::int FROM owner_statements s WHERE s.period_id = p.id) AS n
           FROM owner_statement_periods p WHERE p.id = $1`,
        [`MONTHLY-${thisMonth.slice(0, 7)}`],
      );
      expect(closed.rows[0]).toEqual({ closed_by: 'system:statement-close', n: 2 });
    } finally {
      t.clock.set(before);
    }
  });
});

function civil(iso: IsoDate) {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}
