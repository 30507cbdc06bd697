import type { Language } from '@yado/contract/headers';
import { isoFromCivil } from '@yado/contract/civil-date';
import type {
  OwnerStatement,
  SettlementSubjectValue,
  StatementItem,
  StatementSubjectValue,
  TaxLine,
  UnitDetail,
} from '@yado/contract/statement.contract';
import {
  A4,
  formatDate,
  formatYen,
  textWidth,
  writePdf,
  type PdfPage,
  type TextRun,
} from '../billing/billing.service.js';

/*
 * An owner statement as a PDF, laid out like the invoices: the issuer with its registration number
 * and business information, the owner and the period, the totals, then per house the revenue and the
 * expenditure with their items, the tax per rate and the settlement.
 */

const LABELS = {
  en: {
    title: 'Owner Statement',
    owner: (name: string) => name,
    period: 'Period',
    statementNumber: 'Statement No.',
    issueDate: 'Issue date',
    registration: 'Registration No.',
    phone: 'Tel.',
    totalRevenue: 'Revenue (tax included)',
    totalExpenditure: 'Expenditure (tax included)',
    total: 'Settlement total',
    revenue: 'Revenue',
    expenditure: 'Expenditure',
    item: 'Item',
    detail: 'Detail',
    amount: 'Amount (excl. tax)',
    subtotal: 'Subtotal',
    taxOf: (rate: number, target: string) => `Consumption tax ${rate}% (on ${target})`,
    nonTaxable: 'Not subject to consumption tax',
    sectionTotal: 'Total (tax included)',
    houseTotal: 'House total',
    monthly: 'Monthly settlement',
    semester: 'Semester settlement',
    consumptionTax: 'Consumption tax',
    exclusion: 'Withheld from the transfer',
    exclusionTax: 'Consumption tax withheld',
    transfer: 'Transfer amount',
    adjustment: 'Adjustment',
    none: 'None',
    page: (n: number, of: number) => `Page ${n} of ${of}`,
    monthlyUnit: (price: string) => `${price} / month`,
    dailyUnit: (price: string) => `${price} / night`,
    months: (n: number) => `${n} month${n === 1 ? '' : 's'}`,
    days: (n: number) => `${n} day${n === 1 ? '' : 's'}`,
    billed: (billed: number, total: number) => `${billed} of ${total} days`,
    subjects: {
      ACCOMMODATION: 'Accommodation (your share of guest stays)',
      MANAGEMENT_FEE: 'Management fee',
      OWN_USE_FEE: 'Own-use fee',
      MUTUAL_USE_EXTRA_CHARGE: 'Mutual-use extra charge',
      CANCELLATION_FEE: 'Cancellation fee',
    } satisfies Record<StatementSubjectValue, string>,
    settlementSubjects: {
      REVENUE: 'Revenue',
      TAXABLE_EXPENDITURE: 'Taxable expenditure',
      NON_TAXABLE_EXPENDITURE: 'Non-taxable expenditure',
      MANAGEMENT_FEE: 'Management fee',
      OWN_USE_FEE: 'Own-use fee',
      MUTUAL_USE_EXTRA_CHARGE: 'Mutual-use extra charge',
      CANCELLATION_FEE: 'Cancellation fee',
    } satisfies Record<SettlementSubjectValue, string>,
  },
  ja: {
    title: 'オーナー精算書',
    owner: (name: string) => `${name} 様`,
    period: '対象期間',
    statementNumber: '精算書番号',
    issueDate: '発行日',
    registration: '登録番号',
    phone: '電話',
    totalRevenue: '収入（税込）',
    totalExpenditure: '支出（税込）',
    total: '精算額',
    revenue: '収入',
    expenditure: '支出',
    item: '項目',
    detail: '内訳',
    amount: '金額（税抜）',
    subtotal: '小計',
    taxOf: (rate: number, target: string) => `消費税 ${rate}%（対象 ${target}）`,
    nonTaxable: '消費税対象外',
    sectionTotal: '合計（税込）',
    houseTotal: 'ハウス合計',
    monthly: '月次精算',
    semester: '半期精算',
    consumptionTax: '消費税',
    exclusion: '送金から控除する額',
    exclusionTax: '控除額の消費税',
    transfer: '送金額',
    adjustment: '調整',
    none: 'なし',
    page: (n: number, of: number) => `${n} / ${of} ページ`,
    monthlyUnit: (price: string) => `${price} / 月`,
    dailyUnit: (price: string) => `${price} / 泊`,
    months: (n: number) => `${n}か月`,
    days: (n: number) => `${n}日`,
    billed: (billed: number, total: number) => `${total}日中${billed}日`,
    subjects: {
      ACCOMMODATION: '宿泊売上（ゲスト利用の持分）',
      MANAGEMENT_FEE: '管理費',
      OWN_USE_FEE: 'オーナー利用料',
      MUTUAL_USE_EXTRA_CHARGE: '相互利用追加料金',
      CANCELLATION_FEE: 'キャンセル料',
    } satisfies Record<StatementSubjectValue, string>,
    settlementSubjects: {
      REVENUE: '収入',
      TAXABLE_EXPENDITURE: '課税対象の支出',
      NON_TAXABLE_EXPENDITURE: '非課税の支出',
      MANAGEMENT_FEE: '管理費',
      OWN_USE_FEE: 'オーナー利用料',
      MUTUAL_USE_EXTRA_CHARGE: '相互利用追加料金',
      CANCELLATION_FEE: 'キャンセル料',
    } satisfies Record<SettlementSubjectValue, string>,
  },
} as const;

