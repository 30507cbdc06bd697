import { inviteFamilyMember, type FamilyRelationship } from '@yado/contract/family.contract';
import { useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/idempotency-key';
import { useLanguage } from '../../../lib/use-language.hook';

export type InviteDraft = { emailAddress: string; displayName: string; relationship: FamilyRelationship | '' };

/**
 * Sends one invitation: one Idempotency-Key per attempt (kept across a retry of a request that got no
 * answer, so the mail goes once), then the list reloads. A refusal comes back as its display message.
 */
export function useInviteFamilyMember(): {
  invite: (draft: InviteDraft) => Promise<{ ok: true } | { ok: false; message: string | null }>;
  busy: boolean;
} {
  const language = useLanguage();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const key = useRef<string | null>(null);
  async function invite(draft: InviteDraft) {
    setBusy(true);
    key.current ??= newIdempotencyKey();
    try {
      await callMethod(
        inviteFamilyMember,
        {
          emailAddress: draft.emailAddress.trim(),
          ...(draft.displayName.trim() ? { displayName: draft.displayName.trim() } : {}),
          ...(draft.relationship ? { relationship: draft.relationship } : {}),
        },
        { language, headers: { [IDEMPOTENCY_HEADER]: key.current } },
      );
      key.current = null;
      await revalidator.revalidate();
      return { ok: true as const };
    } catch (e) {
      if (isApiError(e)) key.current = null;
      return { ok: false as const, message: isApiError(e) ? e.displayMessage : null };
    } finally {
      setBusy(false);
    }
  }
  return { invite, busy };
}
