import { staffCreateAllocationRound, type AllocationRound } from '@yado/contract/high-season.contract';
import type { MethodInput } from '@yado/contract/method';
import { useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { callMethod } from '../../../lib/api-client';
import { isApiError, type FieldError } from '../../../lib/api-error';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/idempotency-key';
import { useLanguage } from '../../../lib/use-language.hook';

/**
 * Creates a high-season round. One Idempotency-Key per attempt (kept across a network failure, so a
 * retry creates one round); the list reloads afterwards.
 */
export function useCreateAllocationRound(): {
  create: (
    input: MethodInput<typeof staffCreateAllocationRound>,
  ) => Promise<{ ok: true; round: AllocationRound } | { ok: false; message: string | null; fields: FieldError[] }>;
  busy: boolean;
} {
  const language = useLanguage();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const key = useRef<string | null>(null);
  async function create(input: MethodInput<typeof staffCreateAllocationRound>) {
    setBusy(true);
    key.current ??= newIdempotencyKey();
    try {
      const { round } = await callMethod(staffCreateAllocationRound, input, {
        language,
        headers: { [IDEMPOTENCY_HEADER]: key.current },
      });
      key.current = null;
      await revalidator.revalidate();
      return { ok: true as const, round };
    } catch (e) {
      if (isApiError(e)) key.current = null;
      return {
        ok: false as const,
        message: isApiError(e) ? e.displayMessage : null,
        fields: isApiError(e) ? e.fields : [],
      };
    } finally {
      setBusy(false);
    }
  }
  return { create, busy };
}
