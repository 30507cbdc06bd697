import type { Language } from '@yado/contract/headers';
import { A4, textWidth, writePdf, type PdfPage, type TextRun } from './pdf-writer.js';

/**
 * A qualified invoice (適格請求書) as the law asks it to read: the issuer and its
 * registration number, the transaction date, the items with reduced-rate items
 * marked, per tax rate the total and the tax, and the customer.
 */
export type InvoiceModel = {
  language: Language;
  issuer: { name: string; address: string; registrationNumber: string };
  invoiceNumber: string;
  /** ISO dates. */
  issueDate: string;
  transactionDate: string;
  customerName: string;
  billingType: 'DEPOSIT' | 'DEFAULT' | 'ADDITIONAL' | 'CANCELLATION';
  status: 'PAID' | 'REFUNDED';
  items: {
    date: string | null;
    title: string;
    quantity: number;
    /** Tax-exclusive yen; negative for a discount. */
    amount: number;
    rateType: 'STANDARD' | 'REDUCED' | 'EXEMPT';
  }[];
  serviceCharge: { percentage: string; amount: number };
  taxes: { taxRate: number; rateType: 'STANDARD' | 'REDUCED' | 'EXEMPT'; amount: number; taxAmount: number }[];
  accommodationTax: number;
  total: number;
  deductions: number;
  points: number;
  paidByCard: number;
  refunded: number;
};

const LABELS = {
  en: {
    title: 'Invoice',
    subtitle: '(Qualified Invoice)',
    registration: 'Registration No.',
    invoiceNumber: 'Invoice No.',
    issueDate: 'Issue date',
    transactionDate: 'Transaction date',
    customer: (name: string) => name,
    date: 'Date',
    item: 'Item',
    qty: 'Qty',
    amount: 'Amount (excl. tax)',
    serviceCharge: (p: string) => `Service charge (${p}%)`,
    rateLine: (rate: number, exempt: boolean) => (exempt ? 'Not subject to consumption tax' : `Subject to ${rate}%`),
    taxOf: (rate: number) => `Consumption tax (${rate}%)`,
    accommodationTax: 'Accommodation tax (outside consumption tax)',
    total: 'Total (tax included)',
    deductions: 'Deposit already paid',
    points: 'Points used',
    paidByCard: 'Paid by card',
    refunded: 'Refunded',
    reducedNote: '※ Reduced tax rate (8%) item.',
    refundedNote: 'This billing has been refunded.',
    page: (n: number, of: number) => `Page ${n} of ${of}`,
    billingType: {
      DEPOSIT: 'Deposit',
      DEFAULT: 'Stay charges',
      ADDITIONAL: 'Additional charges',
      CANCELLATION: 'Cancellation fee',
    },
  },
  ja: {
    title: '請求書',
    subtitle: '（適格請求書）',
    registration: '登録番号',
    invoiceNumber: '請求書番号',
    issueDate: '発行日',
    transactionDate: '取引日',
    customer: (name: string) => `${name} 様`,
    date: '日付',
    item: '品目',
    qty: '数量',
    amount: '金額（税抜）',
    serviceCharge: (p: string) => `サービス料（${p}%）`,
    rateLine: (rate: number, exempt: boolean) => (exempt ? '消費税対象外' : `${rate}%対象`),
    taxOf: (rate: number) => `消費税（${rate}%）`,
    accommodationTax: '宿泊税（消費税対象外）',
    total: '合計（税込）',
    deductions: 'お支払い済みの前受金',
    points: 'ポイント利用',
    paidByCard: 'カードお支払い額',
    refunded: '返金額',
    reducedNote: '※は軽減税率（8%）対象品目です。',
    refundedNote: 'この請求は返金済みです。',
    page: (n: number, of: number) => `${n} / ${of} ページ`,
    billingType: {
      DEPOSIT: '前受金',
      DEFAULT: 'ご宿泊代金',
      ADDITIONAL: '追加のご利用',
      CANCELLATION: 'キャンセル料',
    },
  },
} as const;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The spec's date formats: English 'MMM D, YYYY', Japanese 'YYYY/M/D'. */
export function formatDate(iso: string, language: Language): string {
  const [y, m, d] = iso.split('-').map(Number);
  return language === 'ja' ? `${y}/${m}/${d}` : `${MONTHS[(m ?? 1) - 1]} ${d}, ${y}`;
}

export function formatYen(amount: number): string {
  const s = Math.abs(amount).toLocaleString('en-US');
  return amount < 0 ? `-¥${s}` : `¥${s}`;
}

const MARGIN = 50;
const RIGHT = A4.width - MARGIN;
const COL_QTY = 370;
const LINE = 16;

/** Cuts a title to the width of its column, with an ellipsis. */
function fit(text: string, size: number, width: number): string {
  if (textWidth(text, size) <= width) return text;
  let out = text;
  while (out.length > 1 && textWidth(`${out}…`, size) > width) out = out.slice(0, -1);
  return `${out}…`;
}

