import { describe, expect, it } from 'vitest';
import {
  capacityProblem,
  parseGuests,
  parseSearchQuery,
  parseStay,
  searchInput,
  searchQueryString,
  stayQueryString,
} from './catalogue-query';

const TODAY = '2027-03-01';
const params = (s: string) => new URLSearchParams(s);

describe('parseGuests', () => {
  it('reads whole numbers in range and falls back to the defaults otherwise', () => {
    expect(parseGuests(params('adults=3&children=1&infants=2&pets=1'))).toEqual({
      adults: 3,
      children: 1,
      infants: 2,
      pets: 1,
    });
    expect(parseGuests(params('adults=0&children=-1&infants=1.5&pets=99'))).toEqual({
      adults: 2,
      children: 0,
      infants: 0,
      pets: 0,
    });
  });
});

describe('parseStay', () => {
  it('keeps real dates in order, a lone check-in, and drops the rest', () => {
    expect(parseStay(params('checkin=2027-03-05&checkout=2027-03-07'), TODAY)).toEqual({
      checkin: '2027-03-05',
      checkout: '2027-03-07',
    });
    expect(parseStay(params('checkin=2027-03-05'), TODAY)).toEqual({ checkin: '2027-03-05', checkout: null });
    expect(parseStay(params('checkin=2027-03-05&checkout=2027-03-05'), TODAY).checkout).toBeNull();
    expect(parseStay(params('checkin=2027-03-05&checkout=2027-04-05'), TODAY).checkout).toBeNull();
    expect(parseStay(params('checkin=2027-02-30&checkout=2027-03-02'), TODAY).checkin).toBeNull();
    expect(parseStay(params('checkin=2027-02-27&checkout=2027-03-02'), TODAY).checkin).toBeNull();
  });
});

describe('parseSearchQuery', () => {
  it('reads the filters and says what is wrong with the dates', () => {
    const q = parseSearchQuery(
      params(
        'prefecture=Nagano&area=+Karuizawa+&checkin=2027-03-05&checkout=2027-03-07&type=YADO&usage=TIME&sort=NAME&page=abc',
      ),
      TODAY,
    );
    expect(q).toMatchObject({
      prefecture: 'Nagano',
      area: 'Karuizawa',
      checkin: '2027-03-05',
      checkout: '2027-03-07',
      type: 'YADO',
      usage: 'TIME',
      sort: 'NAME',
      pageToken: 'abc',
      dateProblem: null,
    });
    expect(parseSearchQuery(params('type=HOTEL&sort=RANDOM'), TODAY)).toMatchObject({
      type: undefined,
      sort: 'PRICE_ASC',
    });
    expect(parseSearchQuery(params('checkin=2027-03-05'), TODAY)).toMatchObject({
      checkin: null,
      dateProblem: 'incomplete',
    });
    expect(parseSearchQuery(params('checkin=2027-03-05&checkout=2027-03-04'), TODAY).dateProblem).toBe('order');
    expect(parseSearchQuery(params('checkin=2027-03-05&checkout=2027-04-30'), TODAY).dateProblem).toBe('tooLong');
    expect(parseSearchQuery(params('checkin=2027-02-05&checkout=2027-02-07'), TODAY).dateProblem).toBe('past');
  });

  it('builds the API body with civil dates and only the filters given', () => {
    const q = parseSearchQuery(params('checkin=2027-03-05&checkout=2027-03-07&adults=3'), TODAY);
    expect(searchInput(q, 12)).toEqual({
      checkinDate: { year: 2027, month: 3, day: 5 },
      checkoutDate: { year: 2027, month: 3, day: 7 },
      adults: 3,
      children: 0,
      infants: 0,
      pets: 0,
      sort: 'PRICE_ASC',
      pageSize: 12,
      pageToken: '',
    });
  });

  it('writes back a short query string that parses to the same search', () => {
    const raw =
      'area=&prefecture=Kyoto&checkin=2027-03-05&checkout=2027-03-07&adults=2&children=1&infants=0&pets=0&type=&usage=&sort=PRICE_ASC';
    const q = parseSearchQuery(params(raw), TODAY);
    const tidy = searchQueryString(q);
    expect(tidy).toBe('?prefecture=Kyoto&checkin=2027-03-05&checkout=2027-03-07&children=1');
    expect(parseSearchQuery(params(tidy.slice(1)), TODAY)).toEqual(q);
    expect(searchQueryString(q, { pageToken: 'next' })).toContain('page=next');
  });
});

describe('stayQueryString', () => {
  it('keeps a lone check-in, the guests that differ from the defaults, and the month', () => {
    expect(
      stayQueryString(
        { checkin: '2027-03-05', checkout: null },
        { adults: 2, children: 0, infants: 1, pets: 0 },
        '2027-03',
      ),
    ).toBe('?checkin=2027-03-05&infants=1&month=2027-03');
    expect(
      stayQueryString({ checkin: null, checkout: '2027-03-07' }, { adults: 2, children: 0, infants: 0, pets: 0 }),
    ).toBe('');
  });
});

describe('capacityProblem', () => {
  const rules = { maxCapacity: 4, minAdultCapacity: 1, isPetAllowed: true, maxPetCapacity: 1 };
  it('counts adults and children against capacity, never infants', () => {
    expect(capacityProblem(rules, { adults: 2, children: 2, infants: 3, pets: 0 })).toBeNull();
    expect(capacityProblem(rules, { adults: 3, children: 2, infants: 0, pets: 0 })).toBe('maxGuests');
    expect(capacityProblem({ ...rules, minAdultCapacity: 2 }, { adults: 1, children: 0, infants: 0, pets: 0 })).toBe(
      'minAdults',
    );
    expect(capacityProblem({ ...rules, isPetAllowed: false }, { adults: 1, children: 0, infants: 0, pets: 1 })).toBe(
      'noPets',
    );
    expect(capacityProblem(rules, { adults: 1, children: 0, infants: 0, pets: 2 })).toBe('maxPets');
  });
});
