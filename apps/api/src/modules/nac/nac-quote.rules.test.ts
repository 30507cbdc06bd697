import { describe, expect, it } from 'vitest';
import { checkQuote, quoteExpiry, signQuote, type QuoteTerms } from './nac-quote.rules.js';

const SECRET = 'a server secret of enough length';
const now = new Date('2026-11-26T10:00:00Z');
const expiresAt = new Date(now.getTime() + 120_000);
const terms: QuoteTerms = { accountId: 'acc-1', rateUnits: 15_238_170_000n, nacUnits: 656_250_000n, amountInJpy: 1000 };

describe('rate quote signatures', () => {
  const hash = signQuote(SECRET, terms, expiresAt);

  it('accepts its own quote until it expires, and carries the expiry', () => {
    expect(hash).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    expect(quoteExpiry(hash)).toEqual(expiresAt);
    expect(checkQuote(SECRET, terms, hash, now)).toBe('OK');
    expect(checkQuote(SECRET, terms, hash, new Date(expiresAt.getTime() - 1))).toBe('OK');
    expect(checkQuote(SECRET, terms, hash, expiresAt)).toBe('EXPIRED');
  });

  it('refuses an altered rate, amount, another user or a moved expiry', () => {
    expect(checkQuote(SECRET, { ...terms, rateUnits: terms.rateUnits + 1n }, hash, now)).toBe('INVALID');
    expect(checkQuote(SECRET, { ...terms, nacUnits: terms.nacUnits - 1n }, hash, now)).toBe('INVALID');
    expect(checkQuote(SECRET, { ...terms, amountInJpy: 999 }, hash, now)).toBe('INVALID');
    expect(checkQuote(SECRET, { ...terms, accountId: 'acc-2' }, hash, now)).toBe('INVALID');
    const [, sig] = hash.split('.');
    expect(checkQuote(SECRET, terms, `${expiresAt.getTime() + 3_600_000}.${sig}`, now)).toBe('INVALID');
    // A stale quote whose expiry was moved forward is not "expired" but invalid: the signature fails first.
    expect(
      checkQuote(SECRET, terms, `${expiresAt.getTime() + 3_600_000}.${sig}`, new Date(expiresAt.getTime() + 1)),
    ).toBe('INVALID');
  });

  it('refuses a hash signed with another secret, and anything malformed', () => {
    expect(checkQuote(SECRET, terms, signQuote('another secret entirely', terms, expiresAt), now)).toBe('INVALID');
    for (const bad of ['', 'abc', `${expiresAt.getTime()}.`, `x.${hash.split('.')[1]}`, `${hash}x`]) {
      expect(checkQuote(SECRET, terms, bad, now)).toBe('INVALID');
    }
  });
});
