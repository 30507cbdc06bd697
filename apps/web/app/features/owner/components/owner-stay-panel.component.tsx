import type { BookingDetail } from '@yado/contract/booking.contract';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { useToast } from '../../../components/ui/use-toast.hook';
import { formatDate } from '../../../lib/format-date';
import { formatDateTime } from '../../../lib/format-date-time';
import { formatYen } from '../../../lib/format-yen';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { useHoldOwnerStay } from '../hooks/use-hold-owner-stay.hook';
import { useUpdateDebtOption } from '../hooks/use-update-debt-option.hook';
import type { DebtOptionValue } from '../owner-stay-request';
import { DebtOptionFieldset } from './debt-option-fieldset.component';

/** Whether a booking is an owner stay this panel describes. */
export function isOwnerStay(b: BookingDetail): boolean {
  return (b.bookingType === 'OWN_USE' && b.ownUse !== null) || (b.bookingType === 'MUTUAL_USE' && b.mutualUse !== null);
}

/**
 * The owner stay on its booking page (the type extension of own and mutual use): the slots it takes
 * by tier, the owner's fees, the debt option (DEFAULT / NO_DEBT, locked once it may not change), and
 * while it is on hold, confirming it without a card. A NO_DEBT fee appears in the billings below
 * with Pay now; cancelling is the booking page's own card.
 */
export function OwnerStayPanel({ booking, refresh }: { booking: BookingDetail; refresh: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const toast = useToast();
  const id = useId();
  const ext = booking.bookingType === 'MUTUAL_USE' ? booking.mutualUse : booking.ownUse;
  const { update, busy: updating } = useUpdateDebtOption();
  const { confirm, busy: confirming } = useHoldOwnerStay();
  const [problem, setProblem] = useState<string | null>(null);
  // The choice shows at once; a refusal puts back what the booking says.
  const [choice, setChoice] = useState<DebtOptionValue | null>(null);
  if (!ext) return null;
  const c = ext.consumption;
  const extraCharge = booking.mutualUse?.extraCharge ?? null;

  async function changeDebtOption(value: DebtOptionValue) {
    setProblem(null);
    setChoice(value);
    const result = await update(booking.bookingId, value);
    if (result.ok) {
      toast.success(t(`owner:debt.changed.${value}`));
      refresh();
    } else {
      setChoice(null);
      setProblem(result.message ?? t('owner:book.failed'));
    }
  }

  async function confirmHold() {
    setProblem(null);
    const result = await confirm(booking.bookingId, localizePath(`/mypage/bookings/${booking.bookingId}`, language));
    if (result.ok) refresh();
    else setProblem(result.message ?? t('owner:book.confirmFailed'));
  }

  return (
    <section className="card booking-card owner-stay" aria-labelledby="owner-stay-heading" data-testid="owner-stay">
      <h2 id="owner-stay-heading" className="booking-card__title">
        {t(`owner:bookingType.${booking.bookingType === 'MUTUAL_USE' ? 'MUTUAL_USE' : 'OWN_USE'}`)}
      </h2>
      {booking.isBookedByFamilySharedUser ? (
        <p className="muted" data-testid="owner-stay-family">
          {t('owner:stay.byFamily', { name: `${booking.user.lastName} ${booking.user.firstName}`.trim() })}
        </p>
      ) : null}
      {booking.bookingStatus === 'TENTATIVE' && booking.tentative ? (
        <div className="owner-stay__hold">
          <p>
            {t('owner:stay.heldUntil', {
              time: formatDateTime(booking.tentative.deadline, language, booking.houseGroup.timezone),
            })}
          </p>
          {booking.actions.canConfirm ? (
            <Button busy={confirming} onClick={() => void confirmHold()} data-testid="owner-stay-confirm">
              {t('owner:stay.confirm')}
            </Button>
          ) : null}
        </div>
      ) : null}
      <h3 className="owner-stay__subheading">{t('owner:book.slotsHeading')}</h3>
      <dl className="owner-stay__lines">
        <div>
          <dt>{t('owner:book.slotsOf')}</dt>
          <dd>{c.houseGroup.name}</dd>
        </div>
        <div>
          <dt>{t('owner:book.slotStandard')}</dt>
          <dd data-testid="owner-stay-standard">{c.slotStandard}</dd>
        </div>
        <div>
          <dt>{t('owner:book.slotHigh')}</dt>
          <dd data-testid="owner-stay-high">{c.slotHigh}</dd>
        </div>
        <div>
          <dt>{t('owner:book.slotHighSubstitute')}</dt>
          <dd data-testid="owner-stay-high-substitute">{c.slotHighSubstitute}</dd>
        </div>
      </dl>
      <h3 className="owner-stay__subheading">{t('owner:book.feesHeading')}</h3>
      <dl className="owner-stay__lines">
        <div>
          <dt>{t('owner:book.ownUseFee')}</dt>
          <dd data-testid="owner-stay-fee">{formatYen(ext.totalOwnUseFee, language)}</dd>
        </div>
        {extraCharge !== null ? (
          <div>
            <dt>{t('owner:book.totalExtraCharge')}</dt>
            <dd>{formatYen(extraCharge, language)}</dd>
          </div>
        ) : null}
      </dl>
      <p className="muted">{t('owner:stay.feesTaxNote')}</p>
      <DebtOptionFieldset
        name={`${id}-debt`}
        value={choice ?? (ext.debtOptionUi.debtOption === 'NO_DEBT' ? 'NO_DEBT' : 'DEFAULT')}
        onChange={(v) => void changeDebtOption(v)}
        targets={ext.debtOptionUi.targets}
        disabled={!ext.debtOptionUi.canUpdateDebtOption}
        busy={updating}
      />
      {ext.debtOptionUi.debtOption === 'NO_DEBT' ? <p className="muted">{t('owner:stay.payBelow')}</p> : null}
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      <p className="muted" data-testid="owner-stay-cancel-rule">
        {booking.underFreeCancellationPeriod
          ? t('owner:stay.freeUntil', { date: formatDate(booking.freeCancellationLimitDate, 'date', language) })
          : t('owner:stay.consumedIfCancelled')}
      </p>
    </section>
  );
}
