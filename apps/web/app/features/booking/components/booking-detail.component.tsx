import type { BookingDetail } from '@yado/contract/booking.contract';
import type { BillingDetail } from '@yado/contract/billing.contract';
import type { ExtraOption, Meal } from '@yado/contract/meal.contract';
import { useEffect, type ReactNode } from 'react';
import { formatDateTime } from '../../../lib/format-date-time';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import type { CancellationPolicy } from '@yado/contract/cancellation-fee';
import { usePaymentCompletion } from '../hooks/use-payment-completion.hook';
import { BillingList } from './billing-list.component';
import { BookingCancellationCard } from './booking-cancellation-card.component';
import { BookingOrderList } from './booking-order-list.component';
import { BookingOrders } from './booking-orders.component';
import { BookingAccessCard, BookingStayCard } from './booking-stay-card.component';
import { BookingDetailHeader, PaymentCompletionAlerts, TentativeCard } from './booking-status.component';
import type { GuestCapacity } from './change-guests.component';
import { GuestRegisterCard } from './guest-register-card.component';
import type { PaymentPickerProps } from './payment-step.component';

type Props = {
  booking: BookingDetail;
  /** The house group's cancellation policy (the booking's short house group does not carry it). */
  policy: CancellationPolicy | null;
  /** Today on the house group's calendar. */
  today: string;
  billingDetails: Record<string, BillingDetail>;
  /** What the house group takes (null when it could not be read). */
  capacity: GuestCapacity | null;
  /** What can still be ordered (empty unless the booking takes orders). */
  meals: Meal[];
  extraOptions: ExtraOption[];
  /** What the booking's stay style suggests (marked, and listed first by the route). */
  suggested?: { mealIds: readonly string[]; extraOptionIds: readonly string[] };
  /** The guest's points, which "Pay now" may spend. */
  pointBalance: number;
  /** Now on the house group's clock ("YYYY-MM-DD HH:MM"), for the meals' order deadlines. */
  nowLocal: string;
  renderPicker: (props: PaymentPickerProps) => ReactNode;
  /** ?bookingPayment=<id>: back from the deposit's 3-D Secure page. */
  returningFromPayment: boolean;
  /** ?billingPayment=<billingId>: back from a billing's 3-D Secure page. */
  returningBillingId: string | null;
  /** ?cardRegistration=<id>: back from the card page of a "Pay now". */
  registeringCard: boolean;
  /** ?confirmed=1: the deposit was just paid. */
  justConfirmed: boolean;
  /** Reloads the page's data after a change, and drops the one-time query. */
  refresh: () => void;
  /**
   * An owner stay's own card (slots, owner fees, debt option, confirming the hold without a card),
   * given by the route; it takes the place of the guest's hold card, which leads to the card payment.
   */
  ownerStay?: ReactNode;
};

/**
 * A guest's booking in full: status, stay and times, guests, meals and
 * options, billings with "Pay now" and invoices, the cancellation fee
 * schedule and cancelling, online check-in, check-in and check-out, and the
 * way there.
 */
export function BookingDetailView(p: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const b = p.booking;
  const { start: startCompletion, state: completionState } = usePaymentCompletion(
    b.bookingId,
    t('booking:payment.failedGeneric'),
  );
  const { refresh, returningFromPayment } = p;

  useEffect(() => {
    if (returningFromPayment) startCompletion();
  }, [returningFromPayment, startCompletion]);
  useEffect(() => {
    if (completionState.kind === 'paid') refresh();
  }, [completionState, refresh]);

  return (
    <div className="booking-detail">
      <BookingDetailHeader b={b} />
      <PaymentCompletionAlerts b={b} state={completionState} justConfirmed={p.justConfirmed} />
      {p.ownerStay ?? <TentativeCard b={b} state={completionState} checkAgain={() => startCompletion()} />}
      <div className="booking-detail__grid">
        <BookingStayCard b={b} capacity={p.capacity} refresh={refresh} />
        <BookingAccessCard b={b} />
      </div>
      {b.meals.length > 0 || b.extraOptions.length > 0 ? <BookingOrderList b={b} refresh={refresh} /> : null}
      {b.actions.canOrder && (p.meals.length > 0 || p.extraOptions.length > 0) ? (
        <BookingOrders
          booking={b}
          meals={p.meals}
          extraOptions={p.extraOptions}
          suggested={p.suggested}
          nowLocal={p.nowLocal}
          onChanged={refresh}
        />
      ) : null}
      <BookingBillingCard {...p} />
      <BookingCancellationCard b={b} policy={p.policy} today={p.today} refresh={refresh} />
      <GuestRegisterCard b={b} refresh={refresh} />
      <p className="muted booking-detail__updated">
        {t('booking:detail.bookedOn', { date: formatDateTime(b.createdAt, language, b.houseGroup.timezone) })}
      </p>
    </div>
  );
}

/** The booking's billings: what is owed and paid, "Pay now", and the invoices. */
function BookingBillingCard(p: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const b = p.booking;
  const invoiceHref = (billingId: string) =>
    localizePath(`/mypage/bookings/${b.bookingId}/invoices/${billingId}.pdf`, language) + `?lang=${language}`;
  return (
    <section className="card booking-card" aria-labelledby="billing-heading">
      <h2 id="billing-heading" className="booking-card__title">
        {t('booking:detail.billingHeading')}
      </h2>
      <BillingList
        billings={b.billingWithDetails}
        details={p.billingDetails}
        totalUnbilledAmount={b.totalUnbilledAmount}
        invoiceHref={invoiceHref}
        renderPicker={p.renderPicker}
        returnPath={localizePath(`/mypage/bookings/${b.bookingId}`, language)}
        returningBillingId={p.returningBillingId}
        registeringCard={p.registeringCard}
        pointBalance={p.pointBalance}
        onChanged={p.refresh}
      />
    </section>
  );
}
