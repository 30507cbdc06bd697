import { dateFromDateTime } from '@yado/contract/date-time';
import { getVoucherProductPrice } from '@yado/contract/voucher.contract';
import type { MethodOutput } from '@yado/contract/method';
import { useCallback, useEffect, useRef, useState } from 'react';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';

export type VoucherQuote = MethodOutput<typeof getVoucherProductPrice>;

/** Asked again this long before the quote expires, so the one confirmed is never stale. */
const REFRESH_BEFORE_MS = 5_000;

/**
 * The NAC price of a voucher product as a signed quote, asked again shortly before it expires while
 * the panel is open, so the price shown is always one the server will accept.
 */
export function useVoucherQuote(voucherProductId: string | null, fallbackMessage: string) {
  const [quote, setQuote] = useState<VoucherQuote | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const asked = useRef(0);

  const refresh = useCallback(async () => {
    if (!voucherProductId) return;
    const mine = ++asked.current;
    setLoading(true);
    try {
      const q = await callMethod(getVoucherProductPrice, { voucherProductId });
      if (mine === asked.current) {
        setQuote(q);
        setError(null);
      }
    } catch (e) {
      if (mine === asked.current) setError(isApiError(e) ? e.fieldMessage : fallbackMessage);
    } finally {
      if (mine === asked.current) setLoading(false);
    }
  }, [voucherProductId, fallbackMessage]);

  useEffect(() => {
    // The first quote is asked as the panel opens (outside the render that opened it).
    const timer = setTimeout(() => void refresh(), 0);
    return () => clearTimeout(timer);
  }, [refresh]);

  useEffect(() => {
    if (!quote) return;
    const wait = Math.max(1_000, dateFromDateTime(quote.expiresAt).getTime() - Date.now() - REFRESH_BEFORE_MS);
    const timer = setTimeout(() => void refresh(), wait);
    return () => clearTimeout(timer);
  }, [quote, refresh]);

  return { quote, error, loading, refresh };
}
