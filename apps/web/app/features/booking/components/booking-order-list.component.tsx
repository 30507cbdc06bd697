import type { BookingDetail } from '@yado/contract/booking.contract';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { formatDate } from '../../../lib/format-date';
import { formatDateTime } from '../../../lib/format-date-time';
import { formatYen } from '../../../lib/format-yen';
import { useTranslation } from '../../../lib/i18n';
import { useLanguage } from '../../../lib/use-language.hook';
import { mealTypeLabel } from '../booking-labels';
import { CancelMealOrder } from './cancel-meal-order.component';

type Entry = BookingDetail['meals'][number];

/** What the booking has ordered: meals (with "Cancel order" while allowed), arranged meals, options. */
export function BookingOrderList({ b, refresh }: { b: BookingDetail; refresh: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <section className="card booking-card" aria-labelledby="orders-heading">
      <h2 id="orders-heading" className="booking-card__title">
        {t('booking:detail.ordersHeading')}
      </h2>
      {b.isMealOrderRequired ? <FormAlert tone="info">{t('booking:detail.mealRequired')}</FormAlert> : null}
      <ul className="order-list" data-testid="meal-orders">
        {b.meals.map((entry, i) => (
          <OrderEntry key={entryKey(entry, i)} b={b} entry={entry} refresh={refresh} />
        ))}
        {b.extraOptions
          .filter((o) => o.quantity > 0)
          .map((o) => (
            <li key={o.id} className="order-row">
              <div>
                <span className="order-row__title">{o.caption}</span>
                <span className="muted">×{o.quantity}</span>
              </div>
              <div className="order-row__end">
                <span>{formatYen(o.serviceChargeAndTaxInclusiveAmount, language)}</span>
              </div>
            </li>
          ))}
      </ul>
    </section>
  );
}

function entryKey(entry: Entry, i: number): string {
  if (entry.type === 'MEAL_ORDER') return entry.mealOrder.id;
  if (entry.type === 'CUSTOM_MEAL_ORDER') return entry.customMealOrder.id;
  return `unconfirmed-${i}`;
}

function OrderEntry({ b, entry, refresh }: { b: BookingDetail; entry: Entry; refresh: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const yen = (n: number) => formatYen(n, language);
  const statusBadge = (status: string) => (
    <span className={status === 'CANCELLED' ? 'badge badge--neutral' : 'badge badge--success'}>
      {status === 'CANCELLED' ? t('booking:detail.orderCancelled') : t('booking:detail.ordered')}
    </span>
  );
  if (entry.type === 'MEAL_ORDER') {
    const o = entry.mealOrder;
    return (
      <li className="order-row">
        <div>
          <span className="order-row__title">
            {mealTypeLabel(t, o.meal.type)} · {o.meal.name}
          </span>
          <span className="muted">
            {formatDate(o.providingDate, 'date', language)} {o.providingTime} ·{' '}
            {t('booking:detail.portions', { count: o.quantities.reduce((n, q) => n + q.number, 0) })}
          </span>
        </div>
        <div className="order-row__end">
          <span>{yen(o.serviceChargeAndTaxInclusiveAmount)}</span>
          {statusBadge(o.status)}
        </div>
        {entry.canGetMealOrderInputs && o.status === 'ORDERED' ? (
          <div className="order-row__foot">
            <span className="muted">
              {t('booking:orders.changeUntil', {
                deadline: formatDateTime(o.orderDeadline, language, b.houseGroup.timezone),
              })}
            </span>
            <CancelMealOrder bookingId={b.bookingId} orderId={o.id} mealName={o.meal.name} onCancelled={refresh} />
          </div>
        ) : null}
      </li>
    );
  }
  if (entry.type === 'CUSTOM_MEAL_ORDER') {
    const o = entry.customMealOrder;
    return (
      <li className="order-row">
        <div>
          <span className="order-row__title">{o.name}</span>
          <span className="muted">
            {formatDate(o.providingDate, 'date', language)} {o.providingTime} · ×{o.quantity}
          </span>
        </div>
        <div className="order-row__end">
          <span>{yen(o.serviceChargeAndTaxInclusiveAmount)}</span>
          {statusBadge(o.status)}
        </div>
      </li>
    );
  }
  const o = entry.unconfirmedMealOrder;
  return (
    <li className="order-row">
      <div>
        <span className="order-row__title">
          {mealTypeLabel(t, o.meal.type)} · {o.meal.name}
        </span>
        <span className="muted">{formatDate(o.providingDate, 'date', language)}</span>
      </div>
      <div className="order-row__end">
        <span>{yen(o.serviceChargeAndTaxInclusiveAmount)}</span>
        <span className="badge badge--warning">{t('booking:detail.unconfirmed')}</span>
      </div>
    </li>
  );
}
