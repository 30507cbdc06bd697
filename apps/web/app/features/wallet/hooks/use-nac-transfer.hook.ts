import { createNacDeposit, createNacWithdrawal, type NacTransfer } from '@yado/contract/nac.contract';
import { useRef, useState } from 'react';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/idempotency-key';

export type TransferDirection = 'DEPOSIT' | 'WITHDRAWAL';

/**
 * Starts a deposit from or a withdrawal to the exchange. One Idempotency-Key per attempt: a retry
 * of the same amount and direction (a double click, a lost answer) is the same transfer; another
 * amount or direction is a new attempt with a new key.
 */
export function useNacTransfer(fallbackMessage: string) {
  const attempt = useRef<{ key: string; what: string } | null>(null);
  const [busy, setBusy] = useState<TransferDirection | null>(null);
  const [error, setError] = useState<{ message: string; field: boolean } | null>(null);

  const start = async (direction: TransferDirection, nacAmount: string): Promise<NacTransfer | null> => {
    const what = `${direction}:${nacAmount}`;
    if (attempt.current?.what !== what) attempt.current = { key: newIdempotencyKey(), what };
    const headers = { [IDEMPOTENCY_HEADER]: attempt.current.key };
    setBusy(direction);
    setError(null);
    try {
      const answer =
        direction === 'DEPOSIT'
          ? await callMethod(createNacDeposit, { nacAmount }, { headers })
          : await callMethod(createNacWithdrawal, { nacAmount }, { headers });
      attempt.current = null;
      return answer.transfer;
    } catch (e) {
      if (isApiError(e)) {
        const reason = e.reason;
        // A refusal is final for this attempt; the next try is a new one.
        if (e.status < 500) attempt.current = null;
        setError({
          message: e.fieldMessage,
          field: reason === 'CodeNacAmountInvalid' || reason === 'CodeInvalidArgument',
        });
      } else {
        setError({ message: fallbackMessage, field: false });
      }
      return null;
    } finally {
      setBusy(null);
    }
  };

  return { start, busy, error, clearError: () => setError(null) };
}
