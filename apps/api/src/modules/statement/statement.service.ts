import { randomBytes } from 'node:crypto';
import { OPERATOR_TIME_ZONE } from '@yado/contract/operator-zone';
import { addDays, civilFromIso, isoFromCivil, todayIn, type IsoDate } from '@yado/contract/civil-date';
import type { CivilDate } from '@yado/contract/common.schema';
import { dateTimeFromDate } from '@yado/contract/date-time';
import type { Language } from '@yado/contract/headers';
import {
  ownerStatementPdfPath,
  type getOwnerStatement as getOwnerStatementMethod,
  type listOwnerStatements as listOwnerStatementsMethod,
  type staffCloseStatementPeriod as staffCloseMethod,
  type staffListOwnerStatements as staffListMethod,
  type StatementCycleValue,
} from '@yado/contract/statement.contract';
import type { z } from 'zod';
import { AppError } from '../../platform/app-error.js';
import { withTx } from '../../platform/db/pool.js';
import { enqueueNotification } from '../notification/notification-event.service.js';
import type { Deps } from '../../platform/deps.js';
import type { Principal } from '../../platform/http/call-context.js';
import type { Task } from '../../platform/scheduler.js';
import { recordAudit } from '../audit/audit.service.js';
import { GUEST_REVENUE_TYPES } from '../owner-area/owner-area.service.js';
import { requireUser } from '../user/user.service.js';
import { renderStatementPdf } from './statement-pdf.js';
import * as repo from './statement.repo.js';
import type { Names, PeriodRow, StatementRow } from './statement.repo.js';
import {
  feeItem,
  houseStatement,
  lastEndedPeriod,
  managementFeeItem,
  periodIdOf,
  periodStarting,
  revenueItem,
  sortItems,
  statementTotals,
  type HouseStatementDoc,
  type Item,
  type Period,
} from './statement.rules.js';

/*
 * Owner statements (decision 0035). Closing a period writes its row once (a second close, or one
 * at the same time, finds it), then issues the statements in batches of owners: each batch is one
 * transaction holding the period's lock, reads only its owners' shares, revenue and open ledger
 * entries, and inserts their statements and the entries they settle. Memory holds one batch at a
 * time whatever the number of owners; a close cut short is finished by the next close or the job.
 */

/** Periods are civil months in the operator's zone, where it closes them. */
export const STATEMENT_TIME_ZONE = OPERATOR_TIME_ZONE;

/** Owners per batch of a close. */
export const CLOSE_BATCH_SIZE = 100;

/**
 * Days after a period ends before the job closes it on its own: guest billings of the period's last
 * nights are settled by then, and staff may close it earlier from the console.
 */
export const AUTO_CLOSE_AFTER_DAYS = 7;

/** What a statement keeps as issued: the names in both languages, so it reads the same forever. */
export type StoredHouse = HouseStatementDoc & {
  houseGroup: { houseGroupId: string; name: Names };
  house: { houseId: string; name: Names };
};
export type StoredStatement = {
  version: 1;
  cycle: StatementCycleValue;
  periodFrom: IsoDate;
  periodTo: IsoDate;
  issuance: { issuerName: Names; issuerNumber: string; issuedAt: string };
  businessInfo: { name: Names; address: Names; phoneNumber: string; registrationNumber: string };
  owner: { userId: string; name: Names };
  houses: StoredHouse[];
  totalRevenue: number;
  totalExpenditure: number;
  total: number;
};

type PeriodView = z.input<typeof staffCloseMethod.output>['period'];

const civil = (iso: IsoDate): CivilDate => civilFromIso(iso);

function periodView(p: PeriodRow): PeriodView {
  return {
    periodId: p.id,
    cycle: p.cycle,
    periodFrom: civil(p.periodFrom),
    periodTo: civil(p.periodTo),
    closedAt: dateTimeFromDate(p.closedAt),
    completedAt: p.completedAt ? dateTimeFromDate(p.completedAt) : null,
    statementCount: p.statementCount,
  };
}

