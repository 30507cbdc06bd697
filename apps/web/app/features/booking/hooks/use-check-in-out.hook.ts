import { checkinBooking, checkoutBooking } from '@yado/contract/booking.contract';
import { useState } from 'react';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/i18n';

export type StayAction = 'checkin' | 'checkout';

/** The guest's own check-in and check-out buttons: one call each, then the page's data again. */
export function useCheckInOut(bookingId: string, refresh: () => void) {
  const { t } = useTranslation();
  const [busyAction, setBusyAction] = useState<StayAction | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const act = async (kind: StayAction) => {
    setBusyAction(kind);
    setActionError(null);
    try {
      await callMethod(kind === 'checkin' ? checkinBooking : checkoutBooking, { bookingId });
      refresh();
    } catch (e) {
      setActionError(isApiError(e) ? e.displayMessage : t('booking:detail.actionFailed'));
    } finally {
      setBusyAction(null);
    }
  };
  return { act, busyAction, actionError };
}
