import { createHash } from 'node:crypto';

/**
 * The test-mode exchange's market and its notification signatures: pure functions of their inputs.
 *
 * The NAC/JPY rate moves like a market's, but is a function of the time and a seed only, so every
 * app node, every restart and every test sees the same rate at the same minute. It is "value noise":
 * for each of four time scales (a day, an hour, ten minutes, a minute) a value drawn from a hash of
 * (seed, scale, step) at each step, straight lines between steps, the four summed on a base. All in
 * integers (ten-thousandths of a yen), so no platform's floating point can make two nodes disagree.
 */

/** The rate is published once a minute; a rate belongs to the minute it starts. */
export const RATE_TICK_MS = 60_000;
/** 150 yen per NAC, in ten-thousandths of a yen. */
const BASE_RATE = 1_500_000n;
const OCTAVES: readonly { periodMs: number; amplitude: bigint }[] = [
  { periodMs: 86_400_000, amplitude: 150_000n }, // ±15 yen over a day
  { periodMs: 3_600_000, amplitude: 30_000n }, // ±3 yen over an hour
  { periodMs: 600_000, amplitude: 8_000n }, // ±0.8 yen over ten minutes
  { periodMs: 60_000, amplitude: 2_000n }, // ±0.2 yen minute to minute
];

function knot(seed: string, octave: number, step: bigint, amplitude: bigint): bigint {
  const digest = createHash('sha256').update(`${seed}:${octave}:${step}`).digest();
  const draw = digest.readBigUInt64BE(0);
  return (draw % (2n * amplitude + 1n)) - amplitude;
}

/** The rate published at a time: yen per NAC with four places, and the minute it belongs to. */
export function rateAt(seed: string, now: Date): { rate: string; at: Date } {
  const tick = Math.floor(now.getTime() / RATE_TICK_MS) * RATE_TICK_MS;
  const t = BigInt(tick);
  let value = BASE_RATE;
  OCTAVES.forEach(({ periodMs, amplitude }, i) => {
    const period = BigInt(periodMs);
    const step = t / period;
    const into = t % period;
    const a = knot(seed, i, step, amplitude);
    const b = knot(seed, i, step + 1n, amplitude);
    value += a + ((b - a) * into) / period;
  });
  const whole = value / 10_000n;
  const fraction = (value % 10_000n).toString().padStart(4, '0');
  return { rate: `${whole}.${fraction}`, at: new Date(tick) };
}

/** The most NAC one transfer may move (spec section 8's TRANSFER_LIMIT). */
export const TRANSFER_LIMIT_NAC = 10_000n;
/** What a new customer's exchange account holds in test mode, so deposits can be tried at once. */
export const STARTING_BALANCE_NAC = '1000';

// Notifications ---------------------------------------------------------------------------

/** The header of an exchange notification (signed as platform/http/webhook-signature.ts says). */
export const EXCHANGE_SIGNATURE_HEADER = 'yado-exchange-signature';
