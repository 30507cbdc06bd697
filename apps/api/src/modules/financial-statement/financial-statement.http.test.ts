import { randomUUID } from 'node:crypto';
import { addDays, civilFromIso, todayIn, type IsoDate } from '@yado/contract/civil-date';
import {
  getFinancialStatement,
  getSharedFinancialStatement,
  listFinancialStatements,
  listFinancialStatementShares,
  revokeFinancialStatementShare,
  shareFinancialStatement,
  type FinancialStatement,
} from '@yado/contract/financial-statement.contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { registeredUser } from '../../test-support/user-factory.js';
import { parsePdf } from '../billing/pdf.test-factory.js';
import { periodOf } from './financial-statement.rules.js';
import { paidBilling, refundedBilling } from './financial-statement.test-factory.js';

// The world: guest A paid five billings in the quarter before this one (P) — card and points, card
// and NAC (paid just after midnight in Japan), card refunded later in P, NAC and points refunded on
// the first day of this quarter (Q) — and a billing split into parts, which is paid through its
// parts and so is not in the statement. Guest B paid one billing in P.

let t: TestApi;
type Guest = Awaited<ReturnType<typeof registeredUser>> & { accountId: string };
let a: Guest;
let b: Guest;
let pStart: IsoDate;
let pEnd: IsoDate;
let qStart: IsoDate;
const nums: string[] = [];
const jst = (d: IsoDate, time = '12:00') => new Date(`${d}T${time}:00+09:00`);
const civil = civilFromIso;

async function guest(): Promise<Guest> {
  const g = await registeredUser(t, {
    firstName: '花子',
    lastName: '佐藤',
    romanizedFirstName: 'Hanako',
    romanizedLastName: 'Sato',
  });
  return { ...g, accountId: g.tokens.accountId };
}

const statement = async (g: Guest, start: IsoDate, periodType: 'QUARTER' | 'SEMESTER' = 'QUARTER') => {
  const res = await t.call(getFinancialStatement, { periodType, periodStart: civil(start) }, { token: g.token });
  expect(res.status).toBe(200);
  return res.body.financialStatement;
};

const share = async (g: Guest, start: IsoDate, extra: { expiresInDays?: number } = {}) => {
  const res = await t.call(
    shareFinancialStatement,
    { periodType: 'QUARTER', periodStart: civil(start), ...extra },
    { token: g.token },
  );
  expect(res.status).toBe(200);
  return res.body;
};

beforeAll(async () => {
  t = await createTestApi();
  [a, b] = [await guest(), await guest()];
  const q = periodOf('QUARTER', todayIn('Asia/Tokyo', t.clock.now()));
  qStart = q.start;
  const p = periodOf('QUARTER', addDays(q.start, -1));
  pStart = p.start;
  pEnd = p.end;
  const m2 = periodOf('QUARTER', pStart).start.slice(0, 5) + String(Number(pStart.slice(5, 7)) + 1).padStart(2, '0');
  const m3 = pStart.slice(0, 5) + String(Number(pStart.slice(5, 7)) + 2).padStart(2, '0');
  const b1 = await paidBilling(t, a.accountId, { paidAt: jst(addDays(pStart, 10)), card: 30_000, points: 2_000 });
  // 00:30 in Japan is the day before in UTC: the statement dates it by Japan's calendar.
  const b2 = await paidBilling(t, a.accountId, {
    paidAt: jst(`${m2}-21`, '00:30'),
    card: 1_420,
    nac: { amount: '123.45678901', rate: '150.5', yen: 18_580 },
  });
  const b3 = await paidBilling(t, a.accountId, { paidAt: jst(`${m3}-05`), card: 10_000 });
  await refundedBilling(t, b3.id, { at: jst(`${m3}-10`) });
  const b4 = await paidBilling(t, a.accountId, {
    paidAt: jst(pEnd, '20:00'),
    points: 500,
    nac: { amount: '10', rate: '100', yen: 1_000 },
  });
  await refundedBilling(t, b4.id, { at: jst(qStart, '10:00'), nac: '10' });
  await paidBilling(t, a.accountId, { paidAt: jst(addDays(pStart, 3)), card: 99_999, splitSource: true });
  await paidBilling(t, b.accountId, { paidAt: jst(addDays(pStart, 3)), card: 5_000 });
  nums.push(b1.number, b2.number, b3.number, b4.number);
});

