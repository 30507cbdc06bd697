import type { MethodDef, MethodInput, MethodOutput } from '@yado/contract/method';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { callMethod } from './api-client';
import { isApiError } from './api-error';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from './idempotency-key';
import { useLanguage } from './use-language.hook';

export type ActionResult<O> = { ok: true; body: O } | { ok: false; message: string | null };

/**
 * Calls one method from a form, then reloads the page's data. A refusal comes back
 * as the API's message in the page's language; `idempotent` sends a fresh Idempotency-Key.
 */
export function useApiAction(): {
  run: <M extends MethodDef>(
    def: M,
    input: MethodInput<M>,
    o?: { idempotent?: boolean },
  ) => Promise<ActionResult<MethodOutput<M>>>;
  busy: boolean;
} {
  const language = useLanguage();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  async function run<M extends MethodDef>(def: M, input: MethodInput<M>, o: { idempotent?: boolean } = {}) {
    setBusy(true);
    try {
      const body = await callMethod(def, input, {
        language,
        ...(o.idempotent ? { headers: { [IDEMPOTENCY_HEADER]: newIdempotencyKey() } } : {}),
      });
      await revalidator.revalidate();
      return { ok: true as const, body };
    } catch (e) {
      return { ok: false as const, message: isApiError(e) ? e.displayMessage : null };
    } finally {
      setBusy(false);
    }
  }
  return { run, busy };
}
