import { updateBookingDebtOption } from '@yado/contract/booking.contract';
import { useState } from 'react';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/idempotency-key';
import { useLanguage } from '../../../lib/use-language.hook';
import type { DebtOptionValue } from '../owner-stay-request';

/** Changes how an owner booking's fees are settled (DEFAULT: next statement; NO_DEBT: billed at once). */
export function useUpdateDebtOption(): {
  update: (
    bookingId: string,
    debtOption: DebtOptionValue,
  ) => Promise<{ ok: true } | { ok: false; message: string | null }>;
  busy: boolean;
} {
  const language = useLanguage();
  const [busy, setBusy] = useState(false);
  async function update(bookingId: string, debtOption: DebtOptionValue) {
    setBusy(true);
    try {
      await callMethod(
        updateBookingDebtOption,
        { bookingId, debtOption },
        { language, headers: { [IDEMPOTENCY_HEADER]: newIdempotencyKey() } },
      );
      return { ok: true as const };
    } catch (e) {
      return { ok: false as const, message: isApiError(e) ? e.displayMessage : null };
    } finally {
      setBusy(false);
    }
  }
  return { update, busy };
}
