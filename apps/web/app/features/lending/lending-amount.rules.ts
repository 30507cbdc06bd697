/**
 * Exact NAC arithmetic for the lending screens (what an application will lend, what is still
 * missing from the balance): decimal strings of at most 8 places as bigints of 10^-8 NAC, never floats.
 */
const PLACES = 8;
const SCALE = 10n ** BigInt(PLACES);

export function nacUnits(text: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d{1,8}))?$/.exec(text.trim());
  if (!m) throw new Error(`not a NAC amount: ${text}`);
  const magnitude = BigInt(m[2]!) * SCALE + BigInt((m[3] ?? '').padEnd(PLACES, '0'));
  return m[1] ? -magnitude : magnitude;
}

export function nacText(units: bigint): string {
  const negative = units < 0n;
  const m = negative ? -units : units;
  const fraction = (m % SCALE).toString().padStart(PLACES, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${m / SCALE}${fraction ? `.${fraction}` : ''}`;
}

/** `count` units of `unit` NAC. */
export function timesNac(unit: string, count: number): string {
  return nacText(nacUnits(unit) * BigInt(Math.max(0, Math.trunc(count))));
}

/** What `need` asks beyond `have` (zero when `have` covers it). */
export function shortfallNac(need: string, have: string): string {
  const d = nacUnits(need) - nacUnits(have);
  return nacText(d > 0n ? d : 0n);
}
