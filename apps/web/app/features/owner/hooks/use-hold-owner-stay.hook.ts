import {
  confirmBooking,
  createMutualUseTentativeBooking,
  createOwnUseTentativeBooking,
  type OwnerBookingRequest,
} from '@yado/contract/booking.contract';
import { useRef, useState } from 'react';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/idempotency-key';
import { useLanguage } from '../../../lib/use-language.hook';
import type { OwnerStayType } from '../owner-stay-request';

type Failure = { ok: false; message: string | null };

/**
 * Holds an owner stay (the slots are taken at once) and then confirms it. Each step keeps one
 * Idempotency-Key per attempt, so a retry after a lost answer holds or confirms once; a refusal
 * starts a new attempt.
 */
export function useHoldOwnerStay(): {
  hold: (type: OwnerStayType, request: OwnerBookingRequest) => Promise<{ ok: true; bookingId: string } | Failure>;
  confirm: (bookingId: string, returnPath: string) => Promise<{ ok: true } | Failure>;
  busy: boolean;
} {
  const language = useLanguage();
  const [busy, setBusy] = useState(false);
  const holdKey = useRef<string | null>(null);
  const confirmKey = useRef<string | null>(null);

  async function hold(type: OwnerStayType, request: OwnerBookingRequest) {
    setBusy(true);
    holdKey.current ??= newIdempotencyKey();
    try {
      const method = type === 'OWN_USE' ? createOwnUseTentativeBooking : createMutualUseTentativeBooking;
      const created = await callMethod(method, request, {
        language,
        headers: { [IDEMPOTENCY_HEADER]: holdKey.current },
      });
      holdKey.current = null;
      return { ok: true as const, bookingId: created.bookingId };
    } catch (e) {
      if (isApiError(e)) holdKey.current = null;
      return { ok: false as const, message: isApiError(e) ? e.displayMessage : null };
    } finally {
      setBusy(false);
    }
  }

  async function confirm(bookingId: string, returnPath: string) {
    setBusy(true);
    confirmKey.current ??= newIdempotencyKey();
    try {
      await callMethod(
        confirmBooking,
        { bookingId, pointPaymentAmount: 0, returnPath },
        { language, headers: { [IDEMPOTENCY_HEADER]: confirmKey.current } },
      );
      confirmKey.current = null;
      return { ok: true as const };
    } catch (e) {
      if (isApiError(e)) confirmKey.current = null;
      return { ok: false as const, message: isApiError(e) ? e.displayMessage : null };
    } finally {
      setBusy(false);
    }
  }

  return { hold, confirm, busy };
}
