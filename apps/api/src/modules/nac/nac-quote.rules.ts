import { createHmac, timingSafeEqual } from 'node:crypto';
import { formatNac, formatRate } from './nac-amount.rules.js';

/**
 * A rate quote's signature. `nacToJpyRateHash` is `<expiry in ms since 1970>.<HMAC-SHA256, base64url>`
 * over the rate, both amounts, the user and that expiry, with a secret only the server holds. The
 * quote travels through the browser and comes back with a payment; the server then knows, without
 * storing quotes, that it gave exactly this rate for exactly this amount to exactly this user, and
 * until when. The amounts are signed in canonical form, so "1.50" and "1.5" are the same quote.
 */

/** How long a quote holds: long enough to read and confirm a payment, short enough that the market moves little. */
export const RATE_QUOTE_TTL_MS = 120_000;

export type QuoteTerms = {
  accountId: string;
  rateUnits: bigint;
  nacUnits: bigint;
  amountInJpy: number;
};

function mac(secret: string, terms: QuoteTerms, expiresAtMs: number): Buffer {
  const message = [
    'nac-rate-quote-v1',
    terms.accountId,
    formatRate(terms.rateUnits),
    formatNac(terms.nacUnits),
    String(terms.amountInJpy),
    String(expiresAtMs),
  ].join('\n');
  return createHmac('sha256', secret).update(message).digest();
}

export function signQuote(secret: string, terms: QuoteTerms, expiresAt: Date): string {
  const ms = expiresAt.getTime();
  return `${ms}.${mac(secret, terms, ms).toString('base64url')}`;
}

export type QuoteCheck = 'OK' | 'EXPIRED' | 'INVALID';

/**
 * INVALID when the hash is not the server's for these terms (altered rate or amount, another user's
 * quote, a moved expiry, a forged hash); EXPIRED when it is, but its time has passed. The signature is
 * checked first, so an attacker cannot learn anything from which of the two they get, and the
 * comparison takes the same time whatever the bytes.
 */
export function checkQuote(secret: string, terms: QuoteTerms, hash: string, now: Date): QuoteCheck {
  const m = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(hash);
  if (!m) return 'INVALID';
  const expiresAtMs = Number(m[1]);
  const given = Buffer.from(m[2]!, 'base64url');
  const expected = mac(secret, terms, expiresAtMs);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'INVALID';
  if (now.getTime() >= expiresAtMs) return 'EXPIRED';
  return 'OK';
}

/** The expiry a (well-formed) hash carries, for showing; null when it carries none. */
export function quoteExpiry(hash: string): Date | null {
  const m = /^(\d{1,15})\./.exec(hash);
  return m ? new Date(Number(m[1])) : null;
}
