import { isoFromCivil } from '@yado/contract/civil-date';
import type {
  FinancialPaymentMethodValue,
  FinancialPeriodTypeValue,
  FinancialStatement,
} from '@yado/contract/financial-statement.contract';
import type { Language } from '@yado/contract/headers';
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
 * A financial statement as a PDF, laid out like the invoices and owner statements (the same writer,
 * so Japanese text uses the Japanese CID font): whose statement and which period, the totals per
 * payment method, the monthly summary, then every payment and refund line.
 */

const LABELS = {
  en: {
    title: 'Payment Statement',
    holder: (name: string) => name,
    period: 'Period',
    periodTypes: { QUARTER: 'Quarter', SEMESTER: 'Half year' } satisfies Record<FinancialPeriodTypeValue, string>,
    issueDate: 'Issue date',
    open: 'This period has not ended yet; the statement may still change.',
    byMethod: 'Totals by payment method',
    method: 'Method',
    paid: 'Paid',
    refunded: 'Refunded',
    net: 'Net',
    total: 'Total',
    methods: { CARD: 'Card', NAC: 'NAC', POINT: 'Points' } satisfies Record<FinancialPaymentMethodValue, string>,
    nacMoved: (paid: string, refunded: string, net: string) =>
      `NAC paid ${paid}, refunded ${refunded}, net ${net} NAC (yen at the rate each billing was paid at)`,
    monthly: 'Monthly summary',
    month: 'Month',
    lines: 'Payments and refunds',
    date: 'Date',
    billing: 'Billing No.',
    type: 'Type',
    amount: 'Amount',
    payment: 'Payment',
    refund: 'Refund',
    nacDetail: (nac: string, rate: string) => `${nac} NAC @ ¥${rate}`,
    none: 'No payments in this period.',
    page: (n: number, of: number) => `Page ${n} of ${of}`,
    monthName: (y: number, m: number) =>
      `${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][m - 1]} ${y}`,
  },
  ja: {
    title: 'お支払い明細書',
    holder: (name: string) => `${name} 様`,
    period: '対象期間',
    periodTypes: { QUARTER: '四半期', SEMESTER: '半期' } satisfies Record<FinancialPeriodTypeValue, string>,
    issueDate: '発行日',
    open: 'この期間はまだ終わっていないため、明細が変わることがあります。',
    byMethod: 'お支払い方法別の合計',
    method: 'お支払い方法',
    paid: 'お支払い',
    refunded: '返金',
    net: '差引',
    total: '合計',
    methods: { CARD: 'カード', NAC: 'NAC', POINT: 'ポイント' } satisfies Record<FinancialPaymentMethodValue, string>,
    nacMoved: (paid: string, refunded: string, net: string) =>
      `NAC お支払い ${paid}、返金 ${refunded}、差引 ${net} NAC（円はお支払い時のレートで換算）`,
    monthly: '月別の集計',
    month: '月',
    lines: 'お支払いと返金',
    date: '日付',
    billing: '請求番号',
    type: '種別',
    amount: '金額',
    payment: 'お支払い',
    refund: '返金',
    nacDetail: (nac: string, rate: string) => `${nac} NAC（1 NAC = ${rate}円）`,
    none: 'この期間のお支払いはありません。',
    page: (n: number, of: number) => `${n} / ${of} ページ`,
    monthName: (y: number, m: number) => `${y}年${m}月`,
  },
} as const;

const MARGIN = 50;
const RIGHT = A4.width - MARGIN;
const LINE = 15;

function fit(text: string, size: number, width: number): string {
  if (textWidth(text, size) <= width) return text;
  let out = text;
  while (out.length > 1 && textWidth(`${out}…`, size) > width) out = out.slice(0, -1);
  return `${out}…`;
}

