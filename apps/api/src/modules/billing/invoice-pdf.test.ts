import { describe, expect, it } from 'vitest';
import { formatDate, formatYen, renderInvoicePdf, type InvoiceModel } from './invoice-pdf.js';
import { parsePdf } from './pdf.test-support.js';
import { isLatin, textWidth, writePdf } from './pdf-writer.js';

const model = (o: Partial<InvoiceModel> = {}): InvoiceModel => ({
  language: 'en',
  issuer: { name: 'Yado Stays Co., Ltd.', address: '1-1-1 Marunouchi', registrationNumber: 'T1234567890123' },
  invoiceNumber: 'B-2031-000042',
  issueDate: '2031-08-12',
  transactionDate: '2031-08-07',
  customerName: 'Taro Yamada',
  billingType: 'DEFAULT',
  status: 'PAID',
  items: [
    { date: '2031-08-10', title: 'Accommodation', quantity: 1, amount: 30_000, rateType: 'STANDARD' },
    { date: '2031-08-10', title: 'Orange juice (take-away)', quantity: 2, amount: 666, rateType: 'REDUCED' },
    { date: null, title: 'Coupon (SUMMER)', quantity: 1, amount: -3_000, rateType: 'STANDARD' },
  ],
  serviceCharge: { percentage: '10.00', amount: 2_700 },
  taxes: [
    { taxRate: 10, rateType: 'STANDARD', amount: 29_700, taxAmount: 2_970 },
    { taxRate: 8, rateType: 'REDUCED', amount: 666, taxAmount: 53 },
  ],
  accommodationTax: 200,
  total: 33_589,
  deductions: 10_000,
  points: 589,
  paidByCard: 23_000,
  refunded: 0,
  ...o,
});

describe('pdf writer', () => {
  it('writes a PDF whose cross-reference offsets and stream lengths are right', () => {
    const pdf = writePdf(
      [
        {
          texts: [{ x: 50, y: 800, size: 12, text: 'Hello (world) \\ ¥1,000' }],
          rules: [{ x1: 0, y1: 0, x2: 10, y2: 10 }],
        },
        { texts: [{ x: 50, y: 800, size: 12, text: '日本語のテキスト' }], rules: [] },
      ],
      { title: '請求書', createdAt: new Date('2031-08-12T00:00:00Z'), language: 'ja-JP' },
    );
    const parsed = parsePdf(pdf);
    expect(parsed.pages).toEqual([['Hello (world) \\ ¥1,000'], ['日本語のテキスト']]);
    expect(parsed.fonts).toEqual(
      expect.arrayContaining(['Helvetica', 'Helvetica-Bold', 'KozMinPr6N-Regular-UniJIS-UCS2-H', 'KozMinPr6N-Regular']),
    );
    const all = [...parsed.objects.values()].join('\n');
    expect(all).toContain('/Encoding /UniJIS-UCS2-H');
    expect(all).toContain('/Registry (Adobe) /Ordering (Japan1)');
    expect(all).toContain('/ToUnicode');
    expect(all).not.toContain('/FontFile');
  });

  it('measures text as the fonts lay it out', () => {
    expect(isLatin('¥1,000 Café')).toBe(true);
    expect(isLatin('宿泊')).toBe(false);
    expect(textWidth('0123456789', 10)).toBeCloseTo(55.6);
    expect(textWidth('宿泊 1', 10)).toBeCloseTo(30);
  });
});

