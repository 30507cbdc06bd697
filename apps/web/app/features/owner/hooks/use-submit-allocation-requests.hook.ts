import { submitAllocationRequests } from '@yado/contract/high-season.contract';
import type { MethodInput } from '@yado/contract/method';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/idempotency-key';
import { useLanguage } from '../../../lib/use-language.hook';

/** Sends a share's ranking of a round's periods (replacing the one before), then reloads the rounds. */
export function useSubmitAllocationRequests(): {
  submit: (
    input: MethodInput<typeof submitAllocationRequests>,
  ) => Promise<{ ok: true } | { ok: false; message: string | null }>;
  busy: boolean;
} {
  const language = useLanguage();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  async function submit(input: MethodInput<typeof submitAllocationRequests>) {
    setBusy(true);
    try {
      await callMethod(submitAllocationRequests, input, {
        language,
        headers: { [IDEMPOTENCY_HEADER]: newIdempotencyKey() },
      });
      await revalidator.revalidate();
      return { ok: true as const };
    } catch (e) {
      return { ok: false as const, message: isApiError(e) ? e.displayMessage : null };
    } finally {
      setBusy(false);
    }
  }
  return { submit, busy };
}
