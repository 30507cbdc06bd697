import { describe, expect, it } from 'vitest';
import { fits, hourLabel, neighbourDays, parseTimeUseChoice, timeUseQuery } from './time-use-query';

const window = { from: '2027-03-10', until: '2027-05-09' };

describe('the hours page address', () => {
  it('reads a day inside the window, a start and a length; anything else falls back', () => {
    const read = (q: string) => parseTimeUseChoice(new URLSearchParams(q), window);
    expect(read('date=2027-03-12&start=13&hours=3')).toEqual({ date: '2027-03-12', start: 13, hours: 3 });
    expect(read('date=2027-05-10&start=24&hours=13')).toEqual({ date: '2027-03-10', start: null, hours: 1 });
    expect(read('date=2027-02-30&start=x')).toEqual({ date: '2027-03-10', start: null, hours: 1 });
    expect(timeUseQuery({ date: '2027-03-12', start: 9, hours: 2 })).toBe('?date=2027-03-12&start=9&hours=2');
    expect(timeUseQuery({ date: '2027-03-12', start: null, hours: 2 })).toBe('?date=2027-03-12&hours=2');
  });

  it('starts only where every hour of the length is free', () => {
    const hours = [9, 10, 11, 12].map((hour) => ({ hour, freeHouses: hour === 11 ? 0 : 1, free: hour !== 11 }));
    expect(fits(hours, 9, 2)).toBe(true);
    expect(fits(hours, 10, 2)).toBe(false);
    expect(fits(hours, 12, 2)).toBe(false); // 13:00 is after closing
    expect(hourLabel(9)).toBe('09:00');
  });

  it('offers the day before and after only inside the window', () => {
    expect(neighbourDays('2027-03-10', window)).toEqual({ prev: null, next: '2027-03-11' });
    expect(neighbourDays('2027-05-09', window)).toEqual({ prev: '2027-05-08', next: null });
  });
});
