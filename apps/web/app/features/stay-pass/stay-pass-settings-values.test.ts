import { describe, expect, it } from 'vitest';
import { contactPhoneOf } from './stay-pass-settings-values';

describe('the staff form’s contact phone', () => {
  it('is none when no number is typed, and drops the separators people type', () => {
    expect(contactPhoneOf({ phoneCountryCode: '81', phoneNationalNumber: '  ' })).toBeNull();
    expect(contactPhoneOf({ phoneCountryCode: '+81', phoneNationalNumber: '0261-72 (0000)' })).toEqual({
      countryCode: 81,
      nationalNumber: '0261720000',
    });
  });

  it('is invalid with letters, too few digits or a bad country code', () => {
    expect(contactPhoneOf({ phoneCountryCode: '81', phoneNationalNumber: '026a' })).toBe('invalid');
    expect(contactPhoneOf({ phoneCountryCode: '81', phoneNationalNumber: '123' })).toBe('invalid');
    expect(contactPhoneOf({ phoneCountryCode: '0', phoneNationalNumber: '0261720000' })).toBe('invalid');
    expect(contactPhoneOf({ phoneCountryCode: '8100', phoneNationalNumber: '0261720000' })).toBe('invalid');
  });
});
