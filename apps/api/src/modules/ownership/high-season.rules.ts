import { addDays, daysBetween, type IsoDate } from '@yado/contract/civil-date';

/*
 * The high-season draw and the rules of a round, as pure functions (docs/decisions/0029 and the
 * "High-season allocation" section of docs/domain.md state the rule in words). Everything the
 * draw depends on is in its input and its seed, so running it again on the recorded input gives
 * the recorded result; a change of the rule is a new ALGORITHM_VERSION, never an edit of this one.
 */

export const DRAW_ALGORITHM_VERSION = 'weighted-snake-v1';

export type RoundStatus = 'SCHEDULED' | 'OPEN' | 'CLOSED' | 'DRAWN';

/** A round's state at an instant: its window decides until the draw has run. */
export function roundStatus(r: { opensAt: Date; closesAt: Date; drawnAt: Date | null }, now: Date): RoundStatus {
  if (r.drawnAt) return 'DRAWN';
  if (now < r.opensAt) return 'SCHEDULED';
  if (now < r.closesAt) return 'OPEN';
  return 'CLOSED';
}

export type DateRange = { checkinDate: IsoDate; checkoutDate: IsoDate };

/** Whether two stays share a night ([checkin, checkout) ranges). */
export function overlaps(a: DateRange, b: DateRange): boolean {
  return a.checkinDate < b.checkoutDate && b.checkinDate < a.checkoutDate;
}

/** The nights of a range: the dates of its check-in days. */
export function nightsOf(r: DateRange): IsoDate[] {
  const out: IsoDate[] = [];
  for (let d = r.checkinDate; d < r.checkoutDate; d = addDays(d, 1)) out.push(d);
  return out;
}

export type PeriodProblem =
  | { kind: 'ORDER'; index: number }
  | { kind: 'TOO_LONG'; index: number }
  | { kind: 'OUTSIDE_SLOT_YEAR'; index: number }
  | { kind: 'TOO_EARLY'; index: number }
  | { kind: 'NOT_HIGH'; index: number; date: IsoDate }
  | { kind: 'OVERLAP'; index: number };

/**
 * What is wrong with the periods a round would offer, first problem first: each must end after it
 * starts, be at most `maxNights` long, have every night in the slot year, start after the day the
 * window closes, and be made only of HIGH dates on sale (`isHighOnSale`); no two may share a night.
 */
export function periodProblems(
  periods: readonly DateRange[],
  o: { slotYear: number; windowClosesOn: IsoDate; maxNights: number; isHighOnSale: (d: IsoDate) => boolean },
): PeriodProblem[] {
  const problems: PeriodProblem[] = [];
  periods.forEach((p, index) => {
    const n = daysBetween(p.checkinDate, p.checkoutDate);
    if (n <= 0) return problems.push({ kind: 'ORDER', index });
    if (n > o.maxNights) return problems.push({ kind: 'TOO_LONG', index });
    const nights = nightsOf(p);
    if (nights.some((d) => Number(d.slice(0, 4)) !== o.slotYear))
      return problems.push({ kind: 'OUTSIDE_SLOT_YEAR', index });
    if (p.checkinDate <= o.windowClosesOn) return problems.push({ kind: 'TOO_EARLY', index });
    const low = nights.find((d) => !o.isHighOnSale(d));
    if (low) return problems.push({ kind: 'NOT_HIGH', index, date: low });
    if (periods.some((q, j) => j < index && overlaps(p, q))) return problems.push({ kind: 'OVERLAP', index });
    return undefined;
  });
  return problems;
}

// The draw ----------------------------------------------------------------------------------------

export type DrawPeriod = {
  periodId: string;
  nights: number;
  /** Houses free for every night of it at the draw. */ capacity: number;
};

export type DrawParticipant = {
  shareId: string;
  numerator: number;
  denominator: number;
  /** The share's high slots per slot year (what "a year's worth" of high season is for it). */
  highNightsPerYear: number;
  /** High-season nights the share won in earlier drawn rounds of the house group (booked). */
  priorHighNights: number;
  /** High slots the share has left in the round's slot year at the draw: the most nights it can win. */
  highSlots: number;
  /** How many periods at most it wants. */
  wantedPeriods: number;
  /** Period ids, best first. */
  ranked: string[];
};

export type DrawInput = { periods: DrawPeriod[]; participants: DrawParticipant[] };

export type DrawOrderEntry = {
  position: number;
  shareId: string;
  random: number;
  priority: number;
};

export type PassedOver = { periodId: string; reason: 'FULL' | 'TOO_FEW_SLOTS' | 'ALREADY_WON' };

export type DrawStep = {
  turn: number;
  pass: number;
  shareId: string;
  periodId: string | null;
  outcome: 'ALLOCATED' | 'NOTHING_LEFT';
  passedOver: PassedOver[];
};