const periodOfRow = (p: PeriodRow): Period => periodStarting(p.cycle, p.periodFrom)!;

// Closing ------------------------------------------------------------------------------------------

/**
 * Closes a period and issues its statements; a period closed before answers as it is (and a close
 * that was cut short is finished). `newlyClosed` is true for the one call that closed it.
 */
export async function closePeriod(
  deps: Deps,
  actor: string,
  input: { cycle: StatementCycleValue; periodFrom: IsoDate },
): Promise<{ period: PeriodRow; newlyClosed: boolean }> {
  const period = periodStarting(input.cycle, input.periodFrom);
  if (!period)
    throw new AppError('CodeStatementPeriodInvalid', {
      fields: [{ field: 'periodFrom', description: `no ${input.cycle} period starts on ${input.periodFrom}` }],
    });
  const now = deps.clock.now();
  if (todayIn(STATEMENT_TIME_ZONE, now) <= period.to) throw new AppError('CodeStatementPeriodNotEnded');
  const { period: row, inserted } = await withTx(deps.db, async (tx) => {
    const r = await repo.insertPeriod(tx, {
      id: periodIdOf(period),
      cycle: period.cycle,
      from: period.from,
      to: period.to,
      closedBy: actor,
      closedAt: now,
    });
    if (r.inserted)
      await recordAudit(tx, {
        actor,
        action: 'CLOSE_STATEMENT_PERIOD',
        entity: 'owner_statement_period',
        entityId: r.period.id,
        after: { cycle: period.cycle, periodFrom: period.from, periodTo: period.to },
        at: now,
      });
    return r;
  });
  if (!row.completedAt) await issueStatements(deps, row);
  return { period: (await repo.findPeriod(deps.db, row.id))!, newlyClosed: inserted };
}

/** Issues the statements of every owner of a closed period who has none yet, a batch at a time. */
export async function issueStatements(deps: Deps, row: PeriodRow): Promise<void> {
  const period = periodOfRow(row);
  const previousClosedAt = await repo.previousClosedAt(deps.db, row.cycle, row.periodFrom);
  let after = '';
  for (;;) {
    const last = await withTx(deps.db, async (tx) => {
      await repo.lockPeriod(tx, row.id);
      const owners = await repo.nextOwners(
        tx,
        { periodId: row.id, cycle: row.cycle, to: row.periodTo },
        after,
        CLOSE_BATCH_SIZE,
      );
      if (owners.length === 0) return null;
      const statements = await buildBatch(deps, tx, { row, period, previousClosedAt, owners });
      await repo.insertStatements(tx, statements);
      for (const st of statements) {
        await enqueueNotification(tx, row.closedAt, {
          userId: st.userId,
          kind: 'STATEMENT_ISSUED',
          params: { statementNumber: st.statementNumber, periodFrom: st.periodFrom, periodTo: st.periodTo },
          link: `/owner/statements/${st.id}`,
          dedupeKey: `statement-issued:${st.id}`,
        });
      }
      return owners[owners.length - 1]!.userId;
    });
    if (last === null) break;
    after = last;
  }
  await repo.markPeriodCompleted(deps.db, row.id, deps.clock.now());
}

