import { describe, expect, it } from 'vitest';
import { guestsFormOf, headcountRequestOf, sameGuests } from './change-guests';

const booking = {
  bookingHeadcount: { males: 1, females: 1, children: 1, infants: 1, largeDogs: 0, mediumDogs: 0, smallDogs: 1 },
  childrenAge: [8, 2],
};

describe('change guests', () => {
  it('splits the booking ages into children and infants, children first', () => {
    const f = guestsFormOf(booking);
    expect(f.childAges).toEqual([8]);
    expect(f.infantAges).toEqual([2]);
    expect(f.dogs).toEqual({ largeDogs: 0, mediumDogs: 0, smallDogs: 1 });
  });

  it('sends the headcount back as the booking form does', () => {
    expect(headcountRequestOf(guestsFormOf(booking))).toEqual({
      headcount: booking.bookingHeadcount,
      childrenAge: [8, 2],
    });
  });

  it('asks for a missing age and for an adult before anything is sent', () => {
    const f = guestsFormOf(booking);
    expect(headcountRequestOf({ ...f, childAges: [8, ''] })).toBeNull();
    expect(headcountRequestOf({ ...f, males: 0, females: 0 })).toBeNull();
  });

  it('knows when nothing changed', () => {
    expect(sameGuests(guestsFormOf(booking), guestsFormOf(booking))).toBe(true);
    expect(sameGuests(guestsFormOf(booking), { ...guestsFormOf(booking), males: 2 })).toBe(false);
  });
});
