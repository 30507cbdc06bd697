import type { BookingDetail } from '@yado/contract/booking.contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.component';
import { useTranslation } from '../../../lib/i18n';
import { GuestRegisterForm } from './guest-register-form.component';

/**
 * Online check-in (the guest register). Once the guest can no longer change it, the register is
 * only worth showing as done: a cancelled stay, or one checked in at the desk, must not ask for it
 * before arrival.
 */
export function GuestRegisterCard({ b, refresh }: { b: BookingDetail; refresh: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const shown =
    b.actions.canSubmitGuestRegister ||
    (b.guestRegister.complete && (b.bookingStatus === 'STAYING' || b.bookingStatus === 'CHECKED_OUT'));
  if (!shown) return null;
  return (
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
        open ? (
          <GuestRegisterForm
            bookingId={b.bookingId}
            requiredEntries={b.guestRegister.requiredEntries}
            guests={b.guestRegister.guests}
            onSaved={refresh}
          />
        ) : (
          <Button variant="secondary" onClick={() => setOpen(true)}>
            {b.guestRegister.complete ? t('booking:register.edit') : t('booking:register.start')}
          </Button>
        )
      ) : null}
    </section>
  );
}
