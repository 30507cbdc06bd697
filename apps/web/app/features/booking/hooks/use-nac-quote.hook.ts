import { dateFromDateTime } from '@yado/contract/date-time';
import { getCryptoBalance, getNacRateQuote } from '@yado/contract/nac.contract';
import { useEffect, useState } from 'react';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';

export type NacQuote = {
  nacAmount: string;
  amountInJpy: number;
  nacToJpyRate: string;
  nacToJpyRateHash: string;
  expiresAt: Date;
};

export type NacWallet = { balance: string; yenBalance: number };

/** Asked again this long after the yen amount last changed, so typing does not ask for a quote per key. */
const QUOTE_DEBOUNCE_MS = 400;
/** A quote is renewed this long before it expires, so the one sent with a payment is never stale. */
const RENEW_BEFORE_MS = 5_000;

/**
 * The guest's NAC balance and a live quote for the yen they choose to pay in NAC: asked when the
 * amount settles and asked again just before it expires, for as long as the form is open.
 */
export function useNacQuote(yen: number, enabled: boolean) {
  const [wallet, setWallet] = useState<NacWallet | null>(null);
  const [walletError, setWalletError] = useState<string | null>(null);
  const [quote, setQuote] = useState<NacQuote | null>(null);
  const [error, setError] = useState<{ yen: number; message: string } | null>(null);
  const [renewals, setRenewals] = useState(0);

  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    callMethod(getCryptoBalance, {}).then(
      (b) => {
        if (!cancelled) setWallet({ balance: b.balance, yenBalance: b.yenBalance });
      },
      (e: unknown) => {
        if (!cancelled) setWalletError(isApiError(e) ? e.displayMessage : '');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [enabled]);

  useEffect(() => {
    // A renewal keeps showing the quote it replaces until the new one comes; the answers are kept
    // with the amount they are for, so one for another amount is never shown.
    if (!enabled || yen <= 0) return;
    let cancelled = false;
    let renew: ReturnType<typeof setTimeout> | undefined;
    const ask = setTimeout(() => {
      callMethod(getNacRateQuote, { amountInJpy: yen }).then(
        (q) => {
          if (cancelled) return;
          const expiresAt = dateFromDateTime(q.expiresAt);
          setQuote({ ...q, expiresAt });
          setError(null);
          renew = setTimeout(
            () => setRenewals((n) => n + 1),
            Math.max(1_000, expiresAt.getTime() - Date.now() - RENEW_BEFORE_MS),
          );
        },
        (e: unknown) => {
          if (!cancelled) setError({ yen, message: isApiError(e) ? e.displayMessage : '' });
        },
      );
    }, QUOTE_DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(ask);
      if (renew) clearTimeout(renew);
    };
  }, [yen, enabled, renewals]);

  return {
    wallet,
    walletError,
    quote: quote && quote.amountInJpy === yen ? quote : null,
    error: error && error.yen === yen ? error.message : null,
  };
}
