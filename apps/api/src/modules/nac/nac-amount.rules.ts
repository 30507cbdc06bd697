import { NAC_DECIMALS, NAC_RATE_DECIMALS } from '@yado/contract/nac.contract';

/**
 * Exact NAC arithmetic. An amount is a bigint count of the token's smallest unit (10^-8 NAC), a rate
 * a bigint count of 10^-8 yen per NAC; no binary floating point touches either, so 0.1 + 0.2 NAC is
 * exactly 0.3 and a sum of a thousand entries is the database's sum to the last unit.
 */

export const NAC_UNIT = 10n ** BigInt(NAC_DECIMALS);
export const RATE_UNIT = 10n ** BigInt(NAC_RATE_DECIMALS);

export type DecimalProblem = 'MALFORMED' | 'TOO_MANY_DECIMALS' | 'NOT_POSITIVE';
export type Parsed = { ok: true; units: bigint } | { ok: false; problem: DecimalProblem };

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d+))?$/;

function parseScaled(text: string, places: number, allowSigned: boolean): Parsed {
  const m = DECIMAL.exec(text.trim());
  if (!m) return { ok: false, problem: 'MALFORMED' };
  const [, sign, whole, fraction = ''] = m;
  // Trailing zeros add no precision ("1.500000000" is 1.5), so only significant places count.
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > places) return { ok: false, problem: 'TOO_MANY_DECIMALS' };
  const magnitude = BigInt(whole!) * 10n ** BigInt(places) + BigInt(significant.padEnd(places, '0') || '0');
  const units = sign === '-' ? -magnitude : magnitude;
  if (!allowSigned && units <= 0n) return { ok: false, problem: 'NOT_POSITIVE' };
  return { ok: true, units };
}

/** An amount a person asked to move: more than zero, at most NAC_DECIMALS places. */
export function parseNacAmount(text: string): Parsed {
  return parseScaled(text, NAC_DECIMALS, false);
}

/** A stored or signed amount, which may be negative or zero (a ledger entry, a balance). */
export function parseSignedNac(text: string): bigint {
  const r = parseScaled(text, NAC_DECIMALS, true);
  if (!r.ok) throw new Error(`not a NAC amount: ${text}`);
  return r.units;
}

/** A rate of the exchange: more than zero, at most NAC_RATE_DECIMALS places. */
export function parseRate(text: string): Parsed {
  return parseScaled(text, NAC_RATE_DECIMALS, false);
}

function formatScaled(units: bigint, places: number): string {
  const negative = units < 0n;
  const magnitude = negative ? -units : units;
  const scale = 10n ** BigInt(places);
  const whole = (magnitude / scale).toString();
  const fraction = (magnitude % scale).toString().padStart(places, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** The canonical text of an amount: no trailing zeros, no plus sign ("12.5", "-0.00000001", "0"). */
export function formatNac(units: bigint): string {
  return formatScaled(units, NAC_DECIMALS);
}

export function formatRate(units: bigint): string {
  return formatScaled(units, NAC_RATE_DECIMALS);
}

/**
 * The value of NAC in whole yen at a rate, rounded DOWN: what a balance is worth, or the yen a NAC
 * amount pays, never claims a fraction of a yen the NAC does not cover.
 */
export function nacToYen(nacUnits: bigint, rateUnits: bigint): number {
  if (nacUnits < 0n) return -nacToYen(-nacUnits, rateUnits);
  return Number((nacUnits * rateUnits) / (NAC_UNIT * RATE_UNIT));
}

/**
 * The NAC that pays a yen amount at a rate, rounded UP to the token's smallest unit, so the NAC
 * paid is always worth at least the yen asked (nacToYen of the result is never below yen).
 */
export function yenToNac(yen: number, rateUnits: bigint): bigint {
  if (!Number.isSafeInteger(yen) || yen < 0) throw new Error(`not a yen amount: ${yen}`);
  if (rateUnits <= 0n) throw new Error('rate must be positive');
  const numerator = BigInt(yen) * NAC_UNIT * RATE_UNIT;
  return (numerator + rateUnits - 1n) / rateUnits;
}
