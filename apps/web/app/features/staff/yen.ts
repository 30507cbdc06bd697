import type { Language } from '@yado/contract/headers';

/** Yen as the page language writes it. */
export function formatYen(amount: number, language: Language): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'JPY' }).format(amount);
}
