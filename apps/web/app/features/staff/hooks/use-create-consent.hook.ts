import type { MethodInput } from '@yado/contract/method';
import {
  staffCreateSupplementalConsent,
  type StaffSupplementalConsent,
} from '@yado/contract/supplemental-consent.contract';
import { useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { callMethod } from '../../../lib/api-client';
import { isApiError, type FieldError } from '../../../lib/api-error';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/idempotency-key';
import { useLanguage } from '../../../lib/use-language.hook';

/**
 * Puts a question to a house group's owners. One Idempotency-Key per attempt (kept across a network
 * failure, so a retry sends one question and one set of notices); the list reloads afterwards.
 */
export function useCreateConsent(): {
  create: (
    input: MethodInput<typeof staffCreateSupplementalConsent>,
  ) => Promise<
    { ok: true; consent: StaffSupplementalConsent } | { ok: false; message: string | null; fields: FieldError[] }
  >;
  busy: boolean;
} {
  const language = useLanguage();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const key = useRef<string | null>(null);
  async function create(input: MethodInput<typeof staffCreateSupplementalConsent>) {
    setBusy(true);
    key.current ??= newIdempotencyKey();
    try {
      const { consent } = await callMethod(staffCreateSupplementalConsent, input, {
        language,
        headers: { [IDEMPOTENCY_HEADER]: key.current },
      });
      key.current = null;
      await revalidator.revalidate();
      return { ok: true as const, consent };
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
