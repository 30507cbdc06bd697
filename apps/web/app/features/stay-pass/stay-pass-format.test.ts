import { describe, expect, it } from 'vitest';
import { addressLines, mapHref, phoneHref, phoneText } from './stay-pass-format';

const address = {
  countryCode: 'JP',
  postalCode: '399-9301',
  state: 'Nagano',
  city: 'Hakuba',
  street1: '1-2-3 Hokujo',
  street2: '',
};

describe('stay pass formatting', () => {
  it('writes a Japanese number as dialled at home, and links it internationally', () => {
    expect(phoneText({ countryCode: 81, nationalNumber: '0261720000' })).toBe('0261720000');
    expect(phoneHref({ countryCode: 81, nationalNumber: '0261720000' })).toBe('tel:+81261720000');
    expect(phoneText({ countryCode: 81, nationalNumber: '460000101' })).toBe('0460000101');
    expect(phoneHref({ countryCode: 81, nationalNumber: '460000101' })).toBe('tel:+81460000101');
    expect(phoneText({ countryCode: 1, nationalNumber: '2125550100' })).toBe('+1 2125550100');
  });

  it('orders the address for each language', () => {
    expect(addressLines({ address }, 'en')).toEqual(['1-2-3 Hokujo', 'Hakuba, Nagano', '399-9301']);
    expect(
      addressLines({ address: { ...address, state: '長野県', city: '白馬村', street1: '北城1-2-3' } }, 'ja'),
    ).toEqual(['〒399-9301', '長野県白馬村北城1-2-3']);
  });

  it('links a map only where the house has coordinates', () => {
    expect(mapHref({ latitude: 36.698, longitude: 137.862 })).toBe(
      'https://www.openstreetmap.org/?mlat=36.698&mlon=137.862#map=17/36.698/137.862',
    );
    expect(mapHref({ latitude: null, longitude: null })).toBeNull();
  });
});
