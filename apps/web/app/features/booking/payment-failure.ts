import { ERROR_CATALOGUE } from '@yado/contract/error-catalogue';
import type { Language } from '@yado/contract/headers';

/**
 * The words for a card refusal that came as a reason code inside an answer
 * (pay_billing's FAILED) rather than as an error: the catalogue's own text,
 * so it reads exactly like the same refusal elsewhere.
 */
export function paymentFailureMessage(reason: string | undefined, language: Language, fallback: string): string {
  const entry = reason ? (ERROR_CATALOGUE as Record<string, { en: string; ja: string }>)[reason] : undefined;
  return entry ? entry[language] : fallback;
}
