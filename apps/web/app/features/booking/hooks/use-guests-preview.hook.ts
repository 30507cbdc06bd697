import { getBookingQuote, type BookingDetail, type Headcount } from '@yado/contract/booking.contract';
import { useEffect, useState } from 'react';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/i18n';
import { guestsFormOf, headcountRequestOf } from '../change-guests';

export type GuestsPreview =
  { kind: 'idle' } | { kind: 'loading' } | { kind: 'ready'; difference: number } | { kind: 'error'; message: string };

type GuestsRequest = { headcount: Headcount; childrenAge: number[] };

const PREVIEW_DELAY_MS = 300;

/**
 * What new guests would add to the total: the API's price of the stay with
 * them less its price with the current ones (two get_booking_quote calls),
 * asked a moment after the last change. An answer counts only for the
 * guests it priced. `request` null (or `active` false) asks nothing.
 */
export function useGuestsPreview(b: BookingDetail, request: GuestsRequest | null, active: boolean): GuestsPreview {
  const { t } = useTranslation();
  const quotable = b.bookingType === 'GUEST_USE' || b.bookingType === 'EXCLUSIVE_ACCOMMODATION_USE';
  const previewKey = active && request && quotable ? JSON.stringify(request) : null;
  const [answer, setAnswer] = useState<
    { key: string; difference: number; message: null } | { key: string; message: string } | null
  >(null);
  useEffect(() => {
    if (previewKey === null || !request) return;
    let stale = false;
    const current = headcountRequestOf(guestsFormOf(b));
    const timer = setTimeout(() => {
      const bookingType =
        b.bookingType === 'EXCLUSIVE_ACCOMMODATION_USE'
          ? ('EXCLUSIVE_ACCOMMODATION_USE' as const)
          : ('GUEST_USE' as const);
      const stay = (guests: GuestsRequest) => ({
        houseGroupId: b.houseGroup.id,
        checkinDate: b.checkinDate,
        checkoutDate: b.checkoutDate,
        headcount: guests.headcount,
        childrenAge: guests.childrenAge,
        pet: b.pet,
        bookingType,
      });
      Promise.all([
        callMethod(getBookingQuote, stay(request)),
        callMethod(getBookingQuote, stay(current ?? request)),
      ]).then(
        ([next, now]) => {
          if (!stale)
            setAnswer({ key: previewKey, difference: next.quote.totalAmount - now.quote.totalAmount, message: null });
        },
        (e: unknown) => {
          if (!stale)
            setAnswer({
              key: previewKey,
              message: isApiError(e) ? e.displayMessage : t('booking:guests.previewFailed'),
            });
        },
      );
    }, PREVIEW_DELAY_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [previewKey, request, b, t]);

  if (previewKey === null) return { kind: 'idle' };
  if (answer?.key !== previewKey) return { kind: 'loading' };
  return answer.message !== null
    ? { kind: 'error', message: answer.message }
    : { kind: 'ready', difference: answer.difference };
}
