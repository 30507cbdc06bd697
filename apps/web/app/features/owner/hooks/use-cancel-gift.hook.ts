import { cancelGift } from '@yado/contract/gift.contract';
import { useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/idempotency-key';
import { useLanguage } from '../../../lib/use-language.hook';

/** Withdraws one gift (the nights return to the share once, whatever the retries), then the list reloads. */
export function useCancelGift(): {
  withdraw: (giftId: string) => Promise<{ ok: true } | { ok: false; message: string | null }>;
  busy: boolean;
} {
  const language = useLanguage();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const key = useRef<{ giftId: string; key: string } | null>(null);
  async function withdraw(giftId: string) {
    setBusy(true);
    if (key.current?.giftId !== giftId) key.current = { giftId, key: newIdempotencyKey() };
    try {
      await callMethod(cancelGift, { giftId }, { language, headers: { [IDEMPOTENCY_HEADER]: key.current.key } });
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
  return { withdraw, busy };
}
