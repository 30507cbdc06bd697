import { completeBookingPayment, type BookingPaymentResult } from '@yado/contract/booking.contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';

export type CompletionState =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'pending' }
  | { kind: 'paid' }
  | { kind: 'requiresAction'; challengeUrl: string | null }
  | { kind: 'failed'; message: string; reason: string }
  | { kind: 'timedOut' };

/** A processor that has not answered is asked again this often, up to this many times (two minutes). */
export const POLL_INTERVAL_MS = 3_000;
export const MAX_POLLS = 40;

export function completionOf(result: BookingPaymentResult): CompletionState {
  if (result.status === 'PAID') return { kind: 'paid' };
  if (result.status === 'PENDING') return { kind: 'pending' };
  return { kind: 'requiresAction', challengeUrl: result.challengeUrl ?? null };
}

/**
 * Finishes a deposit payment after the card's 3-D Secure page or a PENDING
 * answer: asks complete_booking_payment, and while the processor has not
 * decided asks again every few seconds. `start` begins it (again); a newer
 * start silences the answers of an older one.
 */
export function usePaymentCompletion(bookingId: string, fallbackError: string) {
  const [state, setState] = useState<CompletionState>({ kind: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const generation = useRef(0);

  const start = useCallback(
    (initial: CompletionState = { kind: 'checking' }) => {
      const run = ++generation.current;
      if (timer.current) clearTimeout(timer.current);
      let polls = 0;
      setState(initial);
      const ask = async (): Promise<void> => {
        try {
          const next = completionOf(await callMethod(completeBookingPayment, { bookingId }));
          if (generation.current !== run) return;
          if (next.kind !== 'pending') {
            setState(next);
            return;
          }
          polls += 1;
          if (polls >= MAX_POLLS) {
            setState({ kind: 'timedOut' });
            return;
          }
          setState(next);
          timer.current = setTimeout(() => void ask(), POLL_INTERVAL_MS);
        } catch (error) {
          if (generation.current !== run) return;
          setState({
            kind: 'failed',
            message: isApiError(error) ? error.displayMessage : fallbackError,
            reason: isApiError(error) ? error.reason : '',
          });
        }
      };
      if (initial.kind === 'pending') timer.current = setTimeout(() => void ask(), POLL_INTERVAL_MS);
      else void ask();
    },
    [bookingId, fallbackError],
  );

  useEffect(
    () => () => {
      // Leaving the page: later answers have no one to tell.
      generation.current += 1;
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return { state, start, setState };
}
