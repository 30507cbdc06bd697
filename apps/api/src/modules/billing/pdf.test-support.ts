/**
 * Reads back what pdf-writer writes, for tests: checks the cross-reference
 * table against the objects and decodes the text drawn on each page.
 */
export function parsePdf(pdf: Buffer): { objects: Map<number, string>; pages: string[][]; fonts: string[] } {
  const s = pdf.toString('latin1');
  if (!s.startsWith('%PDF-1.7\n')) throw new Error('not a PDF 1.7 header');
  if (!s.endsWith('%%EOF\n')) throw new Error('no %%EOF at the end');
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(s)?.[1]);
  if (s.slice(startxref, startxref + 5) !== 'xref\n') throw new Error(`startxref ${startxref} does not point at xref`);
  const head = /^xref\n0 (\d+)\n/.exec(s.slice(startxref));
  const count = Number(head?.[1]);
  const tableStart = startxref + (head?.[0].length ?? 0);
  const objects = new Map<number, string>();
  for (let n = 0; n < count; n += 1) {
    const entry = s.slice(tableStart + n * 20, tableStart + (n + 1) * 20);
    if (!/^\d{10} \d{5} [nf] \n$/.test(entry))
      throw new Error(`xref entry ${n} is not 20 bytes: ${JSON.stringify(entry)}`);
    if (n === 0) continue;
    const offset = Number(entry.slice(0, 10));
    if (!s.startsWith(`${n} 0 obj\n`, offset)) throw new Error(`xref offset of object ${n} is wrong`);
    const end = s.indexOf('\nendobj\n', offset);
    objects.set(n, s.slice(offset + `${n} 0 obj\n`.length, end));
  }
  const trailer = s.slice(s.indexOf('trailer', startxref));
  if (!trailer.includes(`/Size ${count}`)) throw new Error('trailer /Size does not match the xref');

  // Stream lengths must match the bytes between stream and endstream.
  for (const [n, body] of objects) {
    const m = /^<< \/Length (\d+) >>\nstream\n/.exec(body);
    if (!m) continue;
    const data = body.slice(m[0].length, body.length - '\nendstream'.length);
    if (Buffer.byteLength(data, 'latin1') !== Number(m[1])) throw new Error(`stream length of object ${n} is wrong`);
  }

  const catalog = objects.get(1) ?? '';
  const pagesRef = Number(/\/Pages (\d+) 0 R/.exec(catalog)?.[1]);
  const kids = [...(/\/Kids \[([^\]]*)\]/.exec(objects.get(pagesRef) ?? '')?.[1] ?? '').matchAll(/(\d+) 0 R/g)].map(
    (k) => Number(k[1]),
  );
  const pages = kids.map((k) => {
    const contentRef = Number(/\/Contents (\d+) 0 R/.exec(objects.get(k) ?? '')?.[1]);
    const content = objects.get(contentRef) ?? '';
    return [...content.matchAll(/(\((?:\\.|[^\\)])*\)|<[0-9A-F]*>) Tj/g)].map((t) => decodeString(t[1] ?? ''));
  });
  const fonts = [...objects.values()].flatMap((o) =>
    [...o.matchAll(/\/BaseFont \/([A-Za-z0-9-]+)/g)].map((m) => m[1] ?? ''),
  );
  return { objects, pages, fonts };
}

const WIN_ANSI_HIGH: Record<number, string> = {
  0x80: '€',
  0x85: '…',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x96: '–',
  0x97: '—',
};

function decodeString(raw: string): string {
  if (raw.startsWith('<')) {
    const hex = raw.slice(1, -1);
    let out = '';
    for (let i = 0; i < hex.length; i += 4) out += String.fromCharCode(parseInt(hex.slice(i, i + 4), 16));
    return out;
  }
  const body = raw.slice(1, -1);
  return body.replace(/\\([0-7]{3}|.)/g, (_, e: string) => {
    if (/^[0-7]{3}$/.test(e)) {
      const code = parseInt(e, 8);
      return WIN_ANSI_HIGH[code] ?? String.fromCharCode(code);
    }
    return e;
  });
}
