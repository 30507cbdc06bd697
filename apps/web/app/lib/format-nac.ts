/**
 * A NAC amount or rate (a decimal string as the API sends it, unrounded) for reading: the whole part
 * grouped by thousands, every decimal place kept. Done on the text itself, never through a binary
 * float, so 0.1 NAC shows as 0.1 and a balance of 123456789.12345678 loses no place.
 */
export function formatNacAmount(text: string, opts: { signed?: boolean } = {}): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return text;
  const [, minus, whole, fraction] = m;
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = minus ? '−' : opts.signed && !/^0+$/.test(whole! + (fraction ?? '')) ? '+' : '';
  return `${sign}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** Whether a decimal string is below zero (a withdrawal's entry). */
export function isNegativeNac(text: string): boolean {
  return text.startsWith('-');
}
