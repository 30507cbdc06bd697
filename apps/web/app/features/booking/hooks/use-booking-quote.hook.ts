import { getBookingQuote, type BookingQuote, type BookingRequest } from '@yado/contract/booking.contract';
import { useEffect, useState } from 'react';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';

export type QuoteState =
  | { kind: 'idle' }
  | { kind: 'loading'; previous: BookingQuote | null }
  | { kind: 'ready'; quote: BookingQuote }
  | { kind: 'error'; message: string; reason: string; previous: BookingQuote | null };

type Answer =
  | { body: string; kind: 'ready'; quote: BookingQuote }
  | { body: string; kind: 'error'; message: string; reason: string };

/** Waits this long after the last change before asking, so changing several counts asks once. */
const DEBOUNCE_MS = 350;

/**
 * The live quote of the form: asked again whenever the request changes. An
 * answer counts only for the request it was asked for, so a late answer to an
 * older request never shows; until the new one arrives the last quote stays
 * (dimmed) rather than jumping away.
 */
export function useBookingQuote(
  request: BookingRequest | null,
  bookingType: 'GUEST_USE' | 'EXCLUSIVE_ACCOMMODATION_USE',
  fallbackError: string,
): QuoteState {
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [last, setLast] = useState<BookingQuote | null>(null);
  const body = request ? JSON.stringify({ ...request, bookingType }) : null;

  useEffect(() => {
    if (!body) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      callMethod(getBookingQuote, JSON.parse(body) as BookingRequest, { signal: controller.signal }).then(
        ({ quote }) => {
          setLast(quote);
          setAnswer({ body, kind: 'ready', quote });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setAnswer({
            body,
            kind: 'error',
            message: isApiError(error) ? error.displayMessage : fallbackError,
            reason: isApiError(error) ? error.reason : '',
          });
        },
      );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [body, fallbackError]);

  if (!body) return { kind: 'idle' };
  if (answer?.body !== body) return { kind: 'loading', previous: last };
  if (answer.kind === 'ready') return { kind: 'ready', quote: answer.quote };
  return { kind: 'error', message: answer.message, reason: answer.reason, previous: last };
}