export type DrawResult = {
  algorithmVersion: string;
  order: DrawOrderEntry[];
  steps: DrawStep[];
  allocations: { shareId: string; periodId: string; pass: number; turn: number; nights: number }[];
};

/** A 32-bit hash of the seed text (FNV-1a), the generator's starting state. */
export function seedState(seed: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** mulberry32: a small seeded generator of 32-bit integers, the same on every platform. */
export function mulberry32(state: number): () => number {
  let a = state >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/**
 * A share's weight in the lottery: its fraction, divided by 1 + the years' worth of high season it
 * already won in earlier rounds (prior nights / its high slots per year). A share that won a full
 * year's high slots before counts half as much as an equal share that won nothing.
 */
export function adjustedWeight(
  p: Pick<DrawParticipant, 'numerator' | 'denominator' | 'priorHighNights' | 'highNightsPerYear'>,
): number {
  return p.numerator / p.denominator / (1 + p.priorHighNights / Math.max(1, p.highNightsPerYear));
}

/**
 * The order of the draw: a weighted lottery without replacement (Efraimidis–Spirakis keys). Each
 * share, taken in order of share id, draws u in (0, 1) from mulberry32 seeded by the seed; its
 * priority is ln(u) / adjusted weight and the order is by priority, highest first (ties by share
 * id). So the chance to come first is proportional to the adjusted weight, and more earlier wins
 * only ever lower a share's priority (u and the others' priorities do not depend on them).
 */
export function drawOrder(seed: string, participants: readonly DrawParticipant[]): DrawOrderEntry[] {
  const next = mulberry32(seedState(seed));
  const byId = [...participants].sort((a, b) => (a.shareId < b.shareId ? -1 : a.shareId > b.shareId ? 1 : 0));
  const keyed = byId.map((p) => {
    const random = (next() + 0.5) / 2 ** 32;
    return { shareId: p.shareId, random, priority: Math.log(random) / adjustedWeight(p) };
  });
  keyed.sort((a, b) => b.priority - a.priority || (a.shareId < b.shareId ? -1 : a.shareId > b.shareId ? 1 : 0));
  return keyed.map((k, i) => ({ position: i + 1, ...k }));
}

/**
 * The draw. In the lottery order, then in reverse, then in order again (a snake), each share still
 * in the draw takes its best-ranked period that still has a house free, that its high slots left can
 * pay for and that it has not won already; a share leaves the draw once it has its wanted number of
 * periods, or on a turn where none of its periods is left. It ends when every share has left.
 */
export function runDraw(seed: string, input: DrawInput): DrawResult {
  const order = drawOrder(seed, input.participants);
  const byShare = new Map(input.participants.map((p) => [p.shareId, p]));
  const periods = new Map(input.periods.map((p) => [p.periodId, p]));
  const left = new Map(input.periods.map((p) => [p.periodId, p.capacity]));
  const slots = new Map(input.participants.map((p) => [p.shareId, p.highSlots]));
  const won = new Map(input.participants.map((p) => [p.shareId, new Set<string>()]));
  const active = new Set(order.filter((o) => (byShare.get(o.shareId)?.wantedPeriods ?? 0) > 0).map((o) => o.shareId));
  const steps: DrawStep[] = [];
  const allocations: DrawResult['allocations'] = [];
  for (let pass = 1; active.size > 0; pass++) {
    const sequence = pass % 2 === 1 ? order : [...order].reverse();
    for (const { shareId } of sequence) {
      if (!active.has(shareId)) continue;
      const p = byShare.get(shareId)!;
      const mine = won.get(shareId)!;
      const passedOver: PassedOver[] = [];
      let taken: DrawPeriod | null = null;
      for (const id of p.ranked) {
        const period = periods.get(id);
        if (!period) continue;
        if (mine.has(id)) passedOver.push({ periodId: id, reason: 'ALREADY_WON' });
        else if ((left.get(id) ?? 0) <= 0) passedOver.push({ periodId: id, reason: 'FULL' });
        else if (period.nights > (slots.get(shareId) ?? 0)) passedOver.push({ periodId: id, reason: 'TOO_FEW_SLOTS' });
        else {
          taken = period;
          break;
        }
      }
      const turn = steps.length + 1;
      if (!taken) {
        steps.push({ turn, pass, shareId, periodId: null, outcome: 'NOTHING_LEFT', passedOver });
        active.delete(shareId);
        continue;
      }
      left.set(taken.periodId, left.get(taken.periodId)! - 1);
      slots.set(shareId, slots.get(shareId)! - taken.nights);
      mine.add(taken.periodId);
      steps.push({ turn, pass, shareId, periodId: taken.periodId, outcome: 'ALLOCATED', passedOver });
      allocations.push({ shareId, periodId: taken.periodId, pass, turn, nights: taken.nights });
      if (mine.size >= p.wantedPeriods) active.delete(shareId);
    }
  }
  return { algorithmVersion: DRAW_ALGORITHM_VERSION, order, steps, allocations };
}
