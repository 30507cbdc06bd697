import { describe, expect, it } from 'vitest';
import {
  emptyUserForm,
  normaliseNationalNumber,
  problemsFromServer,
  toCreateUserInput,
  validateUserForm,
} from './user-form-values';

const filled = emptyUserForm({
  lastName: '山田',
  firstName: '花子',
  romanizedLastName: 'Yamada',
  romanizedFirstName: 'Hanako',
  nationalityCountryCode: 'JP',
});

describe('toCreateUserInput', () => {
  it('leaves out the optional groups nobody filled in', () => {
    expect(toCreateUserInput(filled)).toEqual({
      firstName: '花子',
      lastName: '山田',
      romanizedFirstName: 'Hanako',
      romanizedLastName: 'Yamada',
      nationalityCountryCode: 'JP',
    });
  });

  it('sends phone, address and occupation when given', () => {
    const input = toCreateUserInput({
      ...filled,
      phoneNationalNumber: '090-1234-5678',
      city: 'Karuizawa',
      occupationId: '6',
    });
    expect(input.phoneNumber).toEqual({ countryCode: 81, nationalNumber: '9012345678' });
    expect(input.postalAddress).toMatchObject({ city: 'Karuizawa', countryCode: '' });
    expect(input.occupationId).toBe(6);
  });
});

describe('normaliseNationalNumber', () => {
  it('drops separators and the trunk prefix, but keeps Italy’s leading 0', () => {
    expect(normaliseNationalNumber('090 1234 5678', '81')).toBe('9012345678');
    expect(normaliseNationalNumber('06 1234 5678', '39')).toBe('0612345678');
  });
});

describe('validateUserForm', () => {
  it('accepts a complete form', () => {
    expect(validateUserForm(filled)).toEqual({});
  });

  it('names each missing or wrong field with its kind of problem', () => {
    expect(
      validateUserForm({
        ...filled,
        firstName: '',
        romanizedLastName: '山田',
        nationalityCountryCode: '',
        emailAddress: 'x',
      }),
    ).toEqual({
      firstName: 'required',
      romanizedLastName: 'romanized',
      nationalityCountryCode: 'required',
      emailAddress: 'email',
    });
  });

  it('refuses a phone number that is not digits', () => {
    expect(validateUserForm({ ...filled, phoneNationalNumber: 'abc' })).toEqual({ phoneNationalNumber: 'phone' });
  });
});

describe('problemsFromServer', () => {
  it('maps the API field paths onto the form', () => {
    expect(
      problemsFromServer([{ field: 'phoneNumber.nationalNumber' }, { field: 'postalAddress.city' }, { field: '' }], {
        ...filled,
        phoneNationalNumber: '12',
        city: 'x',
      }),
    ).toEqual({ phoneNationalNumber: 'phone', city: 'invalid' });
  });
});
