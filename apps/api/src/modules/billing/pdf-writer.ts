/**
 * A small PDF 1.7 writer for text documents (invoices): A4 pages of text runs
 * and rules, uncompressed, with correct cross-reference offsets.
 *
 * Latin text uses the standard Helvetica fonts (WinAnsiEncoding), which every
 * viewer has. Text with any other character uses a Type0 font with the
 * predefined CMap UniJIS-UCS2-H over the CIDFont KozMinPr6N-Regular
 * (Adobe-Japan1), not embedded: the usual way to write Japanese PDFs, for
 * which viewers substitute an installed Japanese font. A ToUnicode map keeps
 * the text searchable and copyable.
 */

export const A4 = { width: 595.28, height: 841.89 } as const;

export type TextRun = {
  x: number;
  y: number;
  size: number;
  text: string;
  bold?: boolean;
  /** x is the left edge (default) or the right edge of the text. */
  align?: 'left' | 'right';
};

export type Rule = { x1: number; y1: number; x2: number; y2: number; width?: number };

export type PdfPage = { texts: TextRun[]; rules: Rule[] };

// Helvetica advance widths (1/1000 em) of ASCII 32..126, from the standard font metrics.
const HELVETICA_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833,
  722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556,
  556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334,
  260, 334, 584,
];

// WinAnsiEncoding's characters outside Latin-1 (the 0x80..0x9F row).
const WIN_ANSI_EXTRA: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  '„': 0x84,
  '…': 0x85,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '™': 0x99,
};

function winAnsiCode(ch: string): number | null {
  const cp = ch.codePointAt(0) ?? 0;
  if (cp >= 0x20 && cp <= 0x7e) return cp;
  if (cp >= 0xa0 && cp <= 0xff) return cp;
  return WIN_ANSI_EXTRA[ch] ?? null;
}

/** Whether the standard Latin font can show the text; otherwise the Japanese font is used. */
export function isLatin(text: string): boolean {
  for (const ch of text) if (winAnsiCode(ch) === null) return false;
  return true;
}

/** The width of a text in points, as the viewer will lay it out. */
export function textWidth(text: string, size: number, bold = false): number {
  const latin = isLatin(text);
  let units = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if (latin) units += cp >= 32 && cp <= 126 ? (HELVETICA_WIDTHS[cp - 32] ?? 556) : 556;
    // The CIDFont below declares ASCII half-width (500) and everything else full-width (1000).
    else units += cp >= 0x20 && cp <= 0x7e ? 500 : 1000;
  }
  // Helvetica-Bold runs about 6% wider than Helvetica; close enough to right-align bold headings.
  return ((latin && bold ? units * 1.06 : units) * size) / 1000;
}

function latinString(text: string): string {
  let out = '(';
  for (const ch of text) {
    const code = winAnsiCode(ch) ?? 0x3f;
    if (ch === '(' || ch === ')' || ch === '\\') out += `\\${ch}`;
    else if (code >= 0x20 && code <= 0x7e) out += String.fromCharCode(code);
    else out += `\\${code.toString(8).padStart(3, '0')}`;
  }
  return `${out})`;
}

/** UCS-2 big-endian in a hex string; characters beyond the BMP (which UCS-2 cannot hold) become the geta mark. */
function ucs2Hex(text: string): string {
  let out = '<';
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0x3013;
    out += (cp > 0xffff ? 0x3013 : cp).toString(16).toUpperCase().padStart(4, '0');
  }
  return `${out}>`;
}

/** A string in a document dictionary: PDFDocEncoding when ASCII, else UTF-16BE with a byte-order mark. */
function infoString(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return latinString(text);
  let hex = '<FEFF';
  for (let i = 0; i < text.length; i += 1) hex += text.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0');
  return `${hex}>`;
}

const num = (n: number) => (Math.round(n * 100) / 100).toString();

