import { createHash, randomBytes } from 'node:crypto';
import { OPERATOR_TIME_ZONE } from '@yado/contract/operator-zone';
import { addDays, civilFromIso, isoFromCivil, todayIn, type IsoDate } from '@yado/contract/civil-date';
import type { CivilDate } from '@yado/contract/common.schema';
import { dateTimeFromDate } from '@yado/contract/date-time';
import {
  financialStatementPdfPath,
  sharedFinancialStatementPagePath,
  sharedFinancialStatementPdfPath,
  type FinancialPeriodTypeValue,
  type FinancialStatement,
  type FinancialStatementShare,
} from '@yado/contract/financial-statement.contract';
import type { Language } from '@yado/contract/headers';
import { AppError } from '../../platform/app-error.js';
import { withTx } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import { recordAudit } from '../audit/audit.service.js';
import { requireUser } from '../user/user.service.js';
import type { UserRecord } from '../user/user.service.js';
import { formatNac, formatRate, parseRate, parseSignedNac } from '../nac/nac.service.js';
import { renderFinancialStatementPdf } from './financial-statement-pdf.js';
import * as repo from './financial-statement.repo.js';
import {
  dailySummaries,
  methodTotals,
  monthlySummaries,
  nacRefundYen,
  periodClosed,
  periodStarting,
  periodsWithLines,
  sortLines,
  type Line,
  type Period,
} from './financial-statement.rules.js';

/*
 * Financial statements (decision 0048). A statement is computed from the billings each time it is
 * read: a payment or a refund is dated when it happened and never changes afterwards, so a period
 * that has ended reads the same forever without a stored copy. Share links keep only a hash of
 * their token; opening one counts the access.
 */

export const FINANCIAL_TIME_ZONE = OPERATOR_TIME_ZONE;

const civil = (iso: IsoDate) => civilFromIso(iso);
const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest();

function holderName(u: UserRecord, language: Language): string {
  return language === 'ja'
    ? `${u.lastName} ${u.firstName}`
    : `${u.romanizedFirstName} ${u.romanizedLastName}`.trim() || `${u.lastName} ${u.firstName}`;
}

/** The lines of the movements: refunds negative, a NAC refund's yen at the rate its billing paid. */
export function linesOf(rows: readonly repo.MovementRow[]): Line[] {
  return sortLines(
    rows.map((r) => {
      const sign = r.type === 'REFUND' ? -1 : 1;
      if (r.method !== 'NAC') {
        return { ...base(r), amount: sign * r.yen, nacUnits: null, rateUnits: null };
      }
      const units = parseSignedNac(r.nacAmount!);
      const rate = parseRate(r.nacRate!);
      const rateUnits = rate.ok ? rate.units : 0n;
      const yen =
        r.type === 'PAYMENT'
          ? r.yen
          : nacRefundYen(units, { units: parseSignedNac(r.nacPaid!), yen: r.nacPaidYen, rateUnits });
      return { ...base(r), amount: sign * yen, nacUnits: BigInt(sign) * units, rateUnits };
    }),
  );
}

const base = (r: repo.MovementRow) => ({
  date: r.date,
  billingNumber: r.billingNumber,
  method: r.method,
  type: r.type,
  at: r.at,
});

/** The period asked for, when it exists and has begun in Japan. */
function requirePeriod(deps: Deps, type: FinancialPeriodTypeValue, start: CivilDate): Period {
  const period = periodStarting(type, isoFromCivil(start));
  if (!period || period.start > todayIn(FINANCIAL_TIME_ZONE, deps.clock.now())) {
    throw new AppError('CodeFinancialPeriodInvalid');
  }
  return period;
}

async function statementOf(
  deps: Deps,
  user: UserRecord,
  period: Period,
  language: Language,
  pdfPath: string,
): Promise<FinancialStatement> {
  const rows = await repo.movementsOfAccount(deps.db, user.accountId, {
    from: period.start,
    toExclusive: addDays(period.end, 1),
  });
  const lines = linesOf(rows);
  const totals = methodTotals(lines);
  return {
    periodType: period.type,
    periodStart: civil(period.start),
    periodEnd: civil(period.end),
    paid: totals.total.paid,
    refunded: totals.total.refunded,
    net: totals.total.net,
    lineCount: lines.length,
    holderName: holderName(user, language),
    closed: periodClosed(period, todayIn(FINANCIAL_TIME_ZONE, deps.clock.now())),
    lines: lines.map((l) => ({
      date: civil(l.date),
      billingNumber: l.billingNumber,
      method: l.method,
      type: l.type,
      amount: l.amount,
      nacAmount: l.nacUnits === null ? null : formatNac(l.nacUnits),
      nacToJpyRate: l.rateUnits === null ? null : formatRate(l.rateUnits),
    })),
    totals,
    dailySummaries: dailySummaries(lines).map((d) => ({ ...d, date: civil(d.date) })),
    monthlySummaries: monthlySummaries(period, lines),
    pdfPath,
  };
}

