import { cancelMealOrder } from '@yado/contract/booking.contract';
import { useState } from 'react';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/i18n';

/** cancel_meal_order for one order; the API refuses a deadline passed meanwhile, in the page's language. */
export function useCancelMealOrder(bookingId: string, orderId: string, onCancelled: () => void) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancel = async (): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      await callMethod(cancelMealOrder, { bookingId, orderId });
      onCancelled();
      return true;
    } catch (e) {
      setError(isApiError(e) ? e.displayMessage : t('booking:orders.failed'));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { cancel, busy, error };
}
