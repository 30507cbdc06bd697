import { completeBillingPayment, payBilling } from '@yado/contract/billing.contract';
import { useEffect, useState } from 'react';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/i18n';
import { IDEMPOTENCY_HEADER } from '../../../lib/idempotency-key';
import { useLanguage } from '../../../lib/use-language.hook';
import { challengeUrlFor } from '../challenge-url';
import { paymentFailureMessage } from '../payment-failure';
import { useAttemptKey } from './use-attempt-key.hook';
import type { NacQuote } from './use-nac-quote.hook';

export type PayState =
  { kind: 'idle' } | { kind: 'paying' } | { kind: 'pending' } | { kind: 'failed'; message: string } | { kind: 'paid' };

const POLL_MS = 3_000;

type PaymentAnswer = { status: string; reason?: string | undefined; challengeUrl?: string | null | undefined };

/**
 * "Pay now" of one billing: pay_billing with one Idempotency-Key per attempt,
 * then, while the processor has not decided (or back from 3-D Secure),
 * complete_billing_payment every few seconds until it has.
 */
export function usePayBilling(billingId: string, returning: boolean, onPaid: () => void) {
  const { t } = useTranslation();
  const language = useLanguage();
  const attempt = useAttemptKey();
  const [state, setState] = useState<PayState>(returning ? { kind: 'pending' } : { kind: 'idle' });
  const failed = (message: string) => setState({ kind: 'failed', message });
  const settle = (payment: PaymentAnswer, waiting: () => void) => {
    if (payment.status === 'PAID') {
      setState({ kind: 'paid' });
      onPaid();
    } else if (payment.status === 'FAILED') {
      failed(paymentFailureMessage(payment.reason, language, t('booking:payment.failedGeneric')));
    } else if (payment.status === 'REQUIRES_ACTION' && payment.challengeUrl) {
      window.location.assign(challengeUrlFor(payment.challengeUrl, language));
    } else waiting();
  };

  // Back from 3-D Secure, or the processor has not decided: ask until it has.
  useEffect(() => {
    if (state.kind !== 'pending') return;
    let cancelled = false;
    const timer = setTimeout(
      () => {
        callMethod(completeBillingPayment, { billingId }).then(
          ({ payment }) => {
            if (!cancelled) settle(payment, () => setState({ kind: 'pending' }));
          },
          (e: unknown) => {
            if (!cancelled) failed(isApiError(e) ? e.displayMessage : t('booking:payment.failedGeneric'));
          },
        );
      },
      returning && state.kind === 'pending' ? 0 : POLL_MS,
    );
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
    // `settle` and `failed` are rebuilt each render from the values listed here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state, billingId, onPaid, t, returning, language]);

  /** `nac`: the quote for the part paid in NAC; the card (needed only for what is left) pays the rest. */
  const pay = async (
    paymentMethodId: string | null,
    points: number,
    returnPath: string,
    nac: NacQuote | null = null,
  ) => {
    // 3-D Secure returns to this page in its language, naming the billing so the page finishes its payment.
    const returnUrl = `${returnPath}?billingPayment=${encodeURIComponent(billingId)}`;
    const input = {
      billingId,
      ...(paymentMethodId ? { paymentMethodId } : {}),
      pointPaymentAmount: points,
      ...(nac
        ? {
            nacPaymentAmount: nac.nacAmount,
            nacPaymentAmountInJpy: nac.amountInJpy,
            nacToJpyRate: nac.nacToJpyRate,
            nacToJpyRateHash: nac.nacToJpyRateHash,
          }
        : {}),
      returnUrl,
    };
    const key = attempt.keyFor(JSON.stringify(input));
    setState({ kind: 'paying' });
    try {
      const { payment } = await callMethod(payBilling, input, { headers: { [IDEMPOTENCY_HEADER]: key } });
      attempt.settle();
      settle(payment, () => setState({ kind: 'pending' }));
    } catch (e) {
      attempt.settle(e);
      failed(isApiError(e) ? e.displayMessage : t('booking:payment.failedGeneric'));
    }
  };

  return { state, pay };
}
