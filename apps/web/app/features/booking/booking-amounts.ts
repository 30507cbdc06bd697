import type { BookingDetail } from '@yado/contract/booking.contract';

/** The type extension of a guest booking: guest use, or exclusive accommodation use (which has no discount). */
export function guestExtension(b: BookingDetail): { accommodationAmount: number; depositAmount: number } | null {
  return b.guestUse ?? b.exclusiveAccommodationUse ?? null;
}

/** What the deposit asks for: the type extension's amount, else the quote's. */
export function depositOf(b: BookingDetail): number {
  return guestExtension(b)?.depositAmount ?? b.quote.depositAmount;
}

/** The total a tentative booking will cost, as the hold priced it. */
export function totalOf(b: BookingDetail): number {
  return b.tentative?.totalAmount ?? b.quote.totalAmount;
}

/** Points to spend on the deposit: a whole number from 0 up to the balance and the deposit. */
export function clampPoints(value: number, balance: number, deposit: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.max(0, Math.min(Math.floor(value), balance, deposit));
}

/**
 * What a cancelled booking gave back. The billings' own refunded amounts
 * when they record them; a part refund of a deposit is not recorded on the
 * billing, so then it is what was paid (card and points) less what the
 * cancellation billing kept of it, both the API's figures.
 */
export function refundOfCancelled(b: Pick<BookingDetail, 'billingWithDetails'>): number {
  const billings = b.billingWithDetails.map((x) => x.billing);
  const recorded = billings.reduce((sum, x) => sum + x.refundedAmount, 0);
  if (recorded > 0) return recorded;
  const paid = billings
    .filter((x) => x.billingType !== 'CANCELLATION' && (x.billingStatus === 'PAID' || x.billingStatus === 'REFUNDED'))
    .reduce((sum, x) => sum + x.fiatJpyPaymentAmount + x.pointPaymentAmount, 0);
  const kept = billings
    .filter((x) => x.billingType === 'CANCELLATION' && x.billingStatus !== 'CANCELLED')
    .reduce((sum, x) => sum + x.deductionAmount, 0);
  return Math.max(0, paid - kept);
}
