import { addDays, type IsoDate } from '@yado/contract/civil-date';

export type SlotTerms = { checkinDeadline: IsoDate; expiresAt: Date; bookingWindowDays: number };

/** Why a slot may not book a stay checking in on `checkinDate`, in the order a member can act on it; null when it may. */
export function slotRefusal(
  slot: SlotTerms,
  checkinDate: IsoDate,
  today: IsoDate,
  now: Date,
): 'CodeDaoSlotExpired' | 'CodeDaoCheckinDeadlinePassed' | 'CodeDaoOutsideBookingWindow' | null {
  if (now >= slot.expiresAt) return 'CodeDaoSlotExpired';
  if (checkinDate > slot.checkinDeadline) return 'CodeDaoCheckinDeadlinePassed';
  if (checkinDate > addDays(today, slot.bookingWindowDays)) return 'CodeDaoOutsideBookingWindow';
  return null;
}
