import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkWebhookSignature, signWebhook } from '../../platform/http/webhook-signature.js';
import { maskedNumber, withQuery } from './payment.rules.js';

const secret = 'whsec_unit_test_secret_0123456789';
const now = new Date('2030-01-01T00:00:00Z');
const body = '{"id":"evt_1","type":"payment.updated"}';

describe('webhook signatures (HMAC-SHA256 over "timestamp.body")', () => {
  it('accepts its own signature, computed as documented', () => {
    const header = signWebhook(secret, body, now);
    const t = Math.floor(now.getTime() / 1000);
    expect(header).toBe(`t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`);
    expect(checkWebhookSignature(secret, header, body, now)).toBe('OK');
  });
  it('refuses another body, another secret, a moved timestamp and garbage', () => {
    const header = signWebhook(secret, body, now);
    expect(checkWebhookSignature(secret, header, `${body} `, now)).toBe('BAD_SIGNATURE');
    expect(checkWebhookSignature(`${secret}x`, header, body, now)).toBe('BAD_SIGNATURE');
    const t = Math.floor(now.getTime() / 1000);
    expect(checkWebhookSignature(secret, header.replace(`t=${t}`, `t=${t + 10}`), body, now)).toBe('BAD_SIGNATURE');
    expect(checkWebhookSignature(secret, 'nonsense', body, now)).toBe('MALFORMED');
    expect(checkWebhookSignature(secret, undefined, body, now)).toBe('MISSING');
  });
  it('refuses a signature older (or newer) than five minutes', () => {
    const header = signWebhook(secret, body, now);
    expect(checkWebhookSignature(secret, header, body, new Date(now.getTime() + 299_000))).toBe('OK');
    expect(checkWebhookSignature(secret, header, body, new Date(now.getTime() + 301_000))).toBe('STALE');
    expect(checkWebhookSignature(secret, header, body, new Date(now.getTime() - 301_000))).toBe('STALE');
  });
});

describe('maskedNumber and withQuery', () => {
  it('shows the last four digits only', () => {
    expect(maskedNumber('4242')).toBe('**** **** **** 4242');
  });
  it('adds a parameter to a same-site path, keeping the others', () => {
    expect(withQuery('/en/bookings/new?step=2', 'cardRegistration', 'abc')).toBe(
      '/en/bookings/new?step=2&cardRegistration=abc',
    );
    expect(withQuery('/en/mypage', 'paymentId', 'p1')).toBe('/en/mypage?paymentId=p1');
  });
});
