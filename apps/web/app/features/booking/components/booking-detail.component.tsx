import { checkinBooking, checkoutBooking, type BookingDetail } from '@yado/contract/booking.contract';
import type { BillingDetail } from '@yado/contract/billing.contract';
import type { Address } from '@yado/contract/common.schema';
import type { ExtraOption, Meal } from '@yado/contract/meal.contract';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { AlertDialog } from '../../../components/ui/alert-dialog.component';
import { Button, buttonClassName } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { formatDate, formatTime } from '../../../lib/format-date';
import { formatDateTime, zonedParts } from '../../../lib/format-date-time';
import { formatYen } from '../../../lib/format-yen';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { isoFromCivil } from '@yado/contract/civil-date';
import { bookingStatusLabel, bookingStatusTone, mealTypeLabel } from '../booking-labels';
import { refundOfCancelled } from '../booking-amounts';
import { challengeUrlFor } from '../challenge-url';
import { cancellationSchedule, type CancellationPolicy } from '../cancellation-schedule';
import { usePaymentCompletion } from '../hooks/use-payment-completion.hook';
import { BillingList } from './billing-list.component';
import { BookingOrders, CancelMealOrder } from './booking-orders.component';
import { ChangeGuests, type GuestCapacity } from './change-guests.component';
import { CancelBooking } from './cancel-booking.component';
import { FeePerDateTable } from './fee-per-date-table.component';
import { FeeScheduleTable } from './fee-schedule-table.component';
import { GuestRegisterForm } from './guest-register-form.component';
import { HoldCountdown } from './hold-countdown.component';
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
};

