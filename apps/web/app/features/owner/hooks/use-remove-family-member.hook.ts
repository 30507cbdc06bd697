import { removeFamilyMember } from '@yado/contract/family.contract';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/idempotency-key';
import { useLanguage } from '../../../lib/use-language.hook';

/** Removes a family member or withdraws an invitation, then reloads the list. */
export function useRemoveFamilyMember(): {
  remove: (familyMemberId: string) => Promise<{ ok: true } | { ok: false; message: string | null }>;
  busy: boolean;
} {
  const language = useLanguage();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  async function remove(familyMemberId: string) {
    setBusy(true);
    try {
      await callMethod(
        removeFamilyMember,
        { familyMemberId },
        { language, headers: { [IDEMPOTENCY_HEADER]: newIdempotencyKey() } },
      );
      await revalidator.revalidate();
      return { ok: true as const };
    } catch (e) {
      return { ok: false as const, message: isApiError(e) ? e.displayMessage : null };
    } finally {
      setBusy(false);
    }
  }
  return { remove, busy };
}