function pageContent(page: PdfPage): string {
  const ops: string[] = [];
  for (const r of page.rules) {
    ops.push(`${num(r.width ?? 0.5)} w ${num(r.x1)} ${num(r.y1)} m ${num(r.x2)} ${num(r.y2)} l S`);
  }
  for (const t of page.texts) {
    if (t.text === '') continue;
    const latin = isLatin(t.text);
    const font = latin ? (t.bold ? 'F2' : 'F1') : 'F3';
    const x = t.align === 'right' ? t.x - textWidth(t.text, t.size, t.bold) : t.x;
    const str = latin ? latinString(t.text) : ucs2Hex(t.text);
    const show = `/${font} ${num(t.size)} Tf 1 0 0 1 ${num(x)} ${num(t.y)} Tm ${str} Tj`;
    // The Japanese font has no bold face; a thin stroke (text render mode 2) stands in for it. The render
    // mode and line width outlive ET, so q/Q keeps them from reaching the text and rules drawn after.
    if (!latin && t.bold) ops.push(`q BT 2 Tr ${num(t.size / 40)} w ${show} ET Q`);
    else ops.push(`BT ${show} ET`);
  }
  return `${ops.join('\n')}\n`;
}

function toUnicodeCMap(): string {
  const ranges: string[] = [];
  for (let hi = 0; hi < 256; hi += 1) {
    if (hi >= 0xd8 && hi <= 0xdf) continue; // surrogates are not characters
    const h = hi.toString(16).toUpperCase().padStart(2, '0');
    ranges.push(`<${h}00> <${h}FF> <${h}00>`);
  }
  const blocks: string[] = [];
  for (let i = 0; i < ranges.length; i += 100) {
    const chunk = ranges.slice(i, i + 100);
    blocks.push(`${chunk.length} beginbfrange\n${chunk.join('\n')}\nendbfrange`);
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <FFFF>',
    'endcodespacerange',
    ...blocks,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}

const stream = (body: string) => `<< /Length ${Buffer.byteLength(body, 'latin1')} >>\nstream\n${body}\nendstream`;

function pdfDate(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `D:${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}Z`;
}

/** The document: one object per font, per page and per page's content, then the cross-reference table. */
export function writePdf(
  pages: readonly PdfPage[],
  info: { title: string; createdAt: Date; language: string },
): Buffer {
  // Object numbers: 1 catalog, 2 pages, 3-8 fonts and their parts, 9 info, then page and content pairs.
  const pageObj = (i: number) => 10 + i * 2;
  const objects: string[] = [];
  objects[1] = `<< /Type /Catalog /Pages 2 0 R /Lang ${latinString(info.language)} >>`;
  objects[2] = `<< /Type /Pages /Kids [${pages.map((_, i) => `${pageObj(i)} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  objects[5] =
    '<< /Type /Font /Subtype /Type0 /BaseFont /KozMinPr6N-Regular-UniJIS-UCS2-H /Encoding /UniJIS-UCS2-H ' +
    '/DescendantFonts [6 0 R] /ToUnicode 8 0 R >>';
  objects[6] =
    '<< /Type /Font /Subtype /CIDFontType0 /BaseFont /KozMinPr6N-Regular ' +
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (Japan1) /Supplement 6 >> /FontDescriptor 7 0 R ' +
    '/DW 1000 /W [1 98 500 231 632 500] >>';
  objects[7] =
    '<< /Type /FontDescriptor /FontName /KozMinPr6N-Regular /Flags 6 /FontBBox [-437 -340 1147 1317] ' +
    '/ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 742 /StemV 80 >>';
  objects[8] = stream(toUnicodeCMap());
  objects[9] = `<< /Title ${infoString(info.title)} /Producer (yado) /CreationDate (${pdfDate(info.createdAt)}) >>`;
  pages.forEach((page, i) => {
    objects[pageObj(i)] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${A4.width} ${A4.height}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R /F3 5 0 R >> >> /Contents ${pageObj(i) + 1} 0 R >>`;
    objects[pageObj(i) + 1] = stream(pageContent(page));
  });

  // The header's comment of high bytes tells transfer tools the file is binary.
  const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = chunks[0]?.length ?? 0;
  const offsets: number[] = [];
  for (let n = 1; n < objects.length; n += 1) {
    const body = objects[n];
    if (body === undefined) throw new Error(`object ${n} missing`);
    offsets[n] = offset;
    const chunk = Buffer.from(`${n} 0 obj\n${body}\nendobj\n`, 'latin1');
    chunks.push(chunk);
    offset += chunk.length;
  }
  const xref = [
    'xref',
    `0 ${objects.length}`,
    '0000000000 65535 f ',
    ...offsets.slice(1).map((o) => `${String(o).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length} /Root 1 0 R /Info 9 0 R >>`,
    'startxref',
    String(offset),
    '%%EOF',
    '',
  ].join('\n');
  chunks.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(chunks);
}
