import { staffRunAllocationDraw } from '@yado/contract/high-season.contract';
import { useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/idempotency-key';
import { useLanguage } from '../../../lib/use-language.hook';

/** Runs a round's draw (once: a second run returns the recorded one), then reloads the page's data. */
export function useRunAllocationDraw(): {
  run: (
    roundId: string,
    seed: string,
  ) => Promise<{ ok: true; allocated: number } | { ok: false; message: string | null }>;
  busy: boolean;
} {
  const language = useLanguage();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const key = useRef<string | null>(null);
  async function run(roundId: string, seed: string) {
    setBusy(true);
    key.current ??= newIdempotencyKey();
    try {
      const result = await callMethod(
        staffRunAllocationDraw,
        seed.trim() ? { roundId, seed: seed.trim() } : { roundId },
        { language, headers: { [IDEMPOTENCY_HEADER]: key.current } },
      );
      key.current = null;
      await revalidator.revalidate();
      return { ok: true as const, allocated: result.allocations.length };
    } catch (e) {
      if (isApiError(e)) key.current = null;
      return { ok: false as const, message: isApiError(e) ? e.displayMessage : null };
    } finally {
      setBusy(false);
    }
  }
  return { run, busy };
}
