import { confirmBooking, type BookingDetail } from '@yado/contract/booking.contract';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/i18n';
import { IDEMPOTENCY_HEADER } from '../../../lib/idempotency-key';
import { useLanguage } from '../../../lib/use-language.hook';
import { challengeUrlFor } from '../challenge-url';
import { completionOf, usePaymentCompletion } from './use-payment-completion.hook';
import { useAttemptKey } from './use-attempt-key.hook';

/**
 * "Pay deposit": confirm_booking with one Idempotency-Key per attempt.
 * PAID goes to the booking page; REQUIRES_ACTION opens the card issuer's
 * 3-D Secure page; PENDING waits for the processor; a refusal is kept in
 * `shownError` (also one found while waiting), and an expired hold in `expired`.
 */
export function usePayDeposit(b: BookingDetail, pagePath: string) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const attempt = useAttemptKey();
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<{ message: string; reason: string } | null>(null);
  const [expired, setExpired] = useState(false);
  const completion = usePaymentCompletion(b.bookingId, t('booking:payment.failedGeneric'));
  const { state: completionState, setState: setCompletionState } = completion;
  useEffect(() => {
    if (completionState.kind === 'paid') void navigate(`${pagePath}?confirmed=1`);
  }, [completionState, navigate, pagePath]);

  const pay = async (paymentMethodId: string | null, points: number) => {
    if (!paymentMethodId) return;
    const input = { bookingId: b.bookingId, paymentMethodId, pointPaymentAmount: points, returnPath: pagePath };
    const key = attempt.keyFor(JSON.stringify(input));
    setPaying(true);
    setError(null);
    setCompletionState({ kind: 'idle' });
    try {
      const result = await callMethod(confirmBooking, input, { headers: { [IDEMPOTENCY_HEADER]: key } });
      attempt.settle();
      if (result.status === 'REQUIRES_ACTION' && result.challengeUrl) {
        // The card issuer's page; it sends the browser back to the booking page with ?bookingPayment=<id>.
        window.location.assign(challengeUrlFor(result.challengeUrl, language));
        return;
      }
      if (result.status === 'PAID') {
        void navigate(`${pagePath}?confirmed=1`);
        return;
      }
      if (result.status === 'PENDING') completion.start({ kind: 'pending' });
      else setCompletionState(completionOf(result));
      setPaying(false);
    } catch (e) {
      attempt.settle(e);
      setError({
        message: isApiError(e) ? e.displayMessage : t('booking:payment.failedGeneric'),
        reason: isApiError(e) ? e.reason : '',
      });
      if (isApiError(e) && e.reason === 'CodeTentativeBookingExpired') setExpired(true);
      setPaying(false);
    }
  };

  // A refusal found while waiting for the processor reads like one answered at once.
  const shownError =
    error ??
    (completionState.kind === 'failed' ? { message: completionState.message, reason: completionState.reason } : null);
  return {
    pay,
    paying,
    error,
    clearError: () => setError(null),
    expired,
    expire: () => setExpired(true),
    completion,
    shownError,
    processing: completionState.kind === 'pending' || completionState.kind === 'checking',
    cardRefused: shownError !== null && shownError.reason.startsWith('CodePayment'),
  };
}
