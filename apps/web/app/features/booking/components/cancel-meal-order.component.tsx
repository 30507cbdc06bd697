import { useState } from 'react';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { useTranslation } from '../../../lib/i18n';
import { useCancelMealOrder } from '../hooks/use-cancel-meal-order.hook';

/**
 * "Cancel order" of a meal order whose deadline still allows it
 * (canGetMealOrderInputs): asks once more, then cancels it.
 */
export function CancelMealOrder(p: { bookingId: string; orderId: string; mealName: string; onCancelled: () => void }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const { cancel, busy, error } = useCancelMealOrder(p.bookingId, p.orderId, p.onCancelled);
  return (
    <div className="order-row__cancel">
      {asking ? (
        <div
          className="order-row__confirm"
          role="group"
          aria-label={t('booking:orders.cancelAsk', { name: p.mealName })}
        >
          <span>{t('booking:orders.cancelAsk', { name: p.mealName })}</span>
          <Button
            size="small"
            variant="secondary"
            busy={busy}
            onClick={() => void cancel().then((done) => done && setAsking(false))}
            data-testid="confirm-cancel-meal"
          >
            {t('booking:orders.cancelYes')}
          </Button>
          <Button size="small" variant="text" disabled={busy} onClick={() => setAsking(false)}>
            {t('booking:orders.cancelNo')}
          </Button>
        </div>
      ) : (
        <Button size="small" variant="text" onClick={() => setAsking(true)} data-testid="cancel-meal-order">
          {t('booking:orders.cancel')}
        </Button>
      )}
      {error ? <FormAlert>{error}</FormAlert> : null}
    </div>
  );
}
