import { createExclusiveTimeTentativeBooking, type TimeUseRequest } from '@yado/contract/time-use.contract';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/i18n';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/idempotency-key';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';

/**
 * "Hold and continue" for hours: holds a house of a TIME house group for the chosen hours and moves on
 * to the booking's payment page, the same step as a stay's. One Idempotency-Key per attempt: kept while
 * the same hours are retried after a lost answer, renewed when they change.
 */
export function useHoldHours() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const [holding, setHolding] = useState(false);
  const [holdError, setHoldError] = useState<string | null>(null);
  const attempt = useRef<{ body: string; key: string } | null>(null);

  const hold = async (request: Omit<TimeUseRequest, 'request'>) => {
    const body = JSON.stringify(request);
    if (attempt.current?.body !== body) attempt.current = { body, key: newIdempotencyKey() };
    setHolding(true);
    setHoldError(null);
    try {
      const created = await callMethod(createExclusiveTimeTentativeBooking, request, {
        headers: { [IDEMPOTENCY_HEADER]: attempt.current.key },
      });
      attempt.current = null;
      void navigate(localizePath(`/mypage/bookings/${created.bookingId}/payment`, language));
    } catch (error) {
      // An answer (even a refusal) ends the attempt; a lost connection keeps its key for the retry.
      if (isApiError(error)) attempt.current = null;
      setHoldError(isApiError(error) ? error.displayMessage : t('booking:hold.failed'));
      setHolding(false);
    }
  };

  return { hold, holding, holdError };
}