async function buildBatch(
  deps: Deps,
  tx: Parameters<typeof repo.insertStatements>[0],
  b: { row: PeriodRow; period: Period; previousClosedAt: Date | null; owners: { userId: string; name: Names }[] },
): Promise<repo.NewStatement[]> {
  const { row, period } = b;
  const userIds = b.owners.map((o) => o.userId);
  const shares = await repo.sharesOfOwners(tx, userIds, row.cycle, row.periodTo);
  const groupIds = [...new Set(shares.map((s) => s.houseGroupId))];
  const [revenue, fees] = await Promise.all([
    repo.revenueOfShares(tx, {
      shareIds: shares.map((s) => s.shareId),
      houseGroupIds: groupIds,
      from: period.from,
      toExclusive: addDays(period.to, 1),
      closedAt: row.closedAt,
      previousClosedAt: b.previousClosedAt,
      guestTypes: GUEST_REVENUE_TYPES,
    }),
    repo.openFeesOfOwners(tx, { userIds, cycle: row.cycle, from: period.from, to: period.to }),
  ]);
  const houses = await repo.houseLabels(tx, {
    houseGroupIds: groupIds,
    houseIds: [...new Set(fees.map((f) => f.houseId))],
  });
  const houseById = new Map(houses.map((h) => [h.houseId, h]));
  const revenueByShare = groupBy(revenue, (r) => r.shareId);
  const feesByUser = groupBy(fees, (f) => f.userId);
  const sharesByUser = groupBy(shares, (s) => s.userId);
  const issuedAt = row.closedAt;
  const issuer = issuerOf(deps);
  const prefix = `${row.cycle === 'MONTHLY' ? 'M' : 'S'}${row.periodFrom.slice(0, 4)}${row.periodFrom.slice(5, 7)}`;
  let seq = await repo.statementCountOfPeriod(tx, row.id);

  const out: repo.NewStatement[] = [];
  for (const owner of b.owners) {
    // Per house: the items of the owner's shares of its group, and the fees of their stays there.
    const byHouse = new Map<string, { revenue: Item[]; expenditure: Item[] }>();
    const at = (houseId: string) => {
      let h = byHouse.get(houseId);
      if (!h) byHouse.set(houseId, (h = { revenue: [], expenditure: [] }));
      return h;
    };
    for (const s of sharesByUser.get(owner.userId) ?? []) {
      const fraction = { numerator: s.numerator, denominator: s.denominator };
      const ofShare = revenueByShare.get(s.shareId) ?? [];
      for (const h of houses.filter((x) => x.houseGroupId === s.houseGroupId)) {
        const items = at(h.houseId);
        for (const r of ofShare.filter((x) => x.houseId === h.houseId)) {
          const item = revenueItem(r.amount, fraction, r.adjustment ? 'ADJUSTMENT' : 'DEFAULT');
          if (item) items.revenue.push(item);
        }
        const fee = managementFeeItem({ feePerMonth: s.managementFeePerMonth, fraction, period, heldFrom: s.heldFrom });
        if (fee) items.expenditure.push(fee);
      }
    }
    const settledEntryIds: string[] = [];
    for (const f of feesByUser.get(owner.userId) ?? []) {
      settledEntryIds.push(...f.entryIds);
      const item = feeItem({
        subject: f.subject,
        inclusiveAmount: f.amount,
        taxRate: f.taxRate,
        incurredOn: f.incurredOn,
        periodFrom: period.from,
        bookingNumber: f.bookingNumber,
        nights: f.nights,
      });
      if (item) at(f.houseId).expenditure.push(item);
    }
    const stored: StoredHouse[] = [...byHouse]
      .filter(([houseId]) => houseById.has(houseId))
      .map(([houseId, items]) => {
        const h = houseById.get(houseId)!;
        return {
          houseGroup: { houseGroupId: h.houseGroupId, name: h.houseGroupName },
          house: { houseId, name: h.name },
          ...houseStatement(row.cycle, sortItems(items.revenue), sortItems(items.expenditure)),
        };
      });
    if (stored.length === 0) continue;
    const totals = statementTotals(stored);
    seq += 1;
    const document: StoredStatement = {
      version: 1,
      cycle: row.cycle,
      periodFrom: row.periodFrom,
      periodTo: row.periodTo,
      issuance: { issuerName: issuer.name, issuerNumber: issuer.registrationNumber, issuedAt: issuedAt.toISOString() },
      businessInfo: issuer,
      owner: { userId: owner.userId, name: owner.name },
      houses: stored,
      ...totals,
    };
    out.push({
      id: `os_${randomBytes(12).toString('hex')}`,
      statementNumber: `${prefix}-${String(seq).padStart(6, '0')}`,
      periodId: row.id,
      userId: owner.userId,
      periodFrom: row.periodFrom,
      periodTo: row.periodTo,
      ...totals,
      houseCount: stored.length,
      document,
      issuedAt,
      settledEntryIds,
    });
  }
  return out;
}

