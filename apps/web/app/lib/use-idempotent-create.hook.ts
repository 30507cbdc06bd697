import type { MethodDef, MethodInput, MethodOutput } from '@yado/contract/method';
import { useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { callMethod } from './api-client';
import { isApiError, type FieldError } from './api-error';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from './idempotency-key';
import { useLanguage } from './use-language.hook';

export type CreateResult<O> = { ok: true; output: O } | { ok: false; message: string | null; fields: FieldError[] };

/**
 * Calls a staff method that creates something, once per attempt: one Idempotency-Key is kept across
 * a network failure (so a retry creates one thing) and dropped after an answer; the page's data
 * reloads after a success. A refusal comes back as its message and fields for the form.
 */
export function useIdempotentCreate<M extends MethodDef>(
  method: M,
): { create: (input: MethodInput<M>) => Promise<CreateResult<MethodOutput<M>>>; busy: boolean } {
  const language = useLanguage();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const key = useRef<string | null>(null);
  async function create(input: MethodInput<M>): Promise<CreateResult<MethodOutput<M>>> {
    setBusy(true);
    key.current ??= newIdempotencyKey();
    try {
      const output = await callMethod(method, input, { language, headers: { [IDEMPOTENCY_HEADER]: key.current } });
      key.current = null;
      await revalidator.revalidate();
      return { ok: true, output };
    } catch (e) {
      if (isApiError(e)) key.current = null;
      return { ok: false, message: isApiError(e) ? e.displayMessage : null, fields: isApiError(e) ? e.fields : [] };
    } finally {
      setBusy(false);
    }
  }
  return { create, busy };
}
