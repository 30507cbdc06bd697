import type { Language } from '@yado/contract/headers';

const SYMBOL: Record<Language, string> = { en: '¥', ja: '￥' };

/**
 * Whole yen in the page's language: ¥42,000 / ￥42,000 (spec, section 3: money is a whole number
 * of yen), exactly as Intl.NumberFormat's JPY currency style writes it (the test holds them
 * together). Written by hand because creating that formatter costs a phone several milliseconds
 * of the page's start-up, and every screen that shows an amount uses this one.
 */
export function formatYen(amount: number, language: Language): string {
  const whole = Math.round(amount);
  const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${whole < 0 ? '-' : ''}${SYMBOL[language]}${digits}`;
}
