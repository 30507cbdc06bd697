import type { CreditCardBrandValue } from '@yado/contract/payment.contract';

/** What the test-mode processor does with a card at authorisation; chosen by the card number. */
export type TestCardBehaviour =
  'SUCCESS' | 'CHALLENGE' | 'CHALLENGE_FAILS' | 'INSUFFICIENT_FUNDS' | 'EXPIRED_CARD' | 'DECLINE' | 'NO_ANSWER';

/**
 * The documented test cards (docs/domain.md, "Test cards", and the hint on the
 * card page). Any other valid number of an accepted brand succeeds without a challenge.
 */
export const TEST_CARDS: readonly { number: string; behaviour: TestCardBehaviour; en: string; ja: string }[] = [
  {
    number: '4242424242424242',
    behaviour: 'SUCCESS',
    en: 'Visa: succeeds without a challenge',
    ja: 'Visa：認証画面なしで成功',
  },
  { number: '5555555555554444', behaviour: 'SUCCESS', en: 'Mastercard: succeeds', ja: 'Mastercard：成功' },
  { number: '3530111333300000', behaviour: 'SUCCESS', en: 'JCB: succeeds', ja: 'JCB：成功' },
  { number: '378282246310005', behaviour: 'SUCCESS', en: 'American Express: succeeds', ja: 'American Express：成功' },
  { number: '36227206271667', behaviour: 'SUCCESS', en: 'Diners Club: succeeds', ja: 'Diners Club：成功' },
  {
    number: '4000000000003220',
    behaviour: 'CHALLENGE',
    en: '3-D Secure challenge (code 123456)',
    ja: '3Dセキュア認証あり（コード 123456）',
  },
  {
    number: '4000000000003063',
    behaviour: 'CHALLENGE_FAILS',
    en: '3-D Secure challenge that always fails',
    ja: '3Dセキュア認証が必ず失敗',
  },
  {
    number: '4000000000009995',
    behaviour: 'INSUFFICIENT_FUNDS',
    en: 'Declined: insufficient funds',
    ja: '拒否：残高不足',
  },
  { number: '4000000000000069', behaviour: 'EXPIRED_CARD', en: 'Declined: expired card', ja: '拒否：有効期限切れ' },
  { number: '4000000000000002', behaviour: 'DECLINE', en: 'Declined', ja: '拒否' },
  {
    number: '4000000000000119',
    behaviour: 'NO_ANSWER',
    en: 'Processor does not answer in time (settles later)',
    ja: '決済代行会社が時間内に応答しない（後で確定）',
  },
];

/** The one-time code of the test 3-D Secure challenge, shown on the challenge page as a hint. */
export const TEST_CHALLENGE_CODE = '123456';

export function behaviourOf(number: string): TestCardBehaviour {
  return TEST_CARDS.find((c) => c.number === number)?.behaviour ?? 'SUCCESS';
}

export function digitsOnly(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** The Luhn (mod 10) check digit test every card number passes; catches most typing mistakes. */
export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The brand by the issuer number ranges and lengths; UNSPECIFIED for brands the product does not accept. */
export function detectBrand(number: string): CreditCardBrandValue {
  const n = number;
  const len = n.length;
  const prefix = (k: number) => Number(n.slice(0, k));
  if (/^3[47]/.test(n) && len === 15) return 'AMERICAN_EXPRESS';
  if (prefix(4) >= 3528 && prefix(4) <= 3589 && len >= 16 && len <= 19) return 'JCB';
  if ((/^3(0[0-5]|[689])/.test(n) && len >= 14 && len <= 19) || (/^36/.test(n) && len === 14)) return 'DINERS_CLUB';
  if (((prefix(2) >= 51 && prefix(2) <= 55) || (prefix(4) >= 2221 && prefix(4) <= 2720)) && len === 16) {
    return 'MASTER_CARD';
  }
  if (n.startsWith('4') && [13, 16, 19].includes(len)) return 'VISA';
  return 'UNSPECIFIED';
}

/** Security code length: four digits on American Express, three on the others. */
export function cvcValid(cvc: string, brand: CreditCardBrandValue): boolean {
  return brand === 'AMERICAN_EXPRESS' ? /^\d{4}$/.test(cvc) : /^\d{3}$/.test(cvc);
}

/** "MM/YY" or "MM/YYYY" to a year and month; null when not a date. */
export function parseExpiry(input: string): { year: number; month: number } | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input);
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return null;
  return { year, month };
}

/** A card is valid through the last day of its expiry month. */
export function expired(expiry: { year: number; month: number }, now: Date): boolean {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() + 1;
  return expiry.year < y || (expiry.year === y && expiry.month < m);
}

export type CardEntryProblem =
  'NUMBER_INVALID' | 'BRAND_NOT_ACCEPTED' | 'EXPIRY_INVALID' | 'CARD_EXPIRED' | 'CVC_INVALID';

/** Checks what was typed on the card page; the processor refuses it before anything is stored. */
export function checkCardEntry(
  input: { number: string; expiry: string; cvc: string },
  now: Date,
):
  | { ok: true; number: string; brand: CreditCardBrandValue; year: number; month: number }
  | { ok: false; problem: CardEntryProblem } {
  const number = digitsOnly(input.number);
  if (!luhnValid(number)) return { ok: false, problem: 'NUMBER_INVALID' };
  const brand = detectBrand(number);
  if (brand === 'UNSPECIFIED') return { ok: false, problem: 'BRAND_NOT_ACCEPTED' };
  const expiry = parseExpiry(input.expiry);
  if (!expiry) return { ok: false, problem: 'EXPIRY_INVALID' };
  if (expired(expiry, now)) return { ok: false, problem: 'CARD_EXPIRED' };
  if (!cvcValid(input.cvc.trim(), brand)) return { ok: false, problem: 'CVC_INVALID' };
  return { ok: true, number, brand, ...expiry };
}
