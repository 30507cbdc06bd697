import { useRef } from 'react';
import { isApiError } from '../../../lib/api-error';
import { newIdempotencyKey } from '../../../lib/idempotency-key';

/** One key per attempt at a money-moving call: kept while the same body is retried, renewed when it changes. */
export function useAttemptKey() {
  const attempt = useRef<{ body: string; key: string } | null>(null);
  return {
    keyFor(body: string): string {
      if (attempt.current?.body !== body) attempt.current = { body, key: newIdempotencyKey() };
      return attempt.current.key;
    },
    /** An answer (even a refusal) ends the attempt; a lost connection keeps the key for the retry. */
    settle(error?: unknown) {
      if (error === undefined || isApiError(error)) attempt.current = null;
    },
  };
}
