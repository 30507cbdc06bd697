import { getBookingQuote, type BookingQuote, type OwnerBookingRequest } from '@yado/contract/booking.contract';
import { useEffect, useState } from 'react';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { useLanguage } from '../../../lib/use-language.hook';
import type { OwnerStayType } from '../owner-stay-request';

export type OwnerQuoteState =
  | { kind: 'idle' }
  | { kind: 'loading'; previous: BookingQuote | null }
  | { kind: 'ready'; quote: BookingQuote }
  | { kind: 'error'; message: string; previous: BookingQuote | null };

/** Waits this long after the last change, so changing several fields asks once. */
const DEBOUNCE_MS = 350;

/**
 * The owner stay's live quote (slots by tier, fees), asked again whenever the request changes. An
 * answer counts only for the request it was asked for; until the new one arrives the last one stays.
 */
export function useOwnerQuote(
  request: OwnerBookingRequest | null,
  bookingType: OwnerStayType,
  fallbackError: string,
): OwnerQuoteState {
  const language = useLanguage();
  const [answer, setAnswer] = useState<
    { body: string; kind: 'ready'; quote: BookingQuote } | { body: string; kind: 'error'; message: string } | null
  >(null);
  const [last, setLast] = useState<BookingQuote | null>(null);
  // The quote takes the stay without the debt option (it changes how fees are settled, not what they are).
  const body = request ? JSON.stringify({ ...request, debtOption: undefined, bookingType }) : null;

  useEffect(() => {
    if (!body) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      callMethod(getBookingQuote, JSON.parse(body) as Parameters<typeof callMethod<typeof getBookingQuote>>[1], {
        signal: controller.signal,
        language,
      }).then(
        ({ quote }) => {
          setLast(quote);
          setAnswer({ body, kind: 'ready', quote });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setAnswer({ body, kind: 'error', message: isApiError(error) ? error.displayMessage : fallbackError });
        },
      );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [body, fallbackError, language]);

  if (!body) return { kind: 'idle' };
  if (answer?.body !== body) return { kind: 'loading', previous: last };
  if (answer.kind === 'ready') return { kind: 'ready', quote: answer.quote };
  return { kind: 'error', message: answer.message, previous: last };
}
