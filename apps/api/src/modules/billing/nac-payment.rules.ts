/**
 * How a billing is shared between points, NAC and a card (docs/decisions/0047). Yen are whole
 * numbers; NAC are bigint counts of the token's smallest unit (10^-8 NAC), never floats.
 */

export type PaymentSplit = { ok: true; fiat: number } | { ok: false; problem: 'POINTS_EXCEED' | 'NAC_EXCEEDS' };

/**
 * What the card pays: the amount billed less the points and the yen the NAC covers. Points alone
 * may not exceed the amount billed (CodePointsExceedAmount); points and NAC together may not
 * either (CodeNacPaymentExceedsAmount): nothing is ever paid twice over.
 */
export function splitPayment(billed: number, points: number, nacJpy: number): PaymentSplit {
  if (points > billed) return { ok: false, problem: 'POINTS_EXCEED' };
  if (points + nacJpy > billed) return { ok: false, problem: 'NAC_EXCEEDS' };
  return { ok: true, fiat: billed - points - nacJpy };
}

/**
 * The guaranteed discount: a quote holds its rate until it expires, whatever the market does. When
 * the NAC paid is worth less, at the latest rate the exchange published when the payment is made,
 * than the yen the quote credited it with, the house bears the difference and the billing shows it
 * (whole yen; the market value rounds down like every NAC value). A rate that rose gives none.
 */
export function guaranteedDiscount(nacJpy: number, marketValueJpy: number | null): number {
  if (marketValueJpy === null) return 0;
  return Math.max(0, nacJpy - marketValueJpy);
}

/**
 * The NAC a refunded billing returns: the card refund's share of the card part, applied to the NAC
 * paid (a billing whose card part is refunded in full, or that had none, returns all its NAC),
 * rounded DOWN to the token's smallest unit so the NAC given back is never worth more than the
 * share refunded.
 */
export function nacRefundUnits(nacUnits: bigint, cardPaid: number, cardRefunded: number): bigint {
  if (nacUnits <= 0n) return 0n;
  if (cardPaid <= 0 || cardRefunded >= cardPaid) return nacUnits;
  if (cardRefunded <= 0) return 0n;
  return (nacUnits * BigInt(cardRefunded)) / BigInt(cardPaid);
}

/** The NAC ledger reference of a billing's NAC: `billing:<id>` for the first attempt, then `#<n>`. */
export function nacReference(billingId: string, attempt: number): string {
  return attempt <= 1 ? `billing:${billingId}` : `billing:${billingId}#${attempt}`;
}
