import { createCancellationSubscription } from '@yado/contract/waitlist.contract';
import { civilFromIso } from '@yado/contract/civil-date';
import { useState } from 'react';
import { useIdempotentCreate } from '../../../lib/use-idempotent-create.hook';

export type WaitlistRequest = {
  houseGroupId: string;
  checkin: string;
  checkout: string;
  guests: { adults: number; children: number; infants: number };
};

/** Subscribes to taken dates; the answer (or the API's refusal, in the page's language) is kept for the card. */
export function useSubscribeWaitlist() {
  const { create, busy } = useIdempotentCreate(createCancellationSubscription);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; message: string | null } | null>(null);
  async function subscribe(r: WaitlistRequest) {
    const res = await create({
      houseGroupId: r.houseGroupId,
      checkinDate: civilFromIso(r.checkin),
      checkoutDate: civilFromIso(r.checkout),
      headcount: { adults: Math.max(1, r.guests.adults), children: r.guests.children, infants: r.guests.infants },
    });
    setOutcome(res.ok ? { tone: 'success', message: null } : { tone: 'error', message: res.message });
  }
  return { subscribe, busy, outcome, reset: () => setOutcome(null) };
}
