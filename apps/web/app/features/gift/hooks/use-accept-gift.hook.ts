import type { BookingRequest } from '@yado/contract/booking.contract';
import { acceptGift, createSlotsGiftTentativeBooking, declineGift, type GiftView } from '@yado/contract/gift.contract';
import { useRef, useState } from 'react';
import { callMethod } from '../../../lib/api-client';
import { isApiError, isReason } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/i18n';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/idempotency-key';
import { useLanguage } from '../../../lib/use-language.hook';

/** What the recipient chose: who comes, dinner and options (and the dates of an undated gift). */
export type GiftChoices = Pick<BookingRequest, 'headcount' | 'childrenAge' | 'meals' | 'extraOptions'> & {
  dates?: Pick<BookingRequest, 'checkinDate' | 'checkoutDate'>;
};

/**
 * Accepting (or declining) a gift: one Idempotency-Key kept across retries of a lost answer, so a
 * stay is booked once; an account still without its user is asked to finish registering first.
 */
export function useAcceptGift(token: string, onDone: (gift: GiftView, bookingId: string | null) => void) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [needsRegistration, setNeedsRegistration] = useState(false);
  const key = useRef<string | null>(null);

  async function run(call: (headers: Record<string, string>) => Promise<{ gift: GiftView; bookingId?: string }>) {
    key.current ??= newIdempotencyKey();
    setBusy(true);
    setError(null);
    try {
      const answer = await call({ [IDEMPOTENCY_HEADER]: key.current });
      key.current = null;
      onDone(answer.gift, answer.bookingId ?? null);
    } catch (e) {
      // A refusal is final for this key; only a lost answer is retried with the same one.
      if (isApiError(e)) key.current = null;
      if (isReason(e, 'CodeUserNotFound')) setNeedsRegistration(true);
      else setError(isApiError(e) ? e.displayMessage : t('gift:page.failed'));
    } finally {
      setBusy(false);
    }
  }

  const accept = (c: GiftChoices) =>
    run((headers) => {
      const stay = { headcount: c.headcount, childrenAge: c.childrenAge, meals: c.meals, extraOptions: c.extraOptions };
      return c.dates
        ? callMethod(createSlotsGiftTentativeBooking, { giftToken: token, ...c.dates, ...stay }, { language, headers })
        : callMethod(acceptGift, { giftToken: token, ...stay }, { language, headers });
    });
  const decline = () => run((headers) => callMethod(declineGift, { giftToken: token }, { language, headers }));

  return { accept, decline, busy, error, needsRegistration };
}
