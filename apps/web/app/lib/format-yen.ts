import type { Language } from '@yado/contract/headers';

const formatters = new Map<Language, Intl.NumberFormat>();

/**
 * Whole yen in the page's language: ¥42,000 / ￥42,000 (spec, section 3: money
 * is a whole number of yen). Shared by every screen that shows an amount.
 */
export function formatYen(amount: number, language: Language): string {
  let f = formatters.get(language);
  if (!f) {
    f = new Intl.NumberFormat(language, { style: 'currency', currency: 'JPY' });
    formatters.set(language, f);
  }
  return f.format(amount);
}