/** list_financial_statements */
export async function listFinancialStatements(
  deps: Deps,
  accountId: string,
  input: { periodType?: FinancialPeriodTypeValue | undefined },
) {
  const user = await requireUser(deps, accountId);
  const lines = linesOf(await repo.movementsOfAccount(deps.db, user.accountId, null));
  const types: FinancialPeriodTypeValue[] = input.periodType ? [input.periodType] : ['QUARTER', 'SEMESTER'];
  const all = types.flatMap((type) => periodsWithLines(type, lines));
  // Newest first; a half year before the quarters it holds, which start with it or later.
  all.sort((a, b) => b.period.start.localeCompare(a.period.start) || (a.period.type === 'SEMESTER' ? -1 : 1));
  return {
    financialStatements: all.map((s) => ({
      periodType: s.period.type,
      periodStart: civil(s.period.start),
      periodEnd: civil(s.period.end),
      paid: s.paid,
      refunded: s.refunded,
      net: s.net,
      lineCount: s.lineCount,
    })),
  };
}

/** get_financial_statement */
export async function getFinancialStatement(
  deps: Deps,
  accountId: string,
  language: Language,
  input: { periodType: FinancialPeriodTypeValue; periodStart: CivilDate },
) {
  const user = await requireUser(deps, accountId);
  const period = requirePeriod(deps, input.periodType, input.periodStart);
  return {
    financialStatement: await statementOf(
      deps,
      user,
      period,
      language,
      financialStatementPdfPath(period.type, period.start),
    ),
  };
}

// Shares -------------------------------------------------------------------------------------------

function shareView(s: repo.ShareRow, now: Date): FinancialStatementShare {
  return {
    shareId: s.id,
    periodType: s.periodType,
    periodStart: civil(s.periodStart),
    createdAt: dateTimeFromDate(s.createdAt),
    expiresAt: dateTimeFromDate(s.expiresAt),
    revokedAt: s.revokedAt ? dateTimeFromDate(s.revokedAt) : null,
    status: s.revokedAt ? 'REVOKED' : s.expiresAt <= now ? 'EXPIRED' : 'ACTIVE',
    accessCount: s.accessCount,
    lastAccessedAt: s.lastAccessedAt ? dateTimeFromDate(s.lastAccessedAt) : null,
  };
}

/** share_financial_statement */
export async function shareFinancialStatement(
  deps: Deps,
  accountId: string,
  input: { periodType: FinancialPeriodTypeValue; periodStart: CivilDate; expiresInDays: number },
) {
  const user = await requireUser(deps, accountId);
  const period = requirePeriod(deps, input.periodType, input.periodStart);
  const rows = await repo.movementsOfAccount(deps.db, user.accountId, {
    from: period.start,
    toExclusive: addDays(period.end, 1),
  });
  // An empty statement says nothing an accountant needs, and a link to it is most likely a mistake.
  if (rows.length === 0) throw new AppError('CodeFinancialStatementEmpty');
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  // Who let whom see their money, and until when, is kept in the audit log with the share.
  const share = await withTx(deps.db, async (tx) => {
    const row = await repo.insertShare(tx, {
      id: `fss_${randomBytes(12).toString('hex')}`,
      accountId: user.accountId,
      periodType: period.type,
      periodStart: period.start,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + input.expiresInDays * 24 * 60 * 60 * 1000),
    });
    await recordAudit(tx, {
      actor: `account:${user.accountId}`,
      action: 'financial_statement_share.create',
      entity: 'financial_statement_share',
      entityId: row.id,
      after: { periodType: row.periodType, periodStart: row.periodStart, expiresAt: row.expiresAt.toISOString() },
      at: now,
    });
    return row;
  });
  return { share: shareView(share, now), token, pagePath: sharedFinancialStatementPagePath(token) };
}