const MARGIN = 50;
const RIGHT = A4.width - MARGIN;
const COL_DETAIL = 270;
const LINE = 15;

function fit(text: string, size: number, width: number): string {
  if (textWidth(text, size) <= width) return text;
  let out = text;
  while (out.length > 1 && textWidth(`${out}…`, size) > width) out = out.slice(0, -1);
  return `${out}…`;
}

/** "¥15,000 / month × 4 months + 12 of 31 days" */
export function unitDetailText(u: UnitDetail, language: Language): string {
  const L = LABELS[language];
  const price = u.unit === 'MONTHLY' ? L.monthlyUnit(formatYen(u.unitPrice)) : L.dailyUnit(formatYen(u.unitPrice));
  const parts: string[] = [];
  if (u.period) {
    if (u.period.months > 0) parts.push(L.months(u.period.months));
    if (u.period.days > 0) parts.push(L.days(u.period.days));
  } else {
    if (u.months > 0) parts.push(L.months(u.months));
    if (u.totalAndBilled) parts.push(L.billed(u.totalAndBilled.billedDays, u.totalAndBilled.totalDays));
  }
  return `${price} × ${parts.join(' + ')}`;
}

/** `issueDate`: the civil date of issue in Japan, where the operator issues statements. */
export function renderStatementPdf(s: OwnerStatement, language: Language, issueDate: string, createdAt: Date): Buffer {
  const L = LABELS[language];
  const pages: PdfPage[] = [];
  let page: PdfPage = { texts: [], rules: [] };
  let y = 0;
  const text = (t: TextRun) => page.texts.push(t);
  const rule = (yy: number, x1 = MARGIN, width = 0.5) => page.rules.push({ x1, y1: yy, x2: RIGHT, y2: yy, width });
  const newPage = () => {
    page = { texts: [], rules: [] };
    pages.push(page);
    y = A4.height - MARGIN;
  };
  const ensure = (height: number) => {
    if (y - height < MARGIN + 30) newPage();
  };
  const row = (label: string, value: string, opts: { bold?: boolean; x?: number; size?: number } = {}) => {
    ensure(LINE);
    const size = opts.size ?? 9;
    text({ x: opts.x ?? 300, y, size, text: label, bold: opts.bold });
    text({ x: RIGHT, y, size, text: value, bold: opts.bold, align: 'right' });
    y -= LINE;
  };
  const date = (d: { year: number; month: number; day: number }) => formatDate(isoFromCivil(d), language);

  // Heading: the owner and the period on the left, the issuer on the right.
  newPage();
  text({ x: MARGIN, y, size: 20, text: L.title, bold: true });
  y -= 34;
  const headTop = y;
  text({ x: MARGIN, y, size: 13, text: L.owner(s.owner.name), bold: true });
  page.rules.push({ x1: MARGIN, y1: y - 5, x2: 290, y2: y - 5, width: 0.8 });
  y -= 22;
  text({ x: MARGIN, y, size: 9, text: `${L.period}: ${date(s.periodFrom)} – ${date(s.periodTo)}` });
  y -= 14;
  text({ x: MARGIN, y, size: 9, text: `${L.statementNumber}: ${s.statementNumber}` });
  y -= 14;
  text({ x: MARGIN, y, size: 9, text: `${L.issueDate}: ${formatDate(issueDate, language)}` });
  y -= 14;
  let ry = headTop;
  for (const [line, bold] of [
    [s.issuance.issuerName, true],
    [s.businessInfo.address, false],
    [`${L.phone} ${s.businessInfo.phoneNumber}`, false],
    [`${L.registration}: ${s.issuance.issuerNumber}`, false],
  ] as const) {
    text({ x: RIGHT, y: ry, size: bold ? 11 : 9, text: line, bold, align: 'right' });
    ry -= 14;
  }
  y = Math.min(y, ry) - 16;
  row(L.totalRevenue, formatYen(s.totalRevenue), { x: MARGIN, size: 10 });
  row(L.totalExpenditure, formatYen(s.totalExpenditure), { x: MARGIN, size: 10 });
  rule(y + LINE - 4);
  row(L.total, formatYen(s.total), { x: MARGIN, size: 12, bold: true });
  y -= 10;

  const itemsTable = (title: string, items: readonly StatementItem[]) => {
    ensure(LINE * 3);
    text({ x: MARGIN, y, size: 10, text: title, bold: true });
    y -= LINE;
    text({ x: MARGIN + 8, y, size: 8, text: L.item, bold: true });
    text({ x: COL_DETAIL, y, size: 8, text: L.detail, bold: true });
    text({ x: RIGHT, y, size: 8, text: L.amount, bold: true, align: 'right' });
    rule(y - 4);
    y -= LINE;
    if (items.length === 0) {
      ensure(LINE);
      text({ x: MARGIN + 8, y, size: 9, text: L.none });
      y -= LINE;
    }
    for (const it of items) {
      ensure(LINE);
      const mark = it.summaryType === 'ADJUSTMENT' ? `[${L.adjustment}] ` : '';
      const ref = [it.bookingNumber, it.date ? date(it.date) : null].filter(Boolean).join(' ');
      text({ x: MARGIN + 8, y, size: 9, text: fit(`${mark}${L.subjects[it.subject]}`, 9, COL_DETAIL - MARGIN - 16) });
      const detail = it.unitDetails ? unitDetailText(it.unitDetails, language) : ref;
      text({ x: COL_DETAIL, y, size: 8, text: fit(detail, 8, RIGHT - COL_DETAIL - 80) });
      text({ x: RIGHT, y, size: 9, text: formatYen(it.amount), align: 'right' });
      y -= LINE;
    }
    rule(y + LINE - 4, 300);
  };
  const taxes = (lines: readonly TaxLine[]) => {
    for (const t of lines) row(L.taxOf(t.percentage, formatYen(t.targetAmount)), formatYen(t.taxAmount));
  };

  for (const h of s.houseStatements) {
    ensure(LINE * 6);
    y -= 6;
    text({
      x: MARGIN,
      y,
      size: 12,
      text: fit(`${h.houseGroup.name} — ${h.house.name}`, 12, RIGHT - MARGIN),
      bold: true,
    });
    rule(y - 5, MARGIN, 0.8);
    y -= LINE + 8;

    itemsTable(L.revenue, h.revenue.items);
    row(L.subtotal, formatYen(h.revenue.subtotal));
    taxes(h.revenue.consumptionTaxes);
    row(L.sectionTotal, formatYen(h.revenue.total), { bold: true });
    y -= 6;

    itemsTable(L.expenditure, h.expenditure.items);
    row(L.subtotal, formatYen(h.expenditure.subtotal));
    taxes(h.expenditure.consumptionTaxes);
    if (h.expenditure.nonTaxable.targetAmount !== 0)
      row(L.nonTaxable, formatYen(h.expenditure.nonTaxable.targetAmount));
    row(L.sectionTotal, formatYen(h.expenditure.total), { bold: true });
    y -= 6;

    ensure(LINE * 5);
    if (h.monthlyReportSettlement) {
      const m = h.monthlyReportSettlement;
      text({ x: MARGIN, y, size: 10, text: L.monthly, bold: true });
      y -= LINE;
      for (const it of m.items) row(L.settlementSubjects[it.subject], formatYen(it.amount));
      row(L.consumptionTax, formatYen(m.consumptionTax));
      row(L.houseTotal, formatYen(m.total), { bold: true });
    } else if (h.semesterReportSettlement) {
      const m = h.semesterReportSettlement;
      text({ x: MARGIN, y, size: 10, text: L.semester, bold: true });
      y -= LINE;
      for (const it of m.exclusionItems) row(L.settlementSubjects[it.subject], formatYen(it.amount));
      row(L.exclusionTax, formatYen(m.exclusionConsumptionTax));
      row(L.exclusion, formatYen(m.exclusion));
      row(L.transfer, formatYen(m.transferAmount), { bold: true });
    }
    y -= 10;
  }

  pages.forEach((p, i) =>
    p.texts.push({ x: RIGHT, y: MARGIN - 20, size: 8, text: L.page(i + 1, pages.length), align: 'right' }),
  );
  return writePdf(pages, {
    title: `${L.title} ${s.statementNumber}`,
    createdAt,
    language: language === 'ja' ? 'ja-JP' : 'en-US',
  });
}
