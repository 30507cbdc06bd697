import { submitGuestRegister } from '@yado/contract/booking.contract';
import { useState } from 'react';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/i18n';
import { entryOf, type GuestRegisterDraft } from '../guest-register';

/** submit_guest_register with every guest's entry; `saved` until the guest edits again. */
export function useSubmitGuestRegister(bookingId: string, onSaved: () => void) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const submit = async (drafts: GuestRegisterDraft[]) => {
    setSaving(true);
    setError(null);
    try {
      await callMethod(submitGuestRegister, { bookingId, guests: drafts.map(entryOf) });
      setSaved(true);
      onSaved();
    } catch (e) {
      setError(isApiError(e) ? e.displayMessage : t('booking:register.failed'));
    } finally {
      setSaving(false);
    }
  };
  return { submit, saving, error, saved, edited: () => setSaved(false) };
}
