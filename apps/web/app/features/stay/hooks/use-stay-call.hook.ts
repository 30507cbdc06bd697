import type { MethodDef, MethodInput, MethodOutput } from '@yado/contract/method';
import { useState } from 'react';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/i18n';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/idempotency-key';
import { useLanguage } from '../../../lib/use-language.hook';

export type StayCallResult<O> = { ok: true; body: O } | { ok: false; message: string };

/**
 * Calls one stay method from a control of the key section (the door, a share, do-not-disturb)
 * without reloading the page: the section refreshes only what the call changed. A refusal comes
 * back as the API's message in the page's language; `idempotent` sends a fresh Idempotency-Key, so
 * a request the network repeats is carried out once.
 */
export function useStayCall(): {
  call: <M extends MethodDef>(
    def: M,
    input: MethodInput<M>,
    o?: { idempotent?: boolean },
  ) => Promise<StayCallResult<MethodOutput<M>>>;
  busy: string | null;
  track: <T>(name: string, run: () => Promise<T>) => Promise<T>;
} {
  const language = useLanguage();
  const { t } = useTranslation();
  const [busy, setBusy] = useState<string | null>(null);
  async function call<M extends MethodDef>(def: M, input: MethodInput<M>, o: { idempotent?: boolean } = {}) {
    try {
      const body = await callMethod(def, input, {
        language,
        ...(o.idempotent ? { headers: { [IDEMPOTENCY_HEADER]: newIdempotencyKey() } } : {}),
      });
      return { ok: true as const, body };
    } catch (e) {
      return { ok: false as const, message: isApiError(e) ? e.displayMessage : t('errors.generic') };
    }
  }
  async function track<T>(name: string, run: () => Promise<T>): Promise<T> {
    setBusy(name);
    try {
      return await run();
    } finally {
      setBusy(null);
    }
  }
  return { call, busy, track };
}