export function renderInvoicePdf(m: InvoiceModel, createdAt: Date): Buffer {
  const L = LABELS[m.language];
  const pages: PdfPage[] = [];
  let page: PdfPage = { texts: [], rules: [] };
  let y = 0;
  const text = (t: TextRun) => page.texts.push(t);
  const rule = (yy: number, width = 0.5) => page.rules.push({ x1: MARGIN, y1: yy, x2: RIGHT, y2: yy, width });

  const itemHeader = () => {
    text({ x: MARGIN, y, size: 9, text: L.date, bold: true });
    text({ x: 130, y, size: 9, text: L.item, bold: true });
    text({ x: COL_QTY, y, size: 9, text: L.qty, bold: true, align: 'right' });
    text({ x: RIGHT, y, size: 9, text: L.amount, bold: true, align: 'right' });
    rule(y - 5);
    y -= LINE + 2;
  };
  const newPage = () => {
    page = { texts: [], rules: [] };
    pages.push(page);
    y = A4.height - MARGIN;
  };
  const ensure = (height: number) => {
    if (y - height < MARGIN + 30) {
      newPage();
      itemHeader();
    }
  };

  // Heading: title, issuer with its registration number, invoice number and dates, customer.
  newPage();
  text({ x: MARGIN, y, size: 20, text: L.title, bold: true });
  text({ x: MARGIN + textWidth(L.title, 20, true) + 8, y, size: 11, text: L.subtitle });
  y -= 34;
  const headTop = y;
  text({ x: MARGIN, y, size: 13, text: L.customer(m.customerName), bold: true });
  rule(y - 5);
  page.rules[page.rules.length - 1] = { x1: MARGIN, y1: y - 5, x2: 290, y2: y - 5, width: 0.8 };
  y -= 24;
  text({ x: MARGIN, y, size: 10, text: L.billingType[m.billingType] });
  y -= 22;
  text({ x: MARGIN, y, size: 12, text: `${L.total}  ${formatYen(m.total)}`, bold: true });

  let ry = headTop;
  for (const [label, value, bold] of [
    [m.issuer.name, '', true],
    [m.issuer.address, '', false],
    [`${L.registration}: ${m.issuer.registrationNumber}`, '', false],
    ['', '', false],
    [L.invoiceNumber, m.invoiceNumber, false],
    [L.issueDate, formatDate(m.issueDate, m.language), false],
    [L.transactionDate, formatDate(m.transactionDate, m.language), false],
  ] as const) {
    if (value) {
      text({ x: 330, y: ry, size: 9, text: label });
      text({ x: RIGHT, y: ry, size: 9, text: value, align: 'right' });
    } else if (label) text({ x: RIGHT, y: ry, size: bold ? 11 : 9, text: label, bold, align: 'right' });
    ry -= 14;
  }
  y = Math.min(y, ry) - 24;

  // Items, reduced-rate ones marked ※.
  itemHeader();
  for (const it of m.items) {
    ensure(LINE);
    const title = `${it.title}${it.rateType === 'REDUCED' ? ' ※' : ''}`;
    text({ x: MARGIN, y, size: 9, text: it.date ? formatDate(it.date, m.language) : '' });
    text({ x: 130, y, size: 9, text: fit(title, 9, COL_QTY - 130 - 40) });
    text({ x: COL_QTY, y, size: 9, text: String(it.quantity), align: 'right' });
    text({ x: RIGHT, y, size: 9, text: formatYen(it.amount), align: 'right' });
    y -= LINE;
  }
  if (m.serviceCharge.amount > 0) {
    ensure(LINE);
    text({ x: 130, y, size: 9, text: L.serviceCharge(m.serviceCharge.percentage) });
    text({ x: RIGHT, y, size: 9, text: formatYen(m.serviceCharge.amount), align: 'right' });
    y -= LINE;
  }
  rule(y + LINE - 5);

  // Per tax rate: the amount it applies to and the tax, each computed once for the invoice.
  const summary: [string, string, boolean][] = [];
  for (const t of m.taxes) {
    summary.push([L.rateLine(t.taxRate, t.rateType === 'EXEMPT'), formatYen(t.amount), false]);
    if (t.rateType !== 'EXEMPT') summary.push([L.taxOf(t.taxRate), formatYen(t.taxAmount), false]);
  }
  if (m.accommodationTax > 0) summary.push([L.accommodationTax, formatYen(m.accommodationTax), false]);
  summary.push([L.total, formatYen(m.total), true]);
  if (m.deductions > 0) summary.push([L.deductions, formatYen(-m.deductions), false]);
  if (m.points > 0) summary.push([L.points, formatYen(-m.points), false]);
  summary.push([L.paidByCard, formatYen(m.paidByCard), true]);
  if (m.status === 'REFUNDED') summary.push([L.refunded, formatYen(-m.refunded), true]);

  y -= 8;
  for (const [label, value, bold] of summary) {
    ensure(LINE);
    text({ x: 290, y, size: bold ? 10 : 9, text: label, bold });
    text({ x: RIGHT, y, size: bold ? 10 : 9, text: value, bold, align: 'right' });
    y -= LINE;
  }
  ensure(LINE * 2);
  y -= 8;
  if (m.items.some((i) => i.rateType === 'REDUCED')) {
    text({ x: MARGIN, y, size: 8, text: L.reducedNote });
    y -= 12;
  }
  if (m.status === 'REFUNDED') text({ x: MARGIN, y, size: 8, text: L.refundedNote });

  pages.forEach((p, i) =>
    p.texts.push({ x: RIGHT, y: MARGIN - 20, size: 8, text: L.page(i + 1, pages.length), align: 'right' }),
  );
  return writePdf(pages, {
    title: `${L.title} ${m.invoiceNumber}`,
    createdAt,
    language: m.language === 'ja' ? 'ja-JP' : 'en-US',
  });
}
