import { answerSupplementalConsent } from '@yado/contract/supplemental-consent.contract';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { useLanguage } from '../../../lib/use-language.hook';

/** Sends an owner's one answer to a question, then reloads the questions (the answer shows as given). */
export function useAnswerConsent(): {
  answer: (id: string, choiceId: string) => Promise<{ ok: true } | { ok: false; message: string | null }>;
  busy: boolean;
} {
  const language = useLanguage();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  async function answer(id: string, choiceId: string) {
    setBusy(true);
    try {
      await callMethod(answerSupplementalConsent, { id, choiceId }, { language });
      await revalidator.revalidate();
      return { ok: true as const };
    } catch (e) {
      // A refusal (deadline passed, answered on another device) is shown; the reload shows why.
      if (isApiError(e)) await revalidator.revalidate();
      return { ok: false as const, message: isApiError(e) ? e.displayMessage : null };
    } finally {
      setBusy(false);
    }
  }
  return { answer, busy };
}
