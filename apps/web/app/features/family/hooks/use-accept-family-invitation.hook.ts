import { acceptFamilyInvitation, type FamilyInvitation } from '@yado/contract/family.contract';
import { useRef, useState } from 'react';
import { callMethod } from '../../../lib/api-client';
import { isApiError, isReason } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/i18n';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/idempotency-key';

/**
 * Accepting a family invitation: one Idempotency-Key kept across retries of a lost answer, the
 * accepted invitation handed back; an account still without its user is asked to register first.
 */
export function useAcceptFamilyInvitation(token: string, onAccepted: (invitation: FamilyInvitation) => void) {
  const { t } = useTranslation();
  const [accepting, setAccepting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [needsRegistration, setNeedsRegistration] = useState(false);
  const key = useRef<string | null>(null);

  const accept = async () => {
    key.current ??= newIdempotencyKey();
    setAccepting(true);
    setError(null);
    try {
      const result = await callMethod(
        acceptFamilyInvitation,
        { token },
        { headers: { [IDEMPOTENCY_HEADER]: key.current } },
      );
      onAccepted(result.invitation);
    } catch (e) {
      // A refusal is final for this key; only a lost answer is retried with the same one.
      if (isApiError(e)) key.current = null;
      if (isReason(e, 'CodeUserNotFound')) setNeedsRegistration(true);
      else setError(isApiError(e) ? e.displayMessage : t('family:invitation.failed'));
    } finally {
      setAccepting(false);
    }
  };

  return { accept, accepting, error, needsRegistration };
}
