import { updateBookingHeadcount, type BookingDetail, type Headcount } from '@yado/contract/booking.contract';
import { useState } from 'react';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/i18n';
import { IDEMPOTENCY_HEADER } from '../../../lib/idempotency-key';
import { useAttemptKey } from './use-attempt-key.hook';

/**
 * update_booking_headcount with one Idempotency-Key per attempt; `done`
 * keeps the total before and after for the confirmation.
 */
export function useChangeGuests(b: BookingDetail, onChanged: () => void) {
  const { t } = useTranslation();
  const attempt = useAttemptKey();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ from: number; to: number } | null>(null);

  const save = async (request: { headcount: Headcount; childrenAge: number[] } | null, onSaved: () => void) => {
    if (!request) return;
    const input = { bookingId: b.bookingId, ...request };
    const key = attempt.keyFor(JSON.stringify(input));
    setSaving(true);
    setError(null);
    try {
      const { booking } = await callMethod(updateBookingHeadcount, input, { headers: { [IDEMPOTENCY_HEADER]: key } });
      attempt.settle();
      setDone({ from: b.totalAmount, to: booking.totalAmount });
      onSaved();
      onChanged();
    } catch (e) {
      // An answer (even a refusal) ends the attempt; a lost connection keeps its key for the retry.
      attempt.settle(e);
      setError(isApiError(e) ? e.displayMessage : t('booking:guests.failed'));
    } finally {
      setSaving(false);
    }
  };

  return { save, saving, error, clearError: () => setError(null), done, clearDone: () => setDone(null) };
}
