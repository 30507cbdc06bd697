import {
  completeCardRegistration,
  createCardRegistration,
  listPaymentMethods,
  type PaymentMethod,
} from '@yado/contract/payment.contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { callMethod } from '../../../lib/api-client';
import { isApiError, isReason } from '../../../lib/api-error';
import { useApiQuery } from '../../../lib/use-api-query.hook';

export type PaymentMethodPickerProps = {
  value: string | null;
  onChange: (paymentMethodId: string | null) => void;
  /** This page's path: the provider's card page sends the browser back here with ?cardRegistration=<id>. */
  returnPath: string;
};

/** The query parameter the provider's card page adds on its way back. */
export const CARD_REGISTRATION_PARAM = 'cardRegistration';

/** The provider may finish a moment after the browser is back: ask again for a few seconds. */
const COMPLETE_ATTEMPTS = 8;
const COMPLETE_RETRY_MS = 750;

const BRAND_LABELS: Record<string, string> = {
  VISA: 'Visa',
  MASTER_CARD: 'Mastercard',
  JCB: 'JCB',
  AMERICAN_EXPRESS: 'American Express',
  DINERS_CLUB: 'Diners Club',
};

function useCompleteRegistration(onDone: (method: PaymentMethod) => void) {
  const [searchParams, setSearchParams] = useSearchParams();
  const registrationId = searchParams.get(CARD_REGISTRATION_PARAM);
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const started = useRef<string | null>(null);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });

  useEffect(() => {
    // Once per registration, also under React's double effects in development.
    if (!registrationId || started.current === registrationId) return;
    started.current = registrationId;
    let cancelled = false;
    const clearParam = () =>
      setSearchParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.delete(CARD_REGISTRATION_PARAM);
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    void (async () => {
      setState({ busy: true, error: null });
      for (let attempt = 1; ; attempt++) {
        try {
          const method = await callMethod(completeCardRegistration, { registrationId });
          if (cancelled) return;
          setState({ busy: false, error: null });
          done.current(method);
          clearParam();
          return;
        } catch (e) {
          if (cancelled) return;
          if (isReason(e, 'CodePaymentPending') && attempt < COMPLETE_ATTEMPTS) {
            await new Promise((r) => setTimeout(r, COMPLETE_RETRY_MS));
            continue;
          }
          setState({ busy: false, error: isReason(e, 'CodePaymentMethodNotFound') ? 'notAdded' : 'failed' });
          clearParam();
          return;
        }
      }
    })();
    return () => {
      cancelled = true;
      // Under development's double effects the second run must start again.
      started.current = null;
    };
  }, [registrationId, setSearchParams]);

  return state;
}

/**
 * The guest's saved cards to choose one from, and "Add a card", which opens
 * the payment provider's own card page (the number is typed there, never
 * here) and comes back to this page, where the new card is saved and chosen.
 */
export function PaymentMethodPicker({ value, onChange, returnPath }: PaymentMethodPickerProps) {
  const { t } = useTranslation();
  const { data, error, isLoading, mutate } = useApiQuery(listPaymentMethods, {});
  const [adding, setAdding] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);
  const methods = data?.paymentMethods ?? [];

  const completion = useCompleteRegistration((method) => {
    void mutate();
    onChange(method.creditCard.paymentMethodId);
  });

  // With nothing chosen yet, the newest card is the likely choice.
  const first = methods[0]?.creditCard.paymentMethodId ?? null;
  useEffect(() => {
    if (value === null && first !== null && !completion.busy) onChange(first);
  }, [value, first, completion.busy, onChange]);

  async function addCard() {
    setAdding(true);
    setAddError(null);
    try {
      const { registrationUrl } = await callMethod(createCardRegistration, { returnUrl: returnPath });
      window.location.assign(registrationUrl);
    } catch (e) {
      setAddError(isApiError(e) ? e.displayMessage : t('payment:picker.addFailed'));
      setAdding(false);
    }
  }

  return (
    <fieldset className="fieldset payment-picker">
      <legend className="fieldset__legend">{t('payment:picker.legend')}</legend>
      {completion.busy ? <FormAlert tone="info">{t('payment:picker.completing')}</FormAlert> : null}
      {completion.error ? (
        <FormAlert>
          {completion.error === 'notAdded' ? t('payment:picker.notAdded') : t('payment:picker.completeFailed')}
        </FormAlert>
      ) : null}
      {error && !data ? (
        <FormAlert>
          {t('payment:picker.loadFailed')}{' '}
          <Button variant="text" size="small" onClick={() => void mutate()}>
            {t('payment:picker.retry')}
          </Button>
        </FormAlert>
      ) : null}
      {isLoading ? <p className="muted">{t('payment:picker.loading')}</p> : null}
      {data && methods.length === 0 ? <p className="muted">{t('payment:picker.empty')}</p> : null}
      {methods.length > 0 ? (
        <div role="radiogroup" aria-label={t('payment:picker.legend')}>
          {methods.map((m) => {
            const c = m.creditCard;
            const id = `payment-method-${c.paymentMethodId}`;
            return (
              <div className="checkbox" key={c.paymentMethodId}>
                <input
                  id={id}
                  type="radio"
                  name="paymentMethodId"
                  className="checkbox__control"
                  checked={value === c.paymentMethodId}
                  onChange={() => onChange(c.paymentMethodId)}
                />
                <label htmlFor={id} className="checkbox__label">
                  <strong>{BRAND_LABELS[c.creditCardBrand] ?? t('payment:picker.otherBrand')}</strong> {c.maskedNumber}{' '}
                  <span className="muted">
                    {t('payment:picker.expires', {
                      month: String(c.expirationMonth).padStart(2, '0'),
                      year: c.expirationYear,
                    })}
                  </span>
                  {m.paymentType === 'APPLE_PAY' || m.paymentType === 'GOOGLE_PAY' ? (
                    <>
                      {' '}
                      <span className="badge badge--neutral">{t(`payment:picker.paymentType.${m.paymentType}`)}</span>
                    </>
                  ) : null}
                </label>
              </div>
            );
          })}
        </div>
      ) : null}
      {addError ? <FormAlert>{addError}</FormAlert> : null}
      <div>
        <Button variant="secondary" busy={adding} disabled={completion.busy} onClick={() => void addCard()}>
          {t('payment:picker.add')}
        </Button>
        <p className="field__hint">{t('payment:picker.addHint')}</p>
      </div>
    </fieldset>
  );
}
