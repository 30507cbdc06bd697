import { describe, expect, it } from 'vitest';
import { slotRefusal } from './dao.rules.js';

const slot = { checkinDeadline: '2027-03-31', expiresAt: new Date('2027-04-01T00:00:00Z'), bookingWindowDays: 60 };
const now = new Date('2027-01-10T03:00:00Z');

describe('DAO slot rules', () => {
  it('lets a slot book a check-in within its window and before its deadline', () => {
    expect(slotRefusal(slot, '2027-03-01', '2027-01-10', now)).toBeNull();
    expect(slotRefusal(slot, '2027-03-11', '2027-01-10', now)).toBeNull();
  });

  it('refuses past the window, past the deadline, and once expired (expiry first)', () => {
    expect(slotRefusal(slot, '2027-03-12', '2027-01-10', now)).toBe('CodeDaoOutsideBookingWindow');
    expect(slotRefusal(slot, '2027-04-01', '2027-03-20', new Date('2027-03-20T00:00:00Z'))).toBe(
      'CodeDaoCheckinDeadlinePassed',
    );
    expect(slotRefusal(slot, '2027-03-01', '2027-01-10', slot.expiresAt)).toBe('CodeDaoSlotExpired');
  });
});
