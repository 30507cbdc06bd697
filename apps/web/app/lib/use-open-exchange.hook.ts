import { getExchangeLink } from '@yado/contract/nac.contract';
import { useState } from 'react';
import { callMethod } from './api-client';
import { isApiError } from './api-error';

/**
 * Opens the user's account page at the exchange. The link is short-lived and made for this visit,
 * so it is asked for on the click, never put in the page ahead of time.
 */
export function useOpenExchange(returnPath: string, fallbackMessage: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const open = async () => {
    setBusy(true);
    setError(null);
    try {
      const link = await callMethod(getExchangeLink, { returnPath });
      window.location.assign(link.url);
    } catch (e) {
      setError(isApiError(e) ? e.displayMessage : fallbackMessage);
      setBusy(false);
    }
  };

  return { open, busy, error };
}
