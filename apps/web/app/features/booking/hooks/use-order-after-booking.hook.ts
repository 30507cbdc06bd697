import { orderExtraOptions, orderMeals } from '@yado/contract/booking.contract';
import { useState } from 'react';
import type { MethodInput } from '@yado/contract/method';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/i18n';
import { IDEMPOTENCY_HEADER } from '../../../lib/idempotency-key';
import { useAttemptKey } from './use-attempt-key.hook';

export type OrderKind = 'meals' | 'options';
export type OrderMessage = { tone: 'success' | 'error'; text: string; on: OrderKind };

type OrderMethod = typeof orderMeals | typeof orderExtraOptions;

/**
 * Sends one kind of order after booking (order_meals or order_extra_options)
 * with its own Idempotency-Key per attempt, and says how it went.
 */
function useOrder<M extends OrderMethod>(method: M, kind: OrderKind, shared: OrderShared) {
  const { t } = useTranslation();
  const attempt = useAttemptKey();
  return async (input: MethodInput<M>, onDone: () => void) => {
    const key = attempt.keyFor(JSON.stringify(input));
    shared.setBusy(kind);
    shared.setMessage(null);
    try {
      await callMethod(method, input, { headers: { [IDEMPOTENCY_HEADER]: key } });
      attempt.settle();
      onDone();
      shared.setMessage({ tone: 'success', on: kind, text: shared.successText });
      shared.onChanged();
    } catch (e) {
      attempt.settle(e);
      shared.setMessage({
        tone: 'error',
        on: kind,
        text: isApiError(e) ? e.displayMessage : t('booking:orders.failed'),
      });
    } finally {
      shared.setBusy(null);
    }
  };
}

type OrderShared = {
  setBusy: (kind: OrderKind | null) => void;
  setMessage: (message: OrderMessage | null) => void;
  successText: string;
  onChanged: () => void;
};

/**
 * Ordering meals and extra options after booking: one call each, one of them
 * at a time, and the last answer shown beside the form that sent it.
 */
export function useOrderAfterBooking(billedSeparately: boolean, onChanged: () => void) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<OrderKind | null>(null);
  const [message, setMessage] = useState<OrderMessage | null>(null);
  const successText = billedSeparately ? t('booking:orders.orderedBilled') : t('booking:orders.ordered');
  const shared = { setBusy, setMessage, successText, onChanged };
  const orderMealsNow = useOrder(orderMeals, 'meals', shared);
  const orderOptionsNow = useOrder(orderExtraOptions, 'options', shared);
  return { busy, message, orderMeals: orderMealsNow, orderOptions: orderOptionsNow };
}
