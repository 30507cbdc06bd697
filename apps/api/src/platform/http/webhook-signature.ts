import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed webhooks, one scheme for every outside system that notifies the product (the card
 * processor, the NAC exchange): a header `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`.
 */

/** How old a notification may be: a captured request replayed later is refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

function hmac(secret: string, timestamp: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

export function signWebhook(secret: string, rawBody: string, now: Date): string {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${hmac(secret, t, rawBody)}`;
}

export type SignatureCheck = 'OK' | 'MISSING' | 'MALFORMED' | 'BAD_SIGNATURE' | 'STALE';

/**
 * Checks a signature header. The timestamp is part of what is signed, so it
 * cannot be moved to make an old request look new; the comparison takes the
 * same time whatever the bytes, so the signature cannot be guessed by timing.
 */
export function checkWebhookSignature(
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
  const expected = Buffer.from(hmac(secret, t, rawBody), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(v1, 'hex'))) return 'BAD_SIGNATURE';
  if (Math.abs(now.getTime() / 1000 - t) > WEBHOOK_TOLERANCE_SECONDS) return 'STALE';
  return 'OK';
}
