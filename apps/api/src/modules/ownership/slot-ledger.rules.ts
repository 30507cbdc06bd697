import type { IsoDate } from '@yado/contract/civil-date';

/** A slot's tier: the price type of the nights it is for. */
export type SlotTier = 'STANDARD' | 'HIGH';
export type SlotEntryKind = 'GRANT' | 'CONSUME' | 'RETURN' | 'EXPIRE';

export type Fraction = { numerator: number; denominator: number };

/**
 * The nights a year of a house group is counted as when it is divided into shares. A fixed 365
 * (not the year's own length) so that a share gives the same nights every year.
 */
export const NIGHTS_PER_YEAR = 365;
/** The part of a share's nights that are high slots (DOMAIN: 40% high, 60% standard). */
export const HIGH_SHARE_PERCENT = 40;
/** The largest denominator staff may grant (a share of a thousandth). */
export const MAX_SHARE_DENOMINATOR = 1000;
/**
 * How far ahead of its first day a slot year opens (its slots are granted): as far as owners book
 * their own house group (DOMAIN: 12 months), so every night an owner may book has its slots.
 */
export const SLOT_YEAR_OPENS_MONTHS_AHEAD = 12;

/**
 * The nights a share gives per slot year: floor(365 × fraction) in all, of which floor(40%) are
 * high slots and the rest standard. Rounding down means the shares of one house group, together
 * at most the whole, never give more nights than the year has (1/12 → 30: 12 high, 18 standard;
 * 1/4 → 91: 36 high, 55 standard; 1/1 → 365: 146 high, 219 standard).
 */
export function nightsPerSlotYear(f: Fraction): { standard: number; high: number; total: number } {
  const total = Math.floor((NIGHTS_PER_YEAR * f.numerator) / f.denominator);
  const high = Math.floor((total * HIGH_SHARE_PERCENT) / 100);
  return { standard: total - high, high, total };
}

/** Whether a fraction is one staff may grant: 0 < n ≤ d ≤ 1000, whole numbers. */
export function isGrantableFraction(f: Fraction): boolean {
  return (
    Number.isInteger(f.numerator) &&
    Number.isInteger(f.denominator) &&
    f.numerator > 0 &&
    f.denominator > 0 &&
    f.denominator <= MAX_SHARE_DENOMINATOR &&
    f.numerator <= f.denominator
  );
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** Whether fractions together are at most the whole house group (exact, in integers). */
export function fitsInWhole(fractions: readonly Fraction[]): boolean {
  // Compare Σ n/d with 1 over a common denominator; denominators ≤ 1000 keep the numbers exact in practice.
  let num = 0n;
  let den = 1n;
  for (const f of fractions) {
    const n = BigInt(f.numerator);
    const d = BigInt(f.denominator);
    num = num * d + n * den;
    den = den * d;
  }
  return num <= den;
}

/** The fraction in lowest terms (2/24 → 1/12), as the share is shown. */
export function reduceFraction(f: Fraction): Fraction {
  const g = gcd(f.numerator, f.denominator);
  return { numerator: f.numerator / g, denominator: f.denominator / g };
}

/** The share of a house group's ownership offer a fraction is, in the offer's shares (1/12 of 12 → 1), or null when it is not whole. */
export function offerUnits(f: Fraction, totalShares: number): number | null {
  const scaled = f.numerator * totalShares;
  return scaled % f.denominator === 0 ? scaled / f.denominator : null;
}

/**
 * The slot year of a night: the calendar year of its date. Nights are civil dates in the house
 * group's zone (a stay night is the date of its check-in day), so the year is the zone's year too.
 */
export function slotYearOf(night: IsoDate): number {
  return Number(night.slice(0, 4));
}

/**
 * The slot years open on a day (today in the house group's zone): the current one and every later
 * one that starts within SLOT_YEAR_OPENS_MONTHS_AHEAD months, from the share's first slot year on.
 * With 12 months that is always this year and the next.
 */
export function openSlotYears(today: IsoDate, firstSlotYear: number): number[] {
  const year = slotYearOf(today);
  const month = Number(today.slice(5, 7));
  const lastOpen = year + Math.floor((month - 1 + SLOT_YEAR_OPENS_MONTHS_AHEAD) / 12);
  const years: number[] = [];
  for (let y = Math.max(year, firstSlotYear); y <= lastOpen; y++) years.push(y);
  return years;
}

/** Whether a slot year has ended on a day (today in the house group's zone): its remainder expires. */
export function slotYearEnded(slotYear: number, today: IsoDate): boolean {
  return slotYearOf(today) > slotYear;
}

export type TierBalance = { STANDARD: number; HIGH: number };

/** One night to stay and its price type (the season calendar's type of that date). */
export type SlotNight = { date: IsoDate; priceType: SlotTier };

/** What a stay takes from one slot year: nights per slot tier, high-substitutes counted apart. */
export type YearConsumption = { slotYear: number; slotStandard: number; slotHigh: number; slotHighSubstitute: number };

export type ConsumptionPlan =
  { ok: true; years: YearConsumption[] } | { ok: false; slotYear: number; balance: TierBalance; needed: TierBalance };

/**
 * What a stay's nights take from a share's balances: a STANDARD night one standard slot, a HIGH
 * night one high slot, or, when no high slot is left and the house group allows it, one standard
 * slot as a high-substitute. Each night takes from its own slot year. Standard nights are counted
 * first, so a substitute never takes a slot a standard night of the same stay needs. Refused
 * (with the year, its balance and what the stay needs) when a year's balance is short.
 */
export function planConsumption(
  nights: readonly SlotNight[],
  balanceOf: (slotYear: number) => TierBalance,
  allowHighSubstitute: boolean,
): ConsumptionPlan {
  const byYear = new Map<number, TierBalance>();
  for (const n of nights) {
    const y = slotYearOf(n.date);
    const need = byYear.get(y) ?? { STANDARD: 0, HIGH: 0 };
    need[n.priceType] += 1;
    byYear.set(y, need);
  }
  const years: YearConsumption[] = [];
  for (const [slotYear, needed] of [...byYear].sort((a, b) => a[0] - b[0])) {
    const balance = balanceOf(slotYear);
    const slotHigh = Math.min(needed.HIGH, Math.max(0, balance.HIGH));
    const highLeft = needed.HIGH - slotHigh;
    const standardLeft = Math.max(0, balance.STANDARD) - needed.STANDARD;
    const slotHighSubstitute = allowHighSubstitute ? Math.min(highLeft, Math.max(0, standardLeft)) : 0;
    if (standardLeft < 0 || slotHighSubstitute < highLeft) return { ok: false, slotYear, balance, needed };
    years.push({ slotYear, slotStandard: needed.STANDARD, slotHigh, slotHighSubstitute });
  }
  return { ok: true, years };
}