describe('get_financial_statement', () => {
  it('lists every payment and refund of the period by method, with exact totals and summaries', async () => {
    const s = await statement(a, pStart);
    const [n1, n2, n3, n4] = nums;
    const m2 = civil(addDays(pStart, 40)).month;
    expect(s.lines.map((l) => [l.billingNumber, l.method, l.type, l.amount, l.nacAmount, l.nacToJpyRate])).toEqual([
      [n1, 'CARD', 'PAYMENT', 30_000, null, null],
      [n1, 'POINT', 'PAYMENT', 2_000, null, null],
      [n2, 'CARD', 'PAYMENT', 1_420, null, null],
      [n2, 'NAC', 'PAYMENT', 18_580, '123.45678901', '150.5'],
      [n3, 'CARD', 'PAYMENT', 10_000, null, null],
      [n3, 'CARD', 'REFUND', -10_000, null, null],
      [n4, 'NAC', 'PAYMENT', 1_000, '10', '100'],
      [n4, 'POINT', 'PAYMENT', 500, null, null],
    ]);
    expect(s.lines[2]!.date).toEqual({ ...civil(pStart), month: m2, day: 21 });
    expect(s.totals).toEqual({
      card: { paid: 41_420, refunded: -10_000, net: 31_420 },
      nac: {
        paid: 19_580,
        refunded: 0,
        net: 19_580,
        nacPaid: '133.45678901',
        nacRefunded: '0',
        nacNet: '133.45678901',
      },
      point: { paid: 2_500, refunded: 0, net: 2_500 },
      total: { paid: 63_500, refunded: -10_000, net: 53_500 },
    });
    expect([s.paid, s.refunded, s.net, s.lineCount, s.closed]).toEqual([63_500, -10_000, 53_500, 8, true]);
    expect(s.dailySummaries.map((d) => [d.dateSeq, d.amount, d.type])).toEqual([
      [1, 32_000, 'PAYMENT'],
      [1, 20_000, 'PAYMENT'],
      [1, 10_000, 'PAYMENT'],
      [1, -10_000, 'REFUND'],
      [1, 1_500, 'PAYMENT'],
    ]);
    expect(s.monthlySummaries.map((m) => [m.card, m.nac, m.point, m.net])).toEqual([
      [30_000, 0, 2_000, 32_000],
      [1_420, 18_580, 0, 20_000],
      [0, 1_000, 500, 1_500],
    ]);
    expect(s.holderName).toBe('Hanako Sato');
    expect(s.pdfPath).toBe(`/financial-statements/QUARTER-${pStart}.pdf`);
  });

  it('shows a refund in the period it was made, as negative lines, the NAC at its paid yen', async () => {
    const s = await statement(a, qStart);
    expect(s.lines.map((l) => [l.method, l.type, l.amount, l.nacAmount])).toEqual([
      ['NAC', 'REFUND', -1_000, '-10'],
      ['POINT', 'REFUND', -500, null],
    ]);
    expect(s.totals.nac).toMatchObject({ refunded: -1_000, nacRefunded: '-10' });
    expect([s.paid, s.refunded, s.net, s.closed]).toEqual([0, -1_500, -1_500, false]);
    expect(s.dailySummaries).toEqual([{ date: civil(qStart), dateSeq: 1, amount: -1_500, type: 'REFUND' }]);
  });

  it('shows the caller only their own billings, and names them in their language', async () => {
    const s = await statement(b, pStart);
    expect(s.lines.map((l) => l.amount)).toEqual([5_000]);
    const ja = await t.call(
      getFinancialStatement,
      { periodType: 'QUARTER', periodStart: civil(pStart) },
      { token: a.token, language: 'ja' },
    );
    expect(ja.body.financialStatement.holderName).toBe('佐藤 花子');
  });

  it('refuses a date no period starts on, and a period not begun', async () => {
    for (const [periodType, start] of [
      ['QUARTER', addDays(pStart, 31)],
      ['SEMESTER', `${pStart.slice(0, 4)}-04-01`],
      ['QUARTER', addDays(qStart, 400).slice(0, 5) + '01-01'],
    ] as const) {
      const res = await t.call(getFinancialStatement, { periodType, periodStart: civil(start) }, { token: a.token });
      expect(res.status).toBe(400);
      expect(res.error.errorInfo.reason).toBe('CodeFinancialPeriodInvalid');
    }
  });

  it('answers an empty statement for a period without payments', async () => {
    const old = await statement(a, '2020-01-01');
    expect([old.lines, old.paid, old.monthlySummaries.length]).toEqual([[], 0, 3]);
  });

  it('is for signed-in users only', async () => {
    const res = await t.call(getFinancialStatement, { periodType: 'QUARTER', periodStart: civil(pStart) });
    expect(res.status).toBe(401);
  });
});

