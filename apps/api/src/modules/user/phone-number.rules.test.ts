import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/app-error.js';
import { normalisePhone, phoneToE164 } from './phone-number.rules.js';

describe('phone numbers', () => {
  it('accepts valid numbers and drops the trunk prefix', () => {
    expect(normalisePhone({ countryCode: 81, nationalNumber: '09012345678' })).toEqual({
      countryCode: 81,
      nationalNumber: '9012345678',
    });
    expect(normalisePhone({ countryCode: 81, nationalNumber: '0312345678' }).nationalNumber).toBe('312345678');
    expect(normalisePhone({ countryCode: 1, nationalNumber: '2015550123' }).nationalNumber).toBe('2015550123');
    expect(normalisePhone({ countryCode: 44, nationalNumber: '07911123456' }).nationalNumber).toBe('7911123456');
  });

  it('refuses numbers that do not fit the country’s plan, naming the field', () => {
    for (const phone of [
      { countryCode: 81, nationalNumber: '12345' },
      { countryCode: 81, nationalNumber: '901234567890123' },
      { countryCode: 1, nationalNumber: '0005550123' },
      { countryCode: 999, nationalNumber: '12345678' },
    ]) {
      try {
        normalisePhone(phone, 'postalPhone');
        expect.unreachable(`${JSON.stringify(phone)} was accepted`);
      } catch (err) {
        expect(err).toBeInstanceOf(AppError);
        expect((err as AppError).reason).toBe('CodeInvalidPhoneNumber');
        expect((err as AppError).options.fields?.[0]?.field).toBe('postalPhone');
      }
    }
  });

  it('writes E.164 for SMS', () => {
    expect(phoneToE164({ countryCode: 81, nationalNumber: '9012345678' })).toBe('+819012345678');
  });
});
