import { cancelBooking, getCancellationFee, type CancellationFeeResultSchema } from '@yado/contract/booking.contract';
import { useRef, useState } from 'react';
import type { z } from 'zod';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/i18n';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/idempotency-key';

export type CancellationFee = z.infer<typeof CancellationFeeResultSchema>;

/**
 * Cancelling a booking: `open` fetches what it would cost now (the dialog
 * shows it while `fee` is set); `confirm` cancels, with one Idempotency-Key
 * kept across retries of a lost answer.
 */
export function useCancelBooking(bookingId: string, onCancelled: (fee: CancellationFee) => void) {
  const { t } = useTranslation();
  const [fee, setFee] = useState<CancellationFee | null>(null);
  const [loading, setLoading] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = useRef<string | null>(null);

  const open = async () => {
    setLoading(true);
    setError(null);
    try {
      setFee(await callMethod(getCancellationFee, { bookingId }));
    } catch (e) {
      setError(isApiError(e) ? e.displayMessage : t('booking:cancel.failed'));
    } finally {
      setLoading(false);
    }
  };

  const confirm = async () => {
    key.current ??= newIdempotencyKey();
    setCancelling(true);
    setError(null);
    try {
      const result = await callMethod(cancelBooking, { bookingId }, { headers: { [IDEMPOTENCY_HEADER]: key.current } });
      setFee(null);
      onCancelled(result.fee);
    } catch (e) {
      if (isApiError(e)) key.current = null;
      setError(isApiError(e) ? e.displayMessage : t('booking:cancel.failed'));
    } finally {
      setCancelling(false);
    }
  };

  return { fee, close: () => setFee(null), open, confirm, loading, cancelling, error };
}
