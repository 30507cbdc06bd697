import { isoFromCivil } from '@yado/contract/civil-date';
import { createVoucherTentativeBooking, type AccommodationVoucher } from '@yado/contract/voucher.contract';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { StayDatesGuestsFields, useStayDatesGuests } from '../../../components/stay-dates-guests.component';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/i18n';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/idempotency-key';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';

/**
 * Books a stay the voucher pays: the dates (checking out by the voucher's last day) and the guests, at
 * the voucher's house group. On success the dark complete page confirms the stay with the nights left.
 */
export function VoucherBookingForm({ voucher, onCancel }: { voucher: AccommodationVoucher; onCancel: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const stay = useStayDatesGuests(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // One key per distinct request: a retry of the same request after a lost answer holds nothing twice.
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const idBase = `voucher-book-${voucher.id}`;
  const lastDay = isoFromCivil(voucher.expireDate);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const request = {
      accommodationVoucherId: voucher.id,
      houseGroupId: voucher.houseGroup.id,
      ...stay.civil(),
      headcount: { males: Number(stay.adults), females: 0, children: 0, largeDogs: 0, mediumDogs: 0, smallDogs: 0 },
      childrenAge: [],
      allergy: '',
      request: '',
      meals: [],
      extraOptions: [],
    };
    const body = JSON.stringify(request);
    if (attempt.current?.body !== body) attempt.current = { body, key: newIdempotencyKey() };
    try {
      const created = await callMethod(createVoucherTentativeBooking, request, {
        headers: { [IDEMPOTENCY_HEADER]: attempt.current.key },
      });
      const query = new URLSearchParams({ voucher: voucher.id, booking: created.bookingId });
      void navigate(
        localizePath(
          `/dao/lending/accommodation-voucher/complete/${encodeURIComponent(voucher.houseGroup.id)}?${query.toString()}`,
          language,
        ),
      );
    } catch (err) {
      setError(isApiError(err) ? err.displayMessage : t('voucher:book.failed'));
      setBusy(false);
    }
  };

  return (
    <form className="voucher-book" onSubmit={(e) => void submit(e)} aria-label={t('voucher:book.heading')}>
      <p className="voucher-small">{t('voucher:book.hint')}</p>
      <StayDatesGuestsFields
        stay={stay}
        idBase={idBase}
        className="voucher-book__fields"
        labels={{
          checkin: t('voucher:book.checkin'),
          checkout: t('voucher:book.checkout'),
          guests: t('voucher:book.guests'),
        }}
        lastDay={lastDay}
      />
      {error ? <FormAlert>{error}</FormAlert> : null}
      <div className="voucher-actions">
        <Button type="button" variant="secondary" onClick={onCancel} disabled={busy}>
          {t('voucher:book.cancel')}
        </Button>
        <Button type="submit" busy={busy} data-testid="voucher-book-submit">
          {busy ? t('voucher:book.booking') : t('voucher:book.submit')}
        </Button>
      </div>
    </form>
  );
}