function groupBy<T>(xs: readonly T[], key: (x: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const x of xs) {
    const k = key(x);
    const list = out.get(k);
    if (list) list.push(x);
    else out.set(k, [x]);
  }
  return out;
}

function issuerOf(deps: Deps): StoredStatement['businessInfo'] {
  return {
    name: { en: deps.env.INVOICE_ISSUER_NAME, ja: deps.env.INVOICE_ISSUER_NAME_JA },
    address: { en: deps.env.INVOICE_ISSUER_ADDRESS, ja: deps.env.INVOICE_ISSUER_ADDRESS_JA },
    phoneNumber: deps.env.INVOICE_ISSUER_PHONE,
    registrationNumber: deps.env.INVOICE_REGISTRATION_NUMBER,
  };
}

/**
 * The closing job: closes each cycle's last ended period once AUTO_CLOSE_AFTER_DAYS have passed since
 * it ended (a period staff closed already is left as it is), and finishes any close cut short.
 */
export async function closeDuePeriods(deps: Deps): Promise<void> {
  for (const p of await repo.unfinishedPeriods(deps.db)) await issueStatements(deps, p);
  const today = todayIn(STATEMENT_TIME_ZONE, deps.clock.now());
  for (const cycle of ['MONTHLY', 'SEMESTER'] as const) {
    const p = lastEndedPeriod(cycle, today);
    if (addDays(p.to, AUTO_CLOSE_AFTER_DAYS) < today && !(await repo.findPeriod(deps.db, periodIdOf(p))))
      await closePeriod(deps, 'system:statement-close', { cycle, periodFrom: p.from });
  }
}

export const closeStatementPeriodsTask: Task = {
  name: 'owner-statement-close',
  everyMs: 60 * 60 * 1000,
  run: (deps) => closeDuePeriods(deps),
};

// Reading ------------------------------------------------------------------------------------------

type SummaryView = z.input<typeof listOwnerStatementsMethod.output>['ownerStatements'][number];
type StatementView = z.input<typeof getOwnerStatementMethod.output>['ownerStatement'];

function summaryView(s: StatementRow): SummaryView {
  return {
    ownerStatementId: s.id,
    statementNumber: s.statementNumber,
    cycle: s.cycle,
    periodFrom: civil(s.periodFrom),
    periodTo: civil(s.periodTo),
    issuedAt: dateTimeFromDate(s.issuedAt),
    houseCount: s.houseCount,
    totalRevenue: s.totalRevenue,
    totalExpenditure: s.totalExpenditure,
    total: s.total,
    pdfPath: ownerStatementPdfPath(s.id),
  };
}

const itemView = (i: Item) => ({
  subject: i.subject,
  summaryType: i.summaryType,
  amount: i.amount,
  consumptionTaxApplicable: i.taxRate > 0,
  taxRate: i.taxRate,
  unitDetails: i.unitDetails,
  bookingNumber: i.bookingNumber,
  date: i.date ? civil(i.date) : null,
});

/** A stored statement in a language. */
export function statementView(id: string, number: string, doc: StoredStatement, language: Language): StatementView {
  return {
    ownerStatementId: id,
    statementNumber: number,
    cycle: doc.cycle,
    periodFrom: civil(doc.periodFrom),
    periodTo: civil(doc.periodTo),
    issuance: {
      issuerName: doc.issuance.issuerName[language],
      issuerNumber: doc.issuance.issuerNumber,
      issuedAt: dateTimeFromDate(new Date(doc.issuance.issuedAt)),
    },
    businessInfo: {
      name: doc.businessInfo.name[language],
      address: doc.businessInfo.address[language],
      phoneNumber: doc.businessInfo.phoneNumber,
      registrationNumber: doc.businessInfo.registrationNumber,
    },
    houseStatements: doc.houses.map((h) => ({
      total: h.total,
      houseGroup: { houseGroupId: h.houseGroup.houseGroupId, name: h.houseGroup.name[language] },
      house: { houseId: h.house.houseId, name: h.house.name[language] },
      revenue: { ...h.revenue, items: h.revenue.items.map(itemView) },
      expenditure: { ...h.expenditure, items: h.expenditure.items.map(itemView) },
      ...(h.monthlyReportSettlement ? { monthlyReportSettlement: h.monthlyReportSettlement } : {}),
      ...(h.semesterReportSettlement ? { semesterReportSettlement: h.semesterReportSettlement } : {}),
    })),
    totalRevenue: doc.totalRevenue,
    totalExpenditure: doc.totalExpenditure,
    total: doc.total,
    owner: { userId: doc.owner.userId, name: doc.owner.name[language] },
    pdfPath: ownerStatementPdfPath(id),
  };
}

