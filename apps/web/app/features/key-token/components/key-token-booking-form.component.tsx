import { createNftTentativeBooking, type NftKey } from '@yado/contract/key-token.contract';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { TextField } from '../../../components/ui/text-field.component';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/idempotency-key';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';

const iso = (d: { year: number; month: number; day: number }) =>
  `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

const civil = (value: string) => {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return { year, month, day };
};

function nextDay(value: string): string {
  const d = new Date(`${value}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * Books a stay with one key token: the dates (a master key's first fixed date filled in) and the
 * guests; the token pays the room, so the booking then only asks for what is paid in yen.
 */
export function KeyTokenBookingForm({ nftKey }: { nftKey: NftKey }) {
  const { t } = useTranslation('key-token');
  const language = useLanguage();
  const navigate = useNavigate();
  const first = nftKey.datesFixed[0] ? iso(nftKey.datesFixed[0]) : '';
  const [checkin, setCheckin] = useState(first);
  const [checkout, setCheckout] = useState(first ? nextDay(first) : '');
  const [adults, setAdults] = useState('2');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const idBase = `key-${nftKey.keyType}-${nftKey.tokenId}`;
  // The same request sent again (a retry after a lost answer) carries the same key: one booking.
  const attempt = useRef<{ body: string; key: string } | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const request = {
      bookingType: (nftKey.keyType === 'MASTER_KEY' ? 'NFT_MASTER_KEY_USE' : 'NFT_THE_KEY_USE') as
        'NFT_MASTER_KEY_USE' | 'NFT_THE_KEY_USE',
      tokenId: nftKey.tokenId,
      walletAddress: nftKey.walletAddress,
      houseGroupId: nftKey.houseGroupId,
      checkinDate: civil(checkin),
      checkoutDate: civil(checkout),
      headcount: {
        males: Number(adults),
        females: 0,
        children: 0,
        largeDogs: 0,
        mediumDogs: 0,
        smallDogs: 0,
      },
      childrenAge: [],
      allergy: '',
      request: '',
      meals: [],
      extraOptions: [],
    };
    const body = JSON.stringify(request);
    if (attempt.current?.body !== body) attempt.current = { body, key: newIdempotencyKey() };
    try {
      const created = await callMethod(createNftTentativeBooking, request, {
        headers: { [IDEMPOTENCY_HEADER]: attempt.current.key },
      });
      void navigate(localizePath(`/mypage/bookings/${created.bookingId}`, language));
    } catch (err) {
      setError(isApiError(err) ? err.displayMessage : t('key-token:book.failed'));
      setBusy(false);
    }
  };

  return (
    <form className="key-book" onSubmit={(e) => void submit(e)} aria-label={t('key-token:book.heading')}>
      <div className="key-book__fields">
        <TextField
          id={`${idBase}-checkin`}
          label={t('key-token:book.checkin')}
          type="date"
          required
          value={checkin}
          onChange={(e) => {
            setCheckin(e.target.value);
            if (e.target.value && (!checkout || checkout <= e.target.value)) setCheckout(nextDay(e.target.value));
          }}
        />
        <TextField
          id={`${idBase}-checkout`}
          label={t('key-token:book.checkout')}
          type="date"
          required
          min={checkin || undefined}
          value={checkout}
          onChange={(e) => setCheckout(e.target.value)}
        />
        <TextField
          id={`${idBase}-adults`}
          label={t('key-token:book.guests')}
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
      <Button type="submit" busy={busy} data-testid={`book-with-${nftKey.tokenId}`}>
        {busy ? t('key-token:book.booking') : t('key-token:book.submit')}
      </Button>
    </form>
  );
}