describe('list_financial_statements', () => {
  it("lists the caller's quarters and half years that have payments, newest first", async () => {
    const res = await t.call(listFinancialStatements, {}, { token: a.token });
    const quarters = res.body.financialStatements.filter((s) => s.periodType === 'QUARTER');
    expect(quarters.map((s) => [s.periodStart, s.net])).toEqual([
      [civil(qStart), -1_500],
      [civil(pStart), 53_500],
    ]);
    const semesters = res.body.financialStatements.filter((s) => s.periodType === 'SEMESTER');
    expect(semesters.reduce((sum, s) => sum + s.net, 0)).toBe(52_000);
    const only = await t.call(listFinancialStatements, { periodType: 'SEMESTER' }, { token: a.token });
    expect(only.body.financialStatements.every((s) => s.periodType === 'SEMESTER')).toBe(true);
    // Not an empty list: the filter keeps exactly the half years of the full list (their net is 52,000).
    expect(only.body.financialStatements).toEqual(semesters);
    const fresh = await guest();
    expect((await t.call(listFinancialStatements, {}, { token: fresh.token })).body.financialStatements).toEqual([]);
  });
});

describe('sharing', () => {
  it('opens the statement without signing in until the link expires, counting each opening', async () => {
    const made = await share(a, pStart);
    expect(made.share).toMatchObject({ status: 'ACTIVE', accessCount: 0, lastAccessedAt: null });
    expect(made.pagePath).toBe(`/financial-statements/shared/${made.token}`);
    expect(made.token.length).toBeGreaterThanOrEqual(40);
    const stored = await t.pool.query(
      'SELECT count(*)::int AS n FROM financial_statement_shares WHERE token_hash::text LIKE $1',
      [`%${made.token}%`],
    );
    expect(stored.rows[0].n).toBe(0);

    const opened = await t.call(getSharedFinancialStatement, { token: made.token });
    expect(opened.status).toBe(200);
    const s: FinancialStatement = opened.body.financialStatement;
    expect([s.net, s.lineCount, s.holderName]).toEqual([53_500, 8, 'Hanako Sato']);
    expect(s.pdfPath).toBe(`/financial-statement-shares/${made.token}.pdf`);
    await t.call(getSharedFinancialStatement, { token: made.token });

    const listed = await t.call(
      listFinancialStatementShares,
      { periodType: 'QUARTER', periodStart: civil(pStart) },
      { token: a.token },
    );
    const mine = listed.body.shares.find((x) => x.shareId === made.share.shareId)!;
    expect(mine.accessCount).toBe(2);
    expect(mine.lastAccessedAt).not.toBeNull();

    // Eight days later (the link's times moved back, as if they had passed).
    await t.pool.query(
      `UPDATE financial_statement_shares SET created_at = created_at - interval '8 days', expires_at = expires_at - interval '8 days' WHERE id = $1`,
      [made.share.shareId],
    );
    const expired = await t.call(getSharedFinancialStatement, { token: made.token });
    expect(expired.status).toBe(410);
    expect(expired.error.errorInfo.reason).toBe('CodeFinancialStatementShareExpired');
    const after = await t.call(listFinancialStatementShares, {}, { token: a.token });
    expect(after.body.shares.find((x) => x.shareId === made.share.shareId)).toMatchObject({
      status: 'EXPIRED',
      accessCount: 2,
    });
  });

  it('counts every opening when many arrive at once', async () => {
    const made = await share(a, pStart);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => t.call(getSharedFinancialStatement, { token: made.token })),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
    const listed = await t.call(listFinancialStatementShares, {}, { token: a.token });
    expect(listed.body.shares.find((x) => x.shareId === made.share.shareId)?.accessCount).toBe(8);
  });

  it('lives 1 to 30 days, 7 unless asked', async () => {
    const made = await share(a, pStart, { expiresInDays: 30 });
    const days = (x: typeof made.share) =>
      (Date.UTC(x.expiresAt.year, x.expiresAt.month - 1, x.expiresAt.day) -
        Date.UTC(x.createdAt.year, x.createdAt.month - 1, x.createdAt.day)) /
      86_400_000;
    expect(days(made.share)).toBe(30);
    expect(days((await share(a, pStart)).share)).toBe(7);
    const long = await t.call(
      shareFinancialStatement,
      { periodType: 'QUARTER', periodStart: civil(pStart), expiresInDays: 31 },
      { token: a.token },
    );
    expect(long.status).toBe(400);
  });

  it('is refused once revoked; only its owner can revoke it', async () => {
    const made = await share(a, pStart);
    const other = await t.call(revokeFinancialStatementShare, { shareId: made.share.shareId }, { token: b.token });
    expect(other.status).toBe(404);
    expect(other.error.errorInfo.reason).toBe('CodeFinancialStatementShareNotFound');
    expect((await t.call(listFinancialStatementShares, {}, { token: b.token })).body.shares).toEqual([]);
    const revoked = await t.call(revokeFinancialStatementShare, { shareId: made.share.shareId }, { token: a.token });
    expect(revoked.body.share.status).toBe('REVOKED');
    const audit = await t.pool.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE entity = 'financial_statement_share' AND entity_id = $1 ORDER BY id`,
      [made.share.shareId],
    );
    expect(audit.rows.map((r) => r.action)).toEqual([
      'financial_statement_share.create',
      'financial_statement_share.revoke',
    ]);
    const again = await t.call(revokeFinancialStatementShare, { shareId: made.share.shareId }, { token: a.token });
    expect(again.body.share.revokedAt).toEqual(revoked.body.share.revokedAt);
    const res = await t.call(getSharedFinancialStatement, { token: made.token });
    expect(res.status).toBe(410);
    expect(res.error.errorInfo.reason).toBe('CodeFinancialStatementShareRevoked');
    const pdf = await t.raw(`/financial-statement-shares/${made.token}.pdf`);
    expect(pdf.status).toBe(410);
  });

  it('refuses an unknown token and a period without payments', async () => {
    const res = await t.call(getSharedFinancialStatement, { token: 'x'.repeat(43) });
    expect(res.status).toBe(404);
    expect(res.error.errorInfo.reason).toBe('CodeFinancialStatementShareNotFound');
    const empty = await t.call(
      shareFinancialStatement,
      { periodType: 'QUARTER', periodStart: civil('2020-01-01') },
      { token: a.token },
    );
    expect(empty.status).toBe(409);
    expect(empty.error.errorInfo.reason).toBe('CodeFinancialStatementEmpty');
  });

  it('makes one link for a retried request with the same Idempotency-Key', async () => {
    const opts = { token: a.token, headers: { 'idempotency-key': randomUUID() } };
    const input = { periodType: 'QUARTER' as const, periodStart: civil(pStart) };
    const [x, y] = await Promise.all([
      t.call(shareFinancialStatement, input, opts),
      t.call(shareFinancialStatement, input, opts),
    ]);
    expect(x.body.share.shareId).toBe(y.body.share.shareId);
    const n = await t.pool.query('SELECT count(*)::int AS n FROM financial_statement_shares WHERE id = $1', [
      x.body.share.shareId,
    ]);
    expect(n.rows[0].n).toBe(1);
  });
});

describe('PDF', () => {
  const text = async (res: Response) => parsePdf(Buffer.from(await res.arrayBuffer())).pages.flat();

  it("serves the caller's statement in English and Japanese", async () => {
    const en = await t.raw(`/financial-statements/QUARTER-${pStart}.pdf?lang=en`, {
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(en.status).toBe(200);
    expect(en.headers.get('content-type')).toBe('application/pdf');
    const enText = await text(en);
    expect(enText).toEqual(
      expect.arrayContaining(['Payment Statement', 'Hanako Sato', '¥53,500', '-¥10,000', nums[1]]),
    );
    expect(enText).toContain('123.45678901 NAC @ ¥150.5');

    const ja = await t.raw(`/financial-statements/QUARTER-${pStart}.pdf?lang=ja`, {
      headers: { authorization: `Bearer ${a.token}` },
    });
    const parsed = parsePdf(Buffer.from(await ja.arrayBuffer()));
    expect(parsed.pages.flat()).toEqual(
      expect.arrayContaining(['お支払い明細書', '佐藤 花子 様', 'カード', 'ポイント', '¥53,500']),
    );
    expect(parsed.fonts).toEqual(expect.arrayContaining(['KozMinPr6N-Regular']));
  });

  it('needs the bearer token, and a real period', async () => {
    expect((await t.raw(`/financial-statements/QUARTER-${pStart}.pdf`)).status).toBe(401);
    const bad = await t.raw(`/financial-statements/QUARTER-${addDays(pStart, 1)}.pdf`, {
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(bad.status).toBe(400);
  });

  it('serves a shared statement by its token, counted as an opening, marked noindex', async () => {
    const made = await share(a, pStart);
    const res = await t.raw(`/financial-statement-shares/${made.token}.pdf?lang=en`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toContain('noindex');
    expect(await text(res)).toContain('Hanako Sato');
    const listed = await t.call(listFinancialStatementShares, {}, { token: a.token });
    expect(listed.body.shares.find((x) => x.shareId === made.share.shareId)?.accessCount).toBe(1);
  });
});