/** list_financial_statement_shares */
export async function listFinancialStatementShares(
  deps: Deps,
  accountId: string,
  input: { periodType?: FinancialPeriodTypeValue | undefined; periodStart?: CivilDate | undefined },
) {
  if ((input.periodType === undefined) !== (input.periodStart === undefined)) throw new AppError('CodeInvalidArgument');
  // A period that cannot start on the date given (not the first day of one, or not a calendar date)
  // has no shares; it is refused as get_financial_statement refuses it.
  const period =
    input.periodType && input.periodStart ? periodStarting(input.periodType, isoFromCivil(input.periodStart)) : null;
  if (input.periodType && !period) throw new AppError('CodeFinancialPeriodInvalid');
  const of = period ? { periodType: period.type, periodStart: period.start } : null;
  const now = deps.clock.now();
  return { shares: (await repo.sharesOfAccount(deps.db, accountId, of)).map((s) => shareView(s, now)) };
}

/** revoke_financial_statement_share */
export async function revokeFinancialStatementShare(deps: Deps, accountId: string, shareId: string) {
  const now = deps.clock.now();
  const s = await withTx(deps.db, async (tx) => {
    const row = await repo.revokeShare(tx, accountId, shareId, now);
    if (row?.newly) {
      await recordAudit(tx, {
        actor: `account:${accountId}`,
        action: 'financial_statement_share.revoke',
        entity: 'financial_statement_share',
        entityId: row.id,
        at: now,
      });
    }
    return row;
  });
  if (!s) throw new AppError('CodeFinancialStatementShareNotFound');
  return { share: shareView(s, now) };
}

/** The live share a token opens, its access counted; refused when unknown, revoked or expired. */
async function openShare(deps: Deps, token: string): Promise<repo.ShareRow> {
  const s = await repo.findShareByHash(deps.db, hashToken(token));
  if (!s) throw new AppError('CodeFinancialStatementShareNotFound');
  const now = deps.clock.now();
  if (s.revokedAt) throw new AppError('CodeFinancialStatementShareRevoked');
  if (s.expiresAt <= now) throw new AppError('CodeFinancialStatementShareExpired');
  await repo.recordShareAccess(deps.db, s.id, now);
  return s;
}

async function sharedStatement(deps: Deps, s: repo.ShareRow, language: Language, token: string) {
  const user = await requireUser(deps, s.accountId);
  const period = periodStarting(s.periodType, s.periodStart)!;
  return statementOf(deps, user, period, language, sharedFinancialStatementPdfPath(token));
}

/** get_shared_financial_statement */
export async function getSharedFinancialStatement(deps: Deps, token: string, language: Language) {
  const s = await openShare(deps, token);
  return {
    financialStatement: await sharedStatement(deps, s, language, token),
    expiresAt: dateTimeFromDate(s.expiresAt),
  };
}

// PDF ----------------------------------------------------------------------------------------------

function pdfOf(deps: Deps, s: FinancialStatement, language: Language) {
  const pdf = renderFinancialStatementPdf(
    s,
    language,
    todayIn(FINANCIAL_TIME_ZONE, deps.clock.now()),
    deps.clock.now(),
  );
  const start = isoFromCivil(s.periodStart);
  return { filename: `statement-${s.periodType.toLowerCase()}-${start}.pdf`, pdf };
}

/** The PDF of one of the caller's statements (`file`: "QUARTER-2026-04-01"). */
export async function financialStatementPdf(deps: Deps, accountId: string, file: string, language: Language) {
  const m = /^(QUARTER|SEMESTER)-(\d{4})-(\d{2})-(\d{2})$/.exec(file);
  if (!m) throw new AppError('CodeFinancialPeriodInvalid');
  const { financialStatement } = await getFinancialStatement(deps, accountId, language, {
    periodType: m[1] as FinancialPeriodTypeValue,
    periodStart: { year: Number(m[2]), month: Number(m[3]), day: Number(m[4]) },
  });
  return pdfOf(deps, financialStatement, language);
}

/** The PDF of a shared statement; opening it counts as an access. */
export async function sharedFinancialStatementPdf(deps: Deps, token: string, language: Language) {
  const s = await openShare(deps, token);
  return pdfOf(deps, await sharedStatement(deps, s, language, token), language);
}
