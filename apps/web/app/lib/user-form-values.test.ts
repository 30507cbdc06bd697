import { describe, expect, it } from 'vitest';
import {
  emptyUserForm,
  normaliseNationalNumber,
  problemsFromServer,
  toCreateUserInput,
  toUpdateUserInput,
  userFormFromUser,
  validateUserForm,
} from './user-form-values';
import type { User } from '@yado/contract/user.contract';

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

describe('editing a user (account settings)', () => {
  const time = { year: 2026, month: 1, day: 5, hours: 9, minutes: 0, seconds: 0, nanos: 0, utcOffset: '+00:00' };
  const user = {
    id: 'u1',
    userNumber: '1001',
    firstName: '花子',
    lastName: '山田',
    romanizedFirstName: 'Hanako',
    romanizedLastName: 'Yamada',
    emailAddress: 'hanako@example.com',
    emailAddressVerified: true,
    phoneNumber: { countryCode: 81, nationalNumber: '9012345678' },
    phoneNumberVerified: false,
    postalAddress: {
      countryCode: 'JP',
      postalCode: '389-0102',
      state: 'Nagano',
      city: 'Karuizawa',
      street1: '1-1',
      street2: '',
    },
    nationalityCountryCode: 'JP',
    occupation: { id: 6, name: 'Student' },
    userType: 'USER_TYPE_GUEST',
    profilePhotoUrl: '',
    createdAt: time,
    updatedAt: time,
  } as unknown as User;

  it('round-trips a user through the form unchanged', () => {
    const values = userFormFromUser(user);
    expect(values.phoneNationalNumber).toBe('9012345678');
    expect(values.occupationId).toBe('6');
    expect(validateUserForm(values, 'update')).toEqual({});
    expect(toUpdateUserInput(values)).toEqual({
      firstName: '花子',
      lastName: '山田',
      romanizedFirstName: 'Hanako',
      romanizedLastName: 'Yamada',
      emailAddress: 'hanako@example.com',
      phoneNumber: { countryCode: 81, nationalNumber: '9012345678' },
      postalAddress: user.postalAddress,
      nationalityCountryCode: 'JP',
      occupationId: 6,
    });
  });

  it('removes an emptied phone number and occupation, and stores an emptied address empty', () => {
    const values = {
      ...userFormFromUser(user),
      phoneNationalNumber: '',
      occupationId: '',
      addressCountryCode: '',
      postalCode: '',
      state: '',
      city: '',
      street1: '',
    };
    const input = toUpdateUserInput(values);
    expect(input.phoneNumber).toBeNull();
    expect(input.occupationId).toBeNull();
    expect(input.postalAddress).toEqual({
      countryCode: '',
      postalCode: '',
      state: '',
      city: '',
      street1: '',
      street2: '',
    });
  });

  it('refuses an emptied email address when editing', () => {
    expect(validateUserForm({ ...userFormFromUser(user), emailAddress: '' }, 'update')).toEqual({
      emailAddress: 'required',
    });
  });
});
