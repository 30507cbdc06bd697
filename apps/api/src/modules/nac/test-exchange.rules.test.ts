import { describe, expect, it } from 'vitest';
import { checkWebhookSignature, signWebhook } from '../../platform/http/webhook-signature.js';
import { rateAt, RATE_TICK_MS } from './test-exchange.rules.js';

describe('the test exchange market', () => {
  const t0 = new Date('2026-11-26T09:00:00Z');

  it('publishes one rate per minute, the same for the same seed and time', () => {
    const a = rateAt('seed', new Date(t0.getTime() + 5_000));
    const b = rateAt('seed', new Date(t0.getTime() + 59_999));
    expect(a).toEqual(b);
    expect(a.at).toEqual(t0);
    expect(a.rate).toMatch(/^\d+\.\d{4}$/);
    expect(rateAt('another seed', t0).rate).not.toBe(rateAt('seed', t0).rate);
  });

  it('moves, but little from one minute to the next and within its bounds over a week', () => {
    const rates: number[] = [];
    for (let i = 0; i < 7 * 24 * 60; i += 7)
      rates.push(Number(rateAt('seed', new Date(t0.getTime() + i * RATE_TICK_MS)).rate));
    expect(new Set(rates).size).toBeGreaterThan(100);
    for (const r of rates) expect(r).toBeGreaterThan(150 - 19);
    for (const r of rates) expect(r).toBeLessThan(150 + 19);
    const next = (m: number) => Number(rateAt('seed', new Date(t0.getTime() + m * RATE_TICK_MS)).rate);
    for (let m = 0; m < 120; m++) expect(Math.abs(next(m + 1) - next(m))).toBeLessThan(1);
  });
});

describe('exchange notification signatures', () => {
  const secret = 'whsec_exchange_test';
  const now = new Date('2026-11-26T09:00:00Z');
  const body = '{"id":"evt_1"}';

  it('accepts its own signature and refuses a wrong, missing, malformed or stale one', () => {
    expect(checkWebhookSignature(secret, signWebhook(secret, body, now), body, now)).toBe('OK');
    expect(checkWebhookSignature(secret, signWebhook('another', body, now), body, now)).toBe('BAD_SIGNATURE');
    expect(checkWebhookSignature(secret, signWebhook(secret, body, now), `${body} `, now)).toBe('BAD_SIGNATURE');
    expect(checkWebhookSignature(secret, undefined, body, now)).toBe('MISSING');
    expect(checkWebhookSignature(secret, 't=1,v1=zz', body, now)).toBe('MALFORMED');
    const old = new Date(now.getTime() - 6 * 60_000);
    expect(checkWebhookSignature(secret, signWebhook(secret, body, old), body, now)).toBe('STALE');
  });
});
