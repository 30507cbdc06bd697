import type { TFunction } from './i18n';

/**
 * The ledger's reasons in the reader's words. Each key is written in full so
 * the translation check sees it; a reason added to the API later reads as
 * "Other" instead of a raw code.
 */
export function pointReasonLabel(t: TFunction, reason: string): string {
  switch (reason) {
    case 'CONFIRM_MANUAL':
      return t('points:reason.CONFIRM_MANUAL');
    case 'CONFIRM_CHECK_OUT':
      return t('points:reason.CONFIRM_CHECK_OUT');
    case 'CONSUME_MANUAL':
      return t('points:reason.CONSUME_MANUAL');
    case 'CONSUME_BILLING':
      return t('points:reason.CONSUME_BILLING');
    case 'REFUND_MANUAL':
      return t('points:reason.REFUND_MANUAL');
    case 'REFUND_BILLING':
      return t('points:reason.REFUND_BILLING');
    case 'REVOKE_MANUAL':
      return t('points:reason.REVOKE_MANUAL');
    case 'REVOKE_EXPIRED':
      return t('points:reason.REVOKE_EXPIRED');
    default:
      return t('points:reason.other');
  }
}

/** Points as a signed figure with thousands separators: +1,200 / −300. */
export function formatPoints(points: number, language: string, signed = false): string {
  const n = new Intl.NumberFormat(language).format(Math.abs(points));
  if (!signed) return points < 0 ? `−${n}` : n;
  return points > 0 ? `+${n}` : points < 0 ? `−${n}` : n;
}
