import { describe, expect, it } from 'vitest';
import { lodgingJsonLd, phoneNumber, shortDescription } from './catalogue-seo';
import { monthsBetween, parseIsoDate, todayIn } from '@yado/contract/civil-date';
import { findQuote, type QuoteGroup, type SearchAnswer } from './house-group-quote';
import { imageSources } from './image-sources';

describe('imageSources', () => {
  it('derives the 480/960/1600 WebP and JPEG variants from the stored 960 JPEG', () => {
    const s = imageSources('/media/catalogue/demo-dawn-lake-h-960.jpg');
    expect(s.src).toBe('/media/catalogue/demo-dawn-lake-h-960.jpg');
    expect(s.webpSrcSet).toBe(
      '/media/catalogue/demo-dawn-lake-h-480.webp 480w, /media/catalogue/demo-dawn-lake-h-960.webp 960w, /media/catalogue/demo-dawn-lake-h-1600.webp 1600w',
    );
    expect(s.large).toBe('/media/catalogue/demo-dawn-lake-h-1600.jpg');
  });

  it('uses any other URL as it is', () => {
    expect(imageSources('https://example.com/a.png')).toMatchObject({
      src: 'https://example.com/a.png',
      webpSrcSet: '',
    });
  });
});

describe('civil dates', () => {
  it('parses only real dates and steps months across years', () => {
    expect(parseIsoDate('2027-02-29')).toBeNull();
    expect(parseIsoDate('2028-02-29')).toBe('2028-02-29');
    expect(monthsBetween({ year: 2026, month: 11 }, { year: 2028, month: 4 })).toBe(17);
  });

  it('tells today in the house group time zone', () => {
    // 20:00 UTC is already the next day in Tokyo.
    expect(todayIn('Asia/Tokyo', new Date('2027-03-01T20:00:00Z'))).toBe('2027-03-02');
    expect(todayIn('UTC', new Date('2027-03-01T20:00:00Z'))).toBe('2027-03-01');
  });
});

describe('findQuote', () => {
  const group: QuoteGroup = { id: 'hg-b', area: 'Hakone', type: 'YADO', usageLabel: 'ACCOMMODATION' };
  const stay = { checkin: '2027-03-05', checkout: '2027-03-07' };
  const guests = { adults: 2, children: 0, infants: 0, pets: 0 };

  it('asks the search narrowed to the group and pages until the group appears', async () => {
    const bodies: Record<string, unknown>[] = [];
    const pages: SearchAnswer[] = [
      { results: [{ houseGroup: { id: 'hg-a' }, nights: 2, totalPrice: 10 }], nextPageToken: 't1' },
      { results: [{ houseGroup: { id: 'hg-b' }, nights: 2, totalPrice: 84000 }], nextPageToken: '' },
    ];
    const quote = await findQuote(
      async (body) => {
        bodies.push(body);
        return pages[bodies.length - 1] ?? null;
      },
      group,
      stay,
      guests,
    );
    expect(quote).toEqual({ available: true, nights: 2, totalPrice: 84000 });
    expect(bodies[0]).toMatchObject({
      area: 'Hakone',
      type: 'YADO',
      usageLabel: 'ACCOMMODATION',
      checkinDate: { year: 2027, month: 3, day: 5 },
      checkoutDate: { year: 2027, month: 3, day: 7 },
      adults: 2,
      pageToken: '',
    });
    expect(bodies[1]).toMatchObject({ pageToken: 't1' });
  });

  it('says unavailable when the group is not among the results, and null when the API fails', async () => {
    await expect(findQuote(async () => ({ results: [], nextPageToken: '' }), group, stay, guests)).resolves.toEqual({
      available: false,
    });
    await expect(findQuote(async () => null, group, stay, guests)).resolves.toBeNull();
  });
});

describe('SEO helpers', () => {
  it('cuts long descriptions at a word', () => {
    const text = 'word '.repeat(60);
    const short = shortDescription(text);
    expect(short.length).toBeLessThanOrEqual(160);
    expect(short.endsWith('word…')).toBe(true);
  });

  it('builds LodgingBusiness JSON-LD with address, geo and 1600 images', () => {
    const ld = lodgingJsonLd('https://yado.example', {
      name: 'Villa',
      description: 'By the lake',
      url: 'https://yado.example/house-groups/hg',
      images: ['/media/catalogue/demo-x-h-960.jpg'],
      address: {
        postalCode: '250-0631',
        state: 'Kanagawa',
        city: 'Hakone',
        street1: '1-2',
        street2: '',
        countryCode: 'JP',
      },
      latitude: 35.2,
      longitude: 139.0,
      priceRange: 'From ¥42,000 per night',
      maxCapacity: 6,
      petsAllowed: false,
    });
    expect(ld).toMatchObject({
      '@type': 'LodgingBusiness',
      image: ['https://yado.example/media/catalogue/demo-x-h-1600.jpg'],
      address: { '@type': 'PostalAddress', addressRegion: 'Kanagawa', streetAddress: '1-2' },
      geo: { '@type': 'GeoCoordinates', latitude: 35.2, longitude: 139.0 },
    });
  });

  it('writes phone numbers nationally in Japanese and internationally in English', () => {
    const phone = { countryCode: 81, nationalNumber: '460000101' };
    expect(phoneNumber(phone, 'ja')).toEqual({ display: '0460000101', href: 'tel:+81460000101' });
    expect(phoneNumber(phone, 'en').display).toBe('+81 460000101');
  });
});
