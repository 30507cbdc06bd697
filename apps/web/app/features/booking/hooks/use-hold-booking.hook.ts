import {
  createAccommodationTentativeBooking,
  createGuestUseTentativeBooking,
  type BookingRequest,
} from '@yado/contract/booking.contract';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/i18n';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/idempotency-key';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';

/** Exclusive bookings take no coupon (the contract leaves the field out). */
function withoutCoupon<T extends { coupon?: unknown }>(request: T): Omit<T, 'coupon'> {
  const { coupon: _coupon, ...rest } = request;
  return rest;
}

/**
 * "Hold and continue": holds a house as a tentative booking and moves on to
 * its payment page. One Idempotency-Key per attempt: kept while the same
 * request is retried after a lost answer, renewed when the request changes.
 */
export function useHoldBooking(exclusive: boolean) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const [holding, setHolding] = useState(false);
  const [holdError, setHoldError] = useState<string | null>(null);
  const attempt = useRef<{ body: string; key: string } | null>(null);

  const hold = async (request: BookingRequest | null) => {
    if (!request) return;
    const body = JSON.stringify(request);
    if (attempt.current?.body !== body) attempt.current = { body, key: newIdempotencyKey() };
    setHolding(true);
    setHoldError(null);
    try {
      const options = { headers: { [IDEMPOTENCY_HEADER]: attempt.current.key } };
      const created = exclusive
        ? await callMethod(createAccommodationTentativeBooking, withoutCoupon(request), options)
        : await callMethod(createGuestUseTentativeBooking, request, options);
      attempt.current = null;
      void navigate(localizePath(`/mypage/bookings/${created.bookingId}/payment`, language));
    } catch (error) {
      // An answer (even a refusal) ends the attempt; a lost connection keeps its key for the retry.
      if (isApiError(error)) attempt.current = null;
      setHoldError(isApiError(error) ? error.displayMessage : t('booking:hold.failed'));
      setHolding(false);
    }
  };

  return { hold, holding, holdError, clearHoldError: () => setHoldError(null) };
}
