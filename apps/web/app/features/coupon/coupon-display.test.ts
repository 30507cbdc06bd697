import { describe, expect, it } from 'vitest';
import {
  catalogueImageSources,
  couponPath,
  isEligible,
  japanTimeOf,
  japanToday,
  sampleStayFor,
} from './coupon-display';

const utc = (iso: string) => {
  const d = new Date(iso);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hours: d.getUTCHours(),
    minutes: d.getUTCMinutes(),
    seconds: 0,
    nanos: 0,
    utcOffset: '+00:00',
  };
};

describe('coupon display', () => {
  it('reads the API instants in Japan time', () => {
    expect(japanTimeOf(utc('2026-12-31T15:00:00Z'))).toEqual({ year: 2027, month: 1, day: 1, hours: 0, minutes: 0 });
    expect(japanToday(new Date('2026-08-01T14:59:00Z'))).toEqual({ year: 2026, month: 8, day: 1 });
    expect(japanToday(new Date('2026-08-01T15:00:00Z'))).toEqual({ year: 2026, month: 8, day: 2 });
  });

  it('prices a night from tomorrow, or from the first stay date when that is later', () => {
    const today = { year: 2026, month: 7, day: 31 };
    expect(sampleStayFor({ stayDateFrom: null, stayDateTo: null }, today)).toEqual({
      checkinDate: { year: 2026, month: 8, day: 1 },
      checkoutDate: { year: 2026, month: 8, day: 2 },
    });
    expect(
      sampleStayFor({ stayDateFrom: { year: 2026, month: 9, day: 10 }, stayDateTo: null }, today)?.checkinDate,
    ).toEqual({ year: 2026, month: 9, day: 10 });
  });

  it('has no sample stay once the stay dates have passed', () => {
    const today = { year: 2026, month: 7, day: 31 };
    expect(sampleStayFor({ stayDateFrom: null, stayDateTo: { year: 2026, month: 7, day: 31 } }, today)).toBeNull();
    expect(sampleStayFor({ stayDateFrom: null, stayDateTo: { year: 2026, month: 8, day: 1 } }, today)).not.toBeNull();
  });

  it('knows which house groups a coupon covers', () => {
    const listed = { allHouseGroups: false, houseGroups: [{ id: 'a', name: '', placeId: '', placeName: '' }] };
    expect(isEligible(listed, 'a')).toBe(true);
    expect(isEligible(listed, 'b')).toBe(false);
    expect(isEligible({ allHouseGroups: true, houseGroups: [] }, 'b')).toBe(true);
  });

  it('builds the three coupon addresses', () => {
    const c = { couponType: 'CAMPAIGN' as const, code: 'SUMMER26' };
    expect(couponPath(c)).toBe('/coupons/CAMPAIGN/SUMMER26');
    expect(couponPath(c, { placeId: 'place-a' })).toBe('/coupons/CAMPAIGN/SUMMER26/places/place-a');
    expect(couponPath(c, { houseGroupId: 'hg-a' })).toBe('/coupons/CAMPAIGN/SUMMER26/house-groups/hg-a');
  });

  it('derives the responsive sizes of a catalogue image', () => {
    const sources = catalogueImageSources('/media/catalogue/abc123-960.jpg');
    expect(sources.webp).toBe(
      '/media/catalogue/abc123-480.webp 480w, /media/catalogue/abc123-960.webp 960w, /media/catalogue/abc123-1600.webp 1600w',
    );
    expect(catalogueImageSources('/other.png')).toEqual({ src: '/other.png', webp: null, jpeg: null });
  });
});
