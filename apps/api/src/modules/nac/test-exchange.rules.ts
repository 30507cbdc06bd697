import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

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

/** The header of an exchange notification: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const EXCHANGE_SIGNATURE_HEADER = 'yado-exchange-signature';
/** How old a notification may be: a captured request replayed later is refused. */
export const EXCHANGE_WEBHOOK_TOLERANCE_SECONDS = 300;

function hmac(secret: string, timestamp: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

export function signExchangeWebhook(secret: string, rawBody: string, now: Date): string {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${hmac(secret, t, rawBody)}`;
}

export type SignatureCheck = 'OK' | 'MISSING' | 'MALFORMED' | 'BAD_SIGNATURE' | 'STALE';

/** The timestamp is signed too, so an old notification cannot be dressed up as new. */
export function checkExchangeSignature(
  secret: string,
  header: string | undefined,
  rawBody: string,
  now: Date,
): SignatureCheck {
  if (!header) return 'MISSING';
  const parts = new Map(
    header.split(',').map((p) => {
      const i = p.indexOf('=');
      return [p.slice(0, i).trim(), p.slice(i + 1).trim()] as const;
    }),
  );
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(v1)) return 'MALFORMED';
  if (!timingSafeEqual(Buffer.from(hmac(secret, t, rawBody), 'hex'), Buffer.from(v1, 'hex'))) return 'BAD_SIGNATURE';
  if (Math.abs(now.getTime() / 1000 - t) > EXCHANGE_WEBHOOK_TOLERANCE_SECONDS) return 'STALE';
  return 'OK';
}
