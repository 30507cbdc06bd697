import type { CivilDate, DateTime } from '@yado/contract/common.schema';
import {
  createDatedSlotsGift,
  createGiftTentativeBooking,
  createSlotsGift,
  type GiftTypeValue,
  type SentGift,
} from '@yado/contract/gift.contract';
import { useRef, useState } from 'react';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/idempotency-key';
import { useLanguage } from '../../../lib/use-language.hook';

export type GiftDraft =
  | {
      kind: Exclude<GiftTypeValue, 'SLOTS_GIFT_USE'>;
      houseGroupId: string;
      shareId: string;
      checkinDate: CivilDate;
      checkoutDate: CivilDate;
      message: string;
    }
  | {
      kind: 'SLOTS_GIFT_USE';
      shareId: string;
      slotYear: number;
      slotStandard: number;
      slotHigh: number;
      giftExpireDatetime: DateTime;
      message: string;
    };

/**
 * Creates one gift: one Idempotency-Key per attempt, kept across a retry of a request that got no
 * answer (so the nights are held once); a refusal comes back as its display message.
 */
export function useCreateGift(): {
  create: (draft: GiftDraft) => Promise<{ ok: true; gift: SentGift } | { ok: false; message: string | null }>;
  busy: boolean;
} {
  const language = useLanguage();
  const [busy, setBusy] = useState(false);
  const key = useRef<string | null>(null);
  async function create(draft: GiftDraft) {
    setBusy(true);
    key.current ??= newIdempotencyKey();
    const options = { language, headers: { [IDEMPOTENCY_HEADER]: key.current } };
    try {
      let answer: { gift: SentGift };
      if (draft.kind === 'SLOTS_GIFT_USE') {
        const { kind: _kind, ...input } = draft;
        answer = await callMethod(createSlotsGift, input, options);
      } else {
        const { kind, ...input } = draft;
        answer = await callMethod(
          kind === 'GIFT_USE' ? createGiftTentativeBooking : createDatedSlotsGift,
          input,
          options,
        );
      }
      key.current = null;
      return { ok: true as const, gift: answer.gift };
    } catch (e) {
      if (isApiError(e)) key.current = null;
      return { ok: false as const, message: isApiError(e) ? e.displayMessage : null };
    } finally {
      setBusy(false);
    }
  }
  return { create, busy };
}
