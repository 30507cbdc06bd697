import { createNftTentativeBooking, type NftKey } from '@yado/contract/key-token.contract';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { StayDatesGuestsFields, useStayDatesGuests } from '../../../components/stay-dates-guests.component';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/idempotency-key';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';

/**
 * Books a stay with one key token: the dates (a master key's first fixed date filled in) and the
 * guests; the token pays the room, so the booking then only asks for what is paid in yen.
 */
export function KeyTokenBookingForm({ nftKey }: { nftKey: NftKey }) {
  const { t } = useTranslation('key-token');
  const language = useLanguage();
  const navigate = useNavigate();
  const stay = useStayDatesGuests(nftKey.datesFixed[0] ?? null);
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
      ...stay.civil(),
      headcount: {
        males: Number(stay.adults),
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
      <StayDatesGuestsFields
        stay={stay}
        idBase={idBase}
        className="key-book__fields"
        labels={{
          checkin: t('key-token:book.checkin'),
          checkout: t('key-token:book.checkout'),
          guests: t('key-token:book.guests'),
        }}
      />
      {error ? <FormAlert>{error}</FormAlert> : null}
      <Button type="submit" busy={busy} data-testid={`book-with-${nftKey.tokenId}`}>
        {busy ? t('key-token:book.booking') : t('key-token:book.submit')}
      </Button>
    </form>
  );
}
