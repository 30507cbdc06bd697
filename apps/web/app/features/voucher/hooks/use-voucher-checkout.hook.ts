import { enterVoucherLottery, purchaseVoucherProduct } from '@yado/contract/voucher.contract';
import { useRef, useState } from 'react';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/idempotency-key';
import type { VoucherQuote } from './use-voucher-quote.hook';

export type CheckoutResult =
  | { kind: 'PURCHASED'; voucherId: string }
  | { kind: 'ENTERED'; lotteryNumber: number }
  | { kind: 'REFUSED'; reason: string; message: string };

/**
 * Buys a product or enters its lottery with the quote shown. One Idempotency-Key per quote: a double
 * click or a retry after a lost answer is the same purchase; a new quote is a new attempt.
 */
export function useVoucherCheckout(fallbackMessage: string) {
  const attempt = useRef<{ key: string; hash: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (voucherProductId: string, lottery: boolean, q: VoucherQuote): Promise<CheckoutResult> => {
    if (attempt.current?.hash !== q.nacToJpyRateHash) {
      attempt.current = { key: newIdempotencyKey(), hash: q.nacToJpyRateHash };
    }
    const headers = { [IDEMPOTENCY_HEADER]: attempt.current.key };
    const input = {
      voucherProductId,
      nacPrice: q.nacPrice,
      nacToJpyRate: q.nacToJpyRate,
      nacToJpyRateHash: q.nacToJpyRateHash,
    };
    setBusy(true);
    try {
      if (lottery) {
        const { entry } = await callMethod(enterVoucherLottery, input, { headers });
        return { kind: 'ENTERED', lotteryNumber: entry.lotteryNumber };
      }
      const bought = await callMethod(purchaseVoucherProduct, input, { headers });
      return { kind: 'PURCHASED', voucherId: bought.voucher.id };
    } catch (e) {
      if (isApiError(e)) {
        if (e.status < 500) attempt.current = null;
        return { kind: 'REFUSED', reason: e.reason, message: e.fieldMessage };
      }
      return { kind: 'REFUSED', reason: 'UNKNOWN', message: fallbackMessage };
    } finally {
      setBusy(false);
    }
  };

  return { submit, busy };
}