/** An OpenStreetMap link for coordinates (a link only: the page loads no map tiles). */
export function openStreetMapUrl(latitude: number, longitude: number): string {
  const lat = latitude.toFixed(6);
  const lon = longitude.toFixed(6);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`;
}

function addressLines(a: Address, language: 'en' | 'ja'): string {
  const parts =
    language === 'ja'
      ? [a.postalCode ? `〒${a.postalCode}` : '', a.state, a.city, a.street1, a.street2]
      : [a.street2, a.street1, a.city, a.state, a.postalCode];
  return parts.filter(Boolean).join(language === 'ja' ? ' ' : ', ');
}

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
  const yen = (n: number) => formatYen(n, language);
  const tz = b.houseGroup.timezone;
  const [actionError, setActionError] = useState<string | null>(null);
  const [busyAction, setBusyAction] = useState<'checkin' | 'checkout' | null>(null);
  const [registerOpen, setRegisterOpen] = useState(false);
  const [cancelled, setCancelled] = useState<{ refund: number; fee: number } | null>(null);
  const completion = usePaymentCompletion(b.bookingId, t('booking:payment.failedGeneric'));
  const { start: startCompletion, state: completionState } = completion;
  const { refresh, returningFromPayment } = p;

  useEffect(() => {
    if (returningFromPayment) startCompletion();
  }, [returningFromPayment, startCompletion]);
  useEffect(() => {
    if (completionState.kind === 'paid') refresh();
  }, [completionState, refresh]);

  const h = b.bookingHeadcount;
  const headcountText = [
    h.males ? t('booking:detail.males', { count: h.males }) : null,
    h.females ? t('booking:detail.females', { count: h.females }) : null,
    h.children ? t('booking:detail.children', { count: h.children }) : null,
    h.infants ? t('booking:detail.infants', { count: h.infants }) : null,
  ]
    .filter(Boolean)
    .join(', ');
  const dogsText = [
    h.largeDogs ? t('booking:detail.largeDogs', { count: h.largeDogs }) : null,
    h.mediumDogs ? t('booking:detail.mediumDogs', { count: h.mediumDogs }) : null,
    h.smallDogs ? t('booking:detail.smallDogs', { count: h.smallDogs }) : null,
  ]
    .filter(Boolean)
    .join(', ');
  const when = (dt: typeof b.checkinTime) => {
    const parts = zonedParts(dt, tz);
    return `${formatDate(parts, 'date', language)} ${formatTime(parts)}`;
  };
  const act = async (kind: 'checkin' | 'checkout') => {
    setBusyAction(kind);
    setActionError(null);
    try {
      await callMethod(kind === 'checkin' ? checkinBooking : checkoutBooking, { bookingId: b.bookingId });
      refresh();
    } catch (e) {
      setActionError(isApiError(e) ? e.displayMessage : t('booking:detail.actionFailed'));
    } finally {
      setBusyAction(null);
    }
  };
  const pagePath = localizePath(`/mypage/bookings/${b.bookingId}`, language);
  const feeNow = b.cancellationFee.reduce((sum, d) => sum + d.amount, 0);
  const cancellationFeeBilled = b.billingWithDetails
    .filter((x) => x.billing.billingType === 'CANCELLATION' && x.billing.billingStatus !== 'CANCELLED')
    .reduce((sum, x) => sum + x.billing.totalAmount, 0);
  const refundedTotal = refundOfCancelled(b);
  // What cancelling would cost from each later day, by the policy applied to the nights as priced.
  const schedule = p.policy
    ? cancellationSchedule(
        p.policy,
        b.quote.nights.map((n) => ({ date: isoFromCivil(n.date), amount: n.amount })),
        p.today,
      ).filter((row) => row.from > p.today)
    : [];
  const invoiceHref = (billingId: string) =>
    localizePath(`/mypage/bookings/${b.bookingId}/invoices/${billingId}.pdf`, language) + `?lang=${language}`;

  return (
    <div className="booking-detail">
      <header className="page__header booking-detail__header">
        <p className="eyebrow">{b.place.name}</p>
        <h1 id="booking-heading">{b.houseGroup.name}</h1>
        <p className="booking-detail__meta">
          <span className={`badge badge--${bookingStatusTone(b.bookingStatus)}`} data-testid="booking-status">
            {bookingStatusLabel(t, b.bookingStatus)}
          </span>{' '}
          <span className="muted">{t('booking:detail.number', { number: b.bookingNumber })}</span>
        </p>
      </header>

      <div aria-live="polite">
        {p.justConfirmed && b.bookingStatus !== 'TENTATIVE' ? (
          <FormAlert tone="success" title={t('booking:detail.confirmedTitle')}>
            {t('booking:detail.confirmedBody')}
          </FormAlert>
        ) : null}
        {completionState.kind === 'checking' || completionState.kind === 'pending' ? (
          <FormAlert tone="info" title={t('booking:payment.processingTitle')}>
            {t('booking:payment.processingBody')}
          </FormAlert>
        ) : null}
        {completionState.kind === 'paid' ? (
          <FormAlert tone="success" title={t('booking:detail.confirmedTitle')}>
            {t('booking:detail.confirmedBody')}
          </FormAlert>
        ) : null}
        {completionState.kind === 'requiresAction' ? (
          <FormAlert tone="info" title={t('booking:payment.authenticationTitle')}>
            {completionState.challengeUrl ? (
              <a href={challengeUrlFor(completionState.challengeUrl, language)}>
                {t('booking:payment.continueAuthentication')}
              </a>
            ) : (
              t('booking:payment.processingBody')
            )}
          </FormAlert>
        ) : null}
        {completionState.kind === 'failed' ? (
          <FormAlert title={t('booking:payment.refusedTitle')}>
            <p>{completionState.message}</p>
            {b.bookingStatus === 'TENTATIVE' ? (
              <Link to={localizePath(`/mypage/bookings/${b.bookingId}/payment`, language)}>
                {t('booking:payment.tryAnother')}
              </Link>
            ) : null}
          </FormAlert>
        ) : null}
        {completionState.kind === 'timedOut' ? (
          <FormAlert tone="info" title={t('booking:payment.processingTitle')}>
            {t('booking:payment.timedOut')}
          </FormAlert>
        ) : null}
      </div>

      {b.bookingStatus === 'TENTATIVE' && b.tentative ? (
        <section className="card booking-tentative" aria-labelledby="tentative-heading">
          <h2 id="tentative-heading" className="booking-card__title">
            {t('booking:detail.tentativeHeading')}
          </h2>
          <HoldCountdown deadline={b.tentative.deadline} />
          {b.pendingPayment && completionState.kind === 'idle' ? (
            <FormAlert tone="info" title={t('booking:payment.unfinishedTitle')}>
              {b.pendingPayment.status === 'REQUIRES_ACTION' && b.pendingPayment.challengeUrl ? (
                <p>
                  <a href={challengeUrlFor(b.pendingPayment.challengeUrl, language)}>
                    {t('booking:payment.continueAuthentication')}
                  </a>
                </p>
              ) : (
                <p>{t('booking:payment.processingBody')}</p>
              )}
              <Button variant="text" size="small" onClick={() => startCompletion()}>
                {t('booking:payment.checkAgain')}
              </Button>
            </FormAlert>
          ) : null}
          {b.actions.canConfirm && completionState.kind !== 'checking' && completionState.kind !== 'pending' ? (
            <Link
              className={buttonClassName({ fullWidth: true })}
              to={localizePath(`/mypage/bookings/${b.bookingId}/payment`, language)}
            >
              {t('booking:detail.continuePayment')}
            </Link>
          ) : null}
        </section>
      ) : null}

      <div className="booking-detail__grid">
        <section className="card booking-card" aria-labelledby="stay-heading">
          <h2 id="stay-heading" className="booking-card__title">
            {t('booking:detail.stayHeading')}
          </h2>
          <dl className="details">
            <div className="details__row">
              <dt>{t('booking:detail.checkin')}</dt>
              <dd data-testid="checkin-time">{when(b.checkinTime)}</dd>
            </div>
            <div className="details__row">
              <dt>{t('booking:detail.checkout')}</dt>
              <dd>{when(b.checkoutTime)}</dd>
            </div>
            <div className="details__row">
              <dt>{t('booking:detail.house')}</dt>
              <dd>
                {b.house.name}
                {b.house.floor ? (
                  <span className="muted"> · {t('booking:detail.floor', { floor: b.house.floor })}</span>
                ) : null}
              </dd>
            </div>
            <div className="details__row">
              <dt>{t('booking:detail.guests')}</dt>
              <dd>
                {headcountText}
                {b.childrenAge.length > 0 ? (
                  <span className="muted"> · {t('booking:detail.ages', { ages: b.childrenAge.join(', ') })}</span>
                ) : null}
              </dd>
            </div>
            {dogsText ? (
              <div className="details__row">
                <dt>{t('booking:detail.dogs')}</dt>
                <dd>{dogsText}</dd>
              </div>
            ) : null}
            {b.allergy ? (
              <div className="details__row">
                <dt>{t('booking:detail.allergy')}</dt>
                <dd>{b.allergy}</dd>
              </div>
            ) : null}
            {b.request ? (
              <div className="details__row">
                <dt>{t('booking:detail.request')}</dt>
                <dd>{b.request}</dd>
              </div>
            ) : null}
            <div className="details__row">
              <dt>{t('booking:detail.total')}</dt>
              <dd data-testid="booking-total">{yen(b.totalAmount)}</dd>
            </div>
          </dl>
          {b.actions.canChangeHeadcount ? <ChangeGuests booking={b} capacity={p.capacity} onChanged={refresh} /> : null}
          {actionError ? <FormAlert>{actionError}</FormAlert> : null}
          {b.actions.canCheckin || b.actions.canCheckout ? (
            <div className="booking-card__actions">
              {b.actions.canCheckin ? (
                <Button busy={busyAction === 'checkin'} onClick={() => void act('checkin')}>
                  {t('booking:detail.checkinButton')}
                </Button>
              ) : null}
              {b.actions.canCheckout ? (
                <Button busy={busyAction === 'checkout'} onClick={() => void act('checkout')}>
                  {t('booking:detail.checkoutButton')}
                </Button>
              ) : null}
            </div>
          ) : null}
        </section>

        <section className="card booking-card" aria-labelledby="access-heading">
          <h2 id="access-heading" className="booking-card__title">
            {t('booking:detail.accessHeading')}
          </h2>
          <p>{addressLines(b.access.address, language) || b.place.name}</p>
          {b.access.latitude !== null && b.access.longitude !== null ? (
            <p>
              <a href={openStreetMapUrl(b.access.latitude, b.access.longitude)} target="_blank" rel="noreferrer">
                {t('booking:detail.map')}
              </a>
            </p>
          ) : null}
          {b.stayingPeriodNotes.length > 0 ? (
            <ul className="notes">
              {b.stayingPeriodNotes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          ) : null}
        </section>
      </div>

      {b.meals.length > 0 || b.extraOptions.length > 0 ? (
        <section className="card booking-card" aria-labelledby="orders-heading">
          <h2 id="orders-heading" className="booking-card__title">
            {t('booking:detail.ordersHeading')}
          </h2>
          {b.isMealOrderRequired ? <FormAlert tone="info">{t('booking:detail.mealRequired')}</FormAlert> : null}
          <ul className="order-list" data-testid="meal-orders">
            {b.meals.map((entry, i) => {
              if (entry.type === 'MEAL_ORDER') {
                const o = entry.mealOrder;
                return (
                  <li key={o.id} className="order-row">
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
                      <span className={o.status === 'CANCELLED' ? 'badge badge--neutral' : 'badge badge--success'}>
                        {o.status === 'CANCELLED' ? t('booking:detail.orderCancelled') : t('booking:detail.ordered')}
                      </span>
                    </div>
                    {entry.canGetMealOrderInputs && o.status === 'ORDERED' ? (
                      <div className="order-row__foot">
                        <span className="muted">
                          {t('booking:orders.changeUntil', { deadline: formatDateTime(o.orderDeadline, language, tz) })}
                        </span>
                        <CancelMealOrder
                          bookingId={b.bookingId}
                          orderId={o.id}
                          mealName={o.meal.name}
                          onCancelled={refresh}
                        />
                      </div>
                    ) : null}
                  </li>
                );
              }
              if (entry.type === 'CUSTOM_MEAL_ORDER') {
                const o = entry.customMealOrder;
                return (
                  <li key={o.id} className="order-row">
                    <div>
                      <span className="order-row__title">{o.name}</span>
                      <span className="muted">
                        {formatDate(o.providingDate, 'date', language)} {o.providingTime} · ×{o.quantity}
                      </span>
                    </div>
                    <div className="order-row__end">
                      <span>{yen(o.serviceChargeAndTaxInclusiveAmount)}</span>
                      <span className={o.status === 'CANCELLED' ? 'badge badge--neutral' : 'badge badge--success'}>
                        {o.status === 'CANCELLED' ? t('booking:detail.orderCancelled') : t('booking:detail.ordered')}
                      </span>
                    </div>
                  </li>
                );
              }
              const o = entry.unconfirmedMealOrder;
              return (
                <li key={`unconfirmed-${i}`} className="order-row">
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
            })}
            {b.extraOptions
              .filter((o) => o.quantity > 0)
              .map((o) => (
                <li key={o.id} className="order-row">
                  <div>
                    <span className="order-row__title">{o.caption}</span>
                    <span className="muted">×{o.quantity}</span>
                  </div>
                  <div className="order-row__end">
                    <span>{yen(o.serviceChargeAndTaxInclusiveAmount)}</span>
                  </div>
                </li>
              ))}
          </ul>
        </section>
      ) : null}

      {b.actions.canOrder && (p.meals.length > 0 || p.extraOptions.length > 0) ? (
        <BookingOrders
          booking={b}
          meals={p.meals}
          extraOptions={p.extraOptions}
          nowLocal={p.nowLocal}
          onChanged={refresh}
        />
      ) : null}

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
          returnPath={pagePath}
          returningBillingId={p.returningBillingId}
          registeringCard={p.registeringCard}
          pointBalance={p.pointBalance}
          onChanged={p.refresh}
        />
      </section>

      {/* Fees and a schedule mean something only while the stay can still be cancelled, or once it was;
          outside CANCELLED the card is there because cancelling is possible. */}
      {b.bookingStatus === 'CANCELLED' || b.actions.canCancel ? (
        <section className="card booking-card" aria-labelledby="cancellation-heading">
          <h2 id="cancellation-heading" className="booking-card__title">
            {t('booking:detail.cancellationHeading')}
          </h2>
          {b.bookingStatus === 'CANCELLED' ? (
            <>
              <p>{t('booking:detail.isCancelled')}</p>
              <dl className="quote__lines" data-testid="cancellation-summary">
                <div className="quote__line">
                  <dt>{t('booking:cancel.fee')}</dt>
                  <dd>{yen(cancellationFeeBilled)}</dd>
                </div>
                <div className="quote__line quote__line--strong">
                  <dt>{t('booking:cancel.refunded')}</dt>
                  <dd data-testid="refunded-total">{yen(refundedTotal)}</dd>
                </div>
              </dl>
            </>
          ) : (
            <>
              <p data-testid="free-cancellation">
                {b.underFreeCancellationPeriod
                  ? t('booking:quote.freeUntil', { date: formatDate(b.freeCancellationLimitDate, 'date', language) })
                  : t('booking:quote.notFree')}
              </p>
              {feeNow > 0 ? (
                <p className="cancellation__now" data-testid="fee-now">
                  {t('booking:cancellation.feeNow', { amount: yen(feeNow) })}
                </p>
              ) : null}
              {feeNow > 0 ? <FeePerDateTable fees={b.cancellationFee} /> : null}
              {schedule.length > 0 ? (
                <FeeScheduleTable rows={schedule} language={language} captionVisible={true} />
              ) : null}
              <CancelBooking
                bookingId={b.bookingId}
                onCancelled={(fee) => {
                  setCancelled({ refund: fee.refundAmount, fee: fee.totalFee });
                  refresh();
                }}
              />
            </>
          )}
        </section>
      ) : null}
      <AlertDialog
        open={cancelled !== null}
        title={t('booking:cancel.doneTitle')}
        description={
          cancelled
            ? t('booking:cancel.doneBody', { fee: yen(cancelled.fee), refund: yen(cancelled.refund) })
            : undefined
        }
        onClose={() => setCancelled(null)}
      />

      {/* Once the guest can no longer change it, the register is only worth showing as done: a
          cancelled stay, or one checked in at the desk, must not ask for it before arrival. */}
      {b.actions.canSubmitGuestRegister ||
      (b.guestRegister.complete && (b.bookingStatus === 'STAYING' || b.bookingStatus === 'CHECKED_OUT')) ? (
        <section className="card booking-card" aria-labelledby="register-heading">
          <h2 id="register-heading" className="booking-card__title">
            {t('booking:register.heading')}
          </h2>
          <p>
            {b.guestRegister.complete
              ? t('booking:register.complete')
              : t('booking:register.incomplete', { count: b.guestRegister.requiredEntries })}
          </p>
          {b.actions.canSubmitGuestRegister ? (
            registerOpen ? (
              <GuestRegisterForm
                bookingId={b.bookingId}
                requiredEntries={b.guestRegister.requiredEntries}
                guests={b.guestRegister.guests}
                onSaved={refresh}
              />
            ) : (
              <Button variant="secondary" onClick={() => setRegisterOpen(true)}>
                {b.guestRegister.complete ? t('booking:register.edit') : t('booking:register.start')}
              </Button>
            )
          ) : null}
        </section>
      ) : null}

      <p className="muted booking-detail__updated">
        {t('booking:detail.bookedOn', { date: formatDateTime(b.createdAt, language, tz) })}
      </p>
    </div>
  );
}
