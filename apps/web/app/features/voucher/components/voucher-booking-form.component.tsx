import { createVoucherTentativeBooking, type AccommodationVoucher } from '@yado/contract/voucher.contract';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { TextField } from '../../../components/ui/text-field.component';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/i18n';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/idempotency-key';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';

const civil = (value: string) => {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return { year, month, day };
};

const isoOf = (d: { year: number; month: number; day: number }) =>
  `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

function nextDay(value: string): string {
  const d = new Date(`${value}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * Books a stay the voucher pays: the dates (checking out by the voucher's last day) and the guests, at
 * the voucher's house group. On success the dark complete page confirms the stay with the nights left.
 */
export function VoucherBookingForm({ voucher, onCancel }: { voucher: AccommodationVoucher; onCancel: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const [checkin, setCheckin] = useState('');
  const [checkout, setCheckout] = useState('');
  const [adults, setAdults] = useState('2');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // One key per distinct request: a retry of the same request after a lost answer holds nothing twice.
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const idBase = `voucher-book-${voucher.id}`;
  const lastDay = isoOf(voucher.expireDate);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const request = {
      accommodationVoucherId: voucher.id,
      houseGroupId: voucher.houseGroup.id,
      checkinDate: civil(checkin),
      checkoutDate: civil(checkout),
      headcount: { males: Number(adults), females: 0, children: 0, largeDogs: 0, mediumDogs: 0, smallDogs: 0 },
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
      <div className="voucher-book__fields">
        <TextField
          id={`${idBase}-checkin`}
          label={t('voucher:book.checkin')}
          type="date"
          required
          max={lastDay}
          value={checkin}
          onChange={(e) => {
            setCheckin(e.target.value);
            if (e.target.value && (!checkout || checkout <= e.target.value)) setCheckout(nextDay(e.target.value));
          }}
        />
        <TextField
          id={`${idBase}-checkout`}
          label={t('voucher:book.checkout')}
          type="date"
          required
          min={checkin || undefined}
          max={lastDay}
          value={checkout}
          onChange={(e) => setCheckout(e.target.value)}
        />
        <TextField
          id={`${idBase}-adults`}
          label={t('voucher:book.guests')}
          type="number"
          inputMode="numeric"
          min={1}
          max={20}
          required
          value={adults}
          onChange={(e) => setAdults(e.target.value)}
        />
      </div>
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