describe('invoice pdf', () => {
  it('in English: issuer and registration number, number and dates, items with the reduced rate marked, taxes per rate', () => {
    const { pages } = parsePdf(renderInvoicePdf(model(), new Date('2031-08-12T00:00:00Z')));
    const text = pages.flat();
    expect(text).toEqual(
      expect.arrayContaining([
        'Invoice',
        '(Qualified Invoice)',
        'Taro Yamada',
        'Yado Stays Co., Ltd.',
        'Registration No.: T1234567890123',
        'B-2031-000042',
        'Aug 12, 2031',
        'Aug 7, 2031',
        'Accommodation',
        'Orange juice (take-away) ※',
        'Coupon (SUMMER)',
        '-¥3,000',
        'Service charge (10.00%)',
        'Subject to 10%',
        '¥29,700',
        'Consumption tax (10%)',
        '¥2,970',
        'Subject to 8%',
        'Consumption tax (8%)',
        '¥53',
        'Accommodation tax (outside consumption tax)',
        '¥200',
        'Total (tax included)',
        '¥33,589',
        'Deposit already paid',
        '-¥10,000',
        'Points used',
        '-¥589',
        'Paid by card',
        '¥23,000',
        '※ Reduced tax rate (8%) item.',
        'Page 1 of 1',
      ]),
    );
    expect(text.some((t) => t.includes('※') && t.startsWith('Accommodation'))).toBe(false);
  });

  it('in Japanese, in the Japanese font', () => {
    const pdf = renderInvoicePdf(
      model({
        language: 'ja',
        issuer: {
          name: '株式会社やどステイズ',
          address: '東京都千代田区丸の内1-1-1',
          registrationNumber: 'T1234567890123',
        },
        customerName: '山田 太郎',
        items: [
          { date: '2031-08-10', title: '宿泊', quantity: 1, amount: 30_000, rateType: 'STANDARD' },
          { date: '2031-08-10', title: 'オレンジジュース（持ち帰り）', quantity: 2, amount: 666, rateType: 'REDUCED' },
        ],
        status: 'REFUNDED',
        refunded: 23_000,
      }),
      new Date('2031-08-12T00:00:00Z'),
    );
    const { pages, objects } = parsePdf(pdf);
    const text = pages.flat();
    expect(text).toEqual(
      expect.arrayContaining([
        '請求書',
        '（適格請求書）',
        '山田 太郎 様',
        '株式会社やどステイズ',
        '登録番号: T1234567890123',
        '請求書番号',
        '2031/8/12',
        '取引日',
        '2031/8/7',
        '宿泊',
        'オレンジジュース（持ち帰り） ※',
        '10%対象',
        '消費税（10%）',
        '8%対象',
        '消費税（8%）',
        '宿泊税（消費税対象外）',
        '合計（税込）',
        '返金額',
        '-¥23,000',
        '※は軽減税率（8%）対象品目です。',
        'この請求は返金済みです。',
      ]),
    );
    // Bold Japanese is stroked inside q/Q, so the stroke never spreads to the text after it.
    for (const o of objects.values())
      for (const m of o.matchAll(/BT 2 Tr/g)) expect(o.slice((m.index ?? 0) - 2, m.index)).toBe('q ');
    // Japanese runs are written as UCS-2 hex strings in font F3.
    expect(
      [...objects.values()].some((o) =>
        /BT (2 Tr [\d.]+ w )?\/F3 [\d.]+ Tf 1 0 0 1 [\d.]+ [\d.]+ Tm <8ACB6C4266F8> Tj ET/.test(o),
      ),
    ).toBe(true);
  });

  it('breaks long invoices over pages and numbers them', () => {
    const items = Array.from({ length: 90 }, (_, i) => ({
      date: '2031-08-10',
      title: `Item ${i + 1}`,
      quantity: 1,
      amount: 100,
      rateType: 'STANDARD' as const,
    }));
    const { pages } = parsePdf(renderInvoicePdf(model({ items }), new Date()));
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.flat()).toContain('Item 90');
    expect(pages.at(-1)).toContain(`Page ${pages.length} of ${pages.length}`);
  });

  it('formats dates and yen as the spec does', () => {
    expect(formatDate('2031-01-05', 'en')).toBe('Jan 5, 2031');
    expect(formatDate('2031-01-05', 'ja')).toBe('2031/1/5');
    expect(formatYen(1_234_567)).toBe('¥1,234,567');
    expect(formatYen(-5)).toBe('-¥5');
  });
});
