import { describe, expect, it } from 'vitest';
import { draftFromParams, draftProblem, ownerRequest, type OwnerStayDraft } from './owner-stay-request';

const draft = (patch: Partial<OwnerStayDraft> = {}): OwnerStayDraft => ({
  checkin: '2027-04-29',
  checkout: '2027-05-01',
  adults: 3,
  childAges: [],
  shareId: 'sh1',
  debtOption: 'DEFAULT',
  ...patch,
});

describe('the owner stay from the house group page’s address', () => {
  it('takes the dates and guests, two adults and DEFAULT unless told', () => {
    expect(draftFromParams(new URLSearchParams('checkin=2027-04-29&checkout=2027-05-01&children=2'), 'sh1')).toEqual({
      checkin: '2027-04-29',
      checkout: '2027-05-01',
      adults: 2,
      childAges: ['', ''],
      shareId: 'sh1',
      debtOption: 'DEFAULT',
    });
  });

  it('drops a check-out that is not after the check-in or more than 30 nights later, and at least one adult', () => {
    expect(draftFromParams(new URLSearchParams('checkin=2027-04-29&checkout=2027-04-29'), '').checkout).toBeNull();
    expect(draftFromParams(new URLSearchParams('checkin=2027-01-01&checkout=2027-02-01'), '').checkout).toBeNull();
    expect(draftFromParams(new URLSearchParams('checkin=2027-01-01&checkout=2027-01-31'), '').checkout).toBe(
      '2027-01-31',
    );
    expect(draftFromParams(new URLSearchParams('adults=0'), '').adults).toBe(1);
    expect(draftFromParams(new URLSearchParams('checkin=2027-02-30'), '').checkin).toBeNull();
  });
});

describe('what keeps an owner stay from being priced', () => {
  it.each([
    [{ checkin: null }, 'dates'],
    [{ checkout: null }, 'dates'],
    [{ checkout: '2027-04-29' }, 'nights'],
    [{ checkout: '2027-05-30' }, 'nights'],
    [{ childAges: [7, ''] as (number | '')[] }, 'childAges'],
    [{ shareId: '' }, 'share'],
  ] as const)('%o: %s', (patch, problem) => {
    expect(draftProblem(draft(patch))).toBe(problem);
    expect(ownerRequest('hg1', draft(patch))).toBeNull();
  });
});

describe('the owner booking request', () => {
  it('splits the adults, counts children and infants (under 6) with their ages, names the share and debt option', () => {
    expect(ownerRequest('hg1', draft({ childAges: [3, 7], debtOption: 'NO_DEBT' }))).toEqual({
      houseGroupId: 'hg1',
      checkinDate: { year: 2027, month: 4, day: 29 },
      checkoutDate: { year: 2027, month: 5, day: 1 },
      headcount: { males: 1, females: 2, children: 1, infants: 1, largeDogs: 0, mediumDogs: 0, smallDogs: 0 },
      childrenAge: [7, 3],
      allergy: '',
      request: '',
      meals: [],
      extraOptions: [],
      shareId: 'sh1',
      debtOption: 'NO_DEBT',
    });
  });
});
