import { describe, expect, it } from 'vitest';
import {
  behaviourOf,
  checkCardEntry,
  detectBrand,
  luhnValid,
  parseExpiry,
  TEST_CARDS,
} from './test-processor.rules.js';

describe('luhnValid', () => {
  it('accepts every documented test card and rejects a one-digit typo', () => {
    for (const card of TEST_CARDS) expect(luhnValid(card.number), card.number).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('4242 4242 4242 4242')).toBe(false); // spaces are removed before, by digitsOnly
    expect(luhnValid('12345')).toBe(false);
  });
});

describe('detectBrand', () => {
  it.each([
    ['4242424242424242', 'VISA'],
    ['5555555555554444', 'MASTER_CARD'],
    ['2223003122003222', 'MASTER_CARD'],
    ['3530111333300000', 'JCB'],
    ['378282246310005', 'AMERICAN_EXPRESS'],
    ['36227206271667', 'DINERS_CLUB'],
    ['3056930009020004', 'DINERS_CLUB'],
    ['6011111111111117', 'UNSPECIFIED'],
  ])('%s is %s', (number, brand) => {
    expect(detectBrand(number)).toBe(brand);
  });
});

describe('checkCardEntry', () => {
  const now = new Date('2030-06-15T00:00:00Z');
  const entry = (o: Partial<{ number: string; expiry: string; cvc: string }> = {}) =>
    checkCardEntry({ number: '4242 4242 4242 4242', expiry: '12/31', cvc: '123', ...o }, now);

  it('reads a spaced number, the brand and a two-digit year', () => {
    expect(entry()).toEqual({ ok: true, number: '4242424242424242', brand: 'VISA', year: 2031, month: 12 });
  });
  it('names what is wrong', () => {
    expect(entry({ number: '4242424242424241' })).toEqual({ ok: false, problem: 'NUMBER_INVALID' });
    expect(entry({ number: '6011111111111117' })).toEqual({ ok: false, problem: 'BRAND_NOT_ACCEPTED' });
    expect(entry({ expiry: '13/31' })).toEqual({ ok: false, problem: 'EXPIRY_INVALID' });
    expect(entry({ expiry: '05/30' })).toEqual({ ok: false, problem: 'CARD_EXPIRED' });
    expect(entry({ cvc: '12' })).toEqual({ ok: false, problem: 'CVC_INVALID' });
    expect(entry({ number: '378282246310005', cvc: '123' })).toEqual({ ok: false, problem: 'CVC_INVALID' });
  });
  it('keeps a card valid through its expiry month', () => {
    expect(entry({ expiry: '06/2030' }).ok).toBe(true);
    expect(parseExpiry('6/2030')).toEqual({ year: 2030, month: 6 });
  });
});

describe('behaviourOf', () => {
  it('chooses the outcome by the documented number, success for any other', () => {
    expect(behaviourOf('4000000000003220')).toBe('CHALLENGE');
    expect(behaviourOf('4000000000009995')).toBe('INSUFFICIENT_FUNDS');
    expect(behaviourOf('4000000000000119')).toBe('NO_ANSWER');
    expect(behaviourOf('4111111111111111')).toBe('SUCCESS');
  });
});