/** `issueDate`: today's civil date in Japan. */
export function renderFinancialStatementPdf(
  s: FinancialStatement,
  language: Language,
  issueDate: string,
  createdAt: Date,
): Buffer {
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
  const date = (d: { year: number; month: number; day: number }) => formatDate(isoFromCivil(d), language);
  /** A row of columns: [x, text, align]. */
  const cols = (cells: [number, string, 'left' | 'right'][], opts: { bold?: boolean; size?: number } = {}) => {
    ensure(LINE);
    for (const [x, t, align] of cells) text({ x, y, size: opts.size ?? 9, text: t, bold: opts.bold, align });
    y -= LINE;
  };

  newPage();
  text({ x: MARGIN, y, size: 20, text: L.title, bold: true });
  y -= 34;
  text({ x: MARGIN, y, size: 13, text: L.holder(s.holderName), bold: true });
  page.rules.push({ x1: MARGIN, y1: y - 5, x2: 290, y2: y - 5, width: 0.8 });
  y -= 22;
  text({
    x: MARGIN,
    y,
    size: 9,
    text: `${L.period}: ${L.periodTypes[s.periodType]} ${date(s.periodStart)} – ${date(s.periodEnd)}`,
  });
  y -= 14;
  text({ x: MARGIN, y, size: 9, text: `${L.issueDate}: ${formatDate(issueDate, language)}` });
  y -= 14;
  if (!s.closed) {
    text({ x: MARGIN, y, size: 9, text: L.open });
    y -= 14;
  }
  y -= 10;

  // Totals per method.
  const C = { paid: 330, refunded: 420, net: RIGHT };
  text({ x: MARGIN, y, size: 11, text: L.byMethod, bold: true });
  y -= LINE + 2;
  cols(
    [
      [MARGIN + 8, L.method, 'left'],
      [C.paid, L.paid, 'right'],
      [C.refunded, L.refunded, 'right'],
      [C.net, L.net, 'right'],
    ],
    { bold: true, size: 8 },
  );
  rule(y + LINE - 4);
  for (const m of ['CARD', 'NAC', 'POINT'] as const) {
    const t = s.totals[m === 'CARD' ? 'card' : m === 'NAC' ? 'nac' : 'point'];
    cols([
      [MARGIN + 8, L.methods[m], 'left'],
      [C.paid, formatYen(t.paid), 'right'],
      [C.refunded, formatYen(t.refunded), 'right'],
      [C.net, formatYen(t.net), 'right'],
    ]);
  }
  rule(y + LINE - 4);
  cols(
    [
      [MARGIN + 8, L.total, 'left'],
      [C.paid, formatYen(s.totals.total.paid), 'right'],
      [C.refunded, formatYen(s.totals.total.refunded), 'right'],
      [C.net, formatYen(s.totals.total.net), 'right'],
    ],
    { bold: true, size: 10 },
  );
  const n = s.totals.nac;
  if (n.nacPaid !== '0' || n.nacRefunded !== '0') {
    text({ x: MARGIN + 8, y, size: 8, text: fit(L.nacMoved(n.nacPaid, n.nacRefunded, n.nacNet), 8, RIGHT - MARGIN) });
    y -= LINE;
  }
  y -= 12;

  // Monthly summary.
  const M = { card: 250, nac: 330, point: 410, net: RIGHT };
  ensure(LINE * 5);
  text({ x: MARGIN, y, size: 11, text: L.monthly, bold: true });
  y -= LINE + 2;
  cols(
    [
      [MARGIN + 8, L.month, 'left'],
      [M.card, L.methods.CARD, 'right'],
      [M.nac, L.methods.NAC, 'right'],
      [M.point, L.methods.POINT, 'right'],
      [M.net, L.net, 'right'],
    ],
    { bold: true, size: 8 },
  );
  rule(y + LINE - 4);
  for (const m of s.monthlySummaries) {
    cols([
      [MARGIN + 8, L.monthName(m.year, m.month), 'left'],
      [M.card, formatYen(m.card), 'right'],
      [M.nac, formatYen(m.nac), 'right'],
      [M.point, formatYen(m.point), 'right'],
      [M.net, formatYen(m.net), 'right'],
    ]);
  }
  y -= 12;

  // Lines.
  const X = { billing: 140, type: 250, method: 310, detail: 370 };
  ensure(LINE * 4);
  text({ x: MARGIN, y, size: 11, text: L.lines, bold: true });
  y -= LINE + 2;
  const head = () => {
    cols(
      [
        [MARGIN + 8, L.date, 'left'],
        [X.billing, L.billing, 'left'],
        [X.type, L.type, 'left'],
        [X.method, L.method, 'left'],
        [RIGHT, L.amount, 'right'],
      ],
      { bold: true, size: 8 },
    );
    rule(y + LINE - 4);
  };
  head();
  if (s.lines.length === 0) cols([[MARGIN + 8, L.none, 'left']]);
  for (const l of s.lines) {
    if (y - LINE < MARGIN + 30) {
      newPage();
      head();
    }
    const detail = l.nacAmount && l.nacToJpyRate ? L.nacDetail(l.nacAmount, l.nacToJpyRate) : '';
    cols([
      [MARGIN + 8, date(l.date), 'left'],
      [X.billing, fit(l.billingNumber, 9, X.type - X.billing - 6), 'left'],
      [X.type, l.type === 'PAYMENT' ? L.payment : L.refund, 'left'],
      [X.method, L.methods[l.method], 'left'],
      [RIGHT, formatYen(l.amount), 'right'],
    ]);
    if (detail) {
      y += 4;
      cols([[X.method, fit(detail, 7, RIGHT - X.method - 70), 'left']], { size: 7 });
    }
  }

  pages.forEach((p, i) =>
    p.texts.push({ x: RIGHT, y: MARGIN - 20, size: 8, text: L.page(i + 1, pages.length), align: 'right' }),
  );
  return writePdf(pages, {
    title: `${L.title} ${isoFromCivil(s.periodStart)}`,
    createdAt,
    language: language === 'ja' ? 'ja-JP' : 'en-US',
  });
}
