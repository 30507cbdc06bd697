/*
 * The rules of supplemental consensus (docs/decisions/0036-supplemental-consensus.md), pure: an
 * owner's answer status, the weight of an owner (the fractions of the house group they hold, summed
 * exactly), and the share-weighted tally. Weights are exact fractions in BigInt: quorum and the
 * leading choice are decided on them, never on the rounded figures a page shows.
 */

export type AnswerStatus = 'UNANSWERED' | 'ANSWERED' | 'ANSWER_DEADLINE_EXPIRED';

/** ANSWERED once answered (whenever one looks), else UNANSWERED until the deadline's instant, then expired. */
export function answerStatus(o: { answeredAt: Date | null; answerDeadline: Date }, now: Date): AnswerStatus {
  if (o.answeredAt) return 'ANSWERED';
  return now < o.answerDeadline ? 'UNANSWERED' : 'ANSWER_DEADLINE_EXPIRED';
}

/** Answers are taken strictly before the deadline. */
export function isOpen(answerDeadline: Date, now: Date): boolean {
  return now < answerDeadline;
}

/** A non-negative fraction, always reduced, denominator > 0. */
export type Fraction = { numerator: bigint; denominator: bigint };

const ZERO: Fraction = { numerator: 0n, denominator: 1n };

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

export function fraction(numerator: bigint | number, denominator: bigint | number): Fraction {
  const n = BigInt(numerator);
  const d = BigInt(denominator);
  if (d <= 0n || n < 0n) throw new RangeError(`not a non-negative fraction: ${n}/${d}`);
  const g = gcd(n, d) || 1n;
  return { numerator: n / g, denominator: d / g };
}

export function add(a: Fraction, b: Fraction): Fraction {
  return fraction(a.numerator * b.denominator + b.numerator * a.denominator, a.denominator * b.denominator);
}

export function sum(fs: readonly Fraction[]): Fraction {
  return fs.reduce(add, ZERO);
}

/** -1, 0 or 1 as a is less than, equal to or more than b. */
export function compare(a: Fraction, b: Fraction): number {
  const l = a.numerator * b.denominator;
  const r = b.numerator * a.denominator;
  return l < r ? -1 : l > r ? 1 : 0;
}

/** The fraction in basis points of the whole (1 = 10,000), rounded half up: for showing only. */
export function basisPoints(f: Fraction): number {
  return Number((f.numerator * 20_000n + f.denominator) / (2n * f.denominator));
}

/**
 * Each owner's weight: the sum of the fractions of the house group their shares hold. An owner with
 * two shares answers once, with both.
 */
export function ownerWeights(
  shares: readonly { userId: string; numerator: number; denominator: number }[],
): Map<string, Fraction> {
  const weights = new Map<string, Fraction>();
  for (const s of shares) {
    weights.set(s.userId, add(weights.get(s.userId) ?? ZERO, fraction(s.numerator, s.denominator)));
  }
  return weights;
}

export type TallyInput = {
  choices: readonly { id: string; label: string }[];
  owners: readonly { userId: string; weight: Fraction }[];
  answers: readonly { userId: string; choiceId: string }[];
  quorumPercent: number;
};

export type Tally = {
  ownerCount: number;
  answeredCount: number;
  heldWeightBasisPoints: number;
  answeredWeightBasisPoints: number;
  quorumPercent: number;
  quorumMet: boolean;
  choices: { choiceId: string; label: string; answerCount: number; weightBasisPoints: number }[];
  leadingChoiceIds: string[];
};

/**
 * The share-weighted tally. Each answer counts with its owner's weight; an answer from someone not
 * asked, or naming no choice of the question, counts for nothing (the database refuses both, so
 * this only keeps the arithmetic honest). Quorum: the answered weight is at least quorumPercent of
 * the weight held by the owners asked. The leading choices are those of the greatest weight, when
 * any weight was answered.
 */
export function tally(input: TallyInput): Tally {
  const weightOf = new Map(input.owners.map((o) => [o.userId, o.weight]));
  const perChoice = new Map(input.choices.map((c) => [c.id, { count: 0, weight: ZERO }]));
  let answered = ZERO;
  let answeredCount = 0;
  const seen = new Set<string>();
  for (const a of input.answers) {
    const w = weightOf.get(a.userId);
    const c = perChoice.get(a.choiceId);
    if (!w || !c || seen.has(a.userId)) continue;
    seen.add(a.userId);
    c.count += 1;
    c.weight = add(c.weight, w);
    answered = add(answered, w);
    answeredCount += 1;
  }
  const held = sum(input.owners.map((o) => o.weight));
  // answered / held >= quorum / 100, without dividing.
  const quorumMet =
    held.numerator > 0n &&
    answered.numerator * held.denominator * 100n >= BigInt(input.quorumPercent) * held.numerator * answered.denominator;
  const totals = input.choices.map((c) => ({ id: c.id, weight: perChoice.get(c.id)!.weight }));
  const top = totals.reduce<Fraction>((m, c) => (compare(c.weight, m) > 0 ? c.weight : m), ZERO);
  return {
    ownerCount: input.owners.length,
    answeredCount,
    heldWeightBasisPoints: basisPoints(held),
    answeredWeightBasisPoints: basisPoints(answered),
    quorumPercent: input.quorumPercent,
    quorumMet,
    choices: input.choices.map((c) => {
      const t = perChoice.get(c.id)!;
      return { choiceId: c.id, label: c.label, answerCount: t.count, weightBasisPoints: basisPoints(t.weight) };
    }),
    leadingChoiceIds: top.numerator === 0n ? [] : totals.filter((c) => compare(c.weight, top) === 0).map((c) => c.id),
  };
}
