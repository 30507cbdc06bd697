import { withdrawAllocationRequests } from '@yado/contract/high-season.contract';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { useLanguage } from '../../../lib/use-language.hook';

/** Withdraws a share's ranking from a round while its window is open, then reloads the rounds. */
export function useWithdrawAllocationRequests(): {
  withdraw: (roundId: string, shareId: string) => Promise<{ ok: true } | { ok: false; message: string | null }>;
  busy: boolean;
} {
  const language = useLanguage();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  async function withdraw(roundId: string, shareId: string) {
    setBusy(true);
    try {
      await callMethod(withdrawAllocationRequests, { roundId, shareId }, { language });
      await revalidator.revalidate();
      return { ok: true as const };
    } catch (e) {
      return { ok: false as const, message: isApiError(e) ? e.displayMessage : null };
    } finally {
      setBusy(false);
    }
  }
  return { withdraw, busy };
}
