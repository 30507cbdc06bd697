import type { MethodInput, MethodOutput } from '@yado/contract/method';
import { staffCloseStatementPeriod } from '@yado/contract/statement.contract';
import { useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/idempotency-key';
import { useLanguage } from '../../../lib/use-language.hook';

type Closed = MethodOutput<typeof staffCloseStatementPeriod>;

/**
 * Closes a settlement period. One Idempotency-Key per attempt (kept across a lost answer, so a retry
 * closes once); the server closes a period only once anyway. The page's lists reload afterwards.
 */
export function useCloseStatementPeriod(): {
  close: (
    input: MethodInput<typeof staffCloseStatementPeriod>,
  ) => Promise<{ ok: true; result: Closed } | { ok: false; message: string | null }>;
  busy: boolean;
} {
  const language = useLanguage();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const key = useRef<string | null>(null);
  async function close(input: MethodInput<typeof staffCloseStatementPeriod>) {
    setBusy(true);
    key.current ??= newIdempotencyKey();
    try {
      const result = await callMethod(staffCloseStatementPeriod, input, {
        language,
        headers: { [IDEMPOTENCY_HEADER]: key.current },
      });
      key.current = null;
      await revalidator.revalidate();
      return { ok: true as const, result };
    } catch (e) {
      if (isApiError(e)) key.current = null;
      return { ok: false as const, message: isApiError(e) ? e.displayMessage : null };
    } finally {
      setBusy(false);
    }
  }
  return { close, busy };
}