/** list_owner_statements */
export async function listOwnerStatements(deps: Deps, accountId: string) {
  const user = await requireUser(deps, accountId);
  return { ownerStatements: (await repo.statementsOfUser(deps.db, user.id)).map(summaryView) };
}

/** A statement the caller may read: their own, or any for staff; another owner's is not found. */
async function readableStatement(deps: Deps, principal: Principal, id: string, asStaff: boolean) {
  const found = await repo.findStatement(deps.db, id);
  if (!found) throw new AppError('CodeOwnerStatementNotFound');
  if (!asStaff) {
    const user = await requireUser(deps, principal.accountId);
    if (found.userId !== user.id) throw new AppError('CodeOwnerStatementNotFound');
  }
  return found;
}

/** get_owner_statement (and staff_get_owner_statement with asStaff). */
export async function getOwnerStatement(
  deps: Deps,
  principal: Principal,
  language: Language,
  id: string,
  asStaff = false,
) {
  const s = await readableStatement(deps, principal, id, asStaff);
  return { ownerStatement: statementView(s.id, s.statementNumber, s.document as StoredStatement, language) };
}

/** The PDF of a statement: its owner's, or any for staff. */
export async function ownerStatementPdf(
  deps: Deps,
  principal: Principal,
  id: string,
  language: Language,
): Promise<{ filename: string; pdf: Buffer }> {
  const s = await readableStatement(deps, principal, id, principal.roles.includes('staff'));
  const pdf = renderStatementPdf(
    statementView(s.id, s.statementNumber, s.document as StoredStatement, language),
    language,
    todayIn(STATEMENT_TIME_ZONE, s.issuedAt),
    deps.clock.now(),
  );
  return { filename: `owner-statement-${s.statementNumber}.pdf`, pdf };
}

// Staff --------------------------------------------------------------------------------------------

/** staff_close_statement_period */
export async function staffCloseStatementPeriod(
  deps: Deps,
  actor: string,
  input: { cycle: StatementCycleValue; periodFrom: CivilDate },
): Promise<z.input<typeof staffCloseMethod.output>> {
  const r = await closePeriod(deps, actor, { cycle: input.cycle, periodFrom: isoFromCivil(input.periodFrom) });
  return { period: periodView(r.period), newlyClosed: r.newlyClosed };
}

/** staff_list_owner_statements */
export async function staffListOwnerStatements(
  deps: Deps,
  language: Language,
  input: { periodId?: string | undefined; offset: number; limit: number },
): Promise<z.input<typeof staffListMethod.output>> {
  const periods = await repo.listPeriods(deps.db);
  const period = input.periodId === undefined ? (periods[0] ?? null) : periods.find((p) => p.id === input.periodId);
  if (period === undefined) throw new AppError('CodeStatementPeriodNotFound');
  const page = period ? await repo.statementsOfPeriod(deps.db, period.id, input) : { rows: [], total: 0 };
  return {
    periods: periods.map(periodView),
    period: period ? periodView(period) : null,
    ownerStatements: page.rows.map((s) => ({ ...summaryView(s), userId: s.userId, ownerName: s.ownerName[language] })),
    total: page.total,
  };
}
