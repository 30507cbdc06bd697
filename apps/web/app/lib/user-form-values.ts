import { createUser, updateUser, type User } from '@yado/contract/user.contract';
import type { MethodInput } from '@yado/contract/method';

export type CreateUserInput = MethodInput<typeof createUser>;
export type UpdateUserInput = MethodInput<typeof updateUser>;

/** The user form as the visitor types it: every field of create_user, as text. */
export type UserFormValues = {
  lastName: string;
  firstName: string;
  romanizedLastName: string;
  romanizedFirstName: string;
  emailAddress: string;
  phoneCountryCode: string;
  phoneNationalNumber: string;
  addressCountryCode: string;
  postalCode: string;
  state: string;
  city: string;
  street1: string;
  street2: string;
  nationalityCountryCode: string;
  occupationId: string;
};

export type UserFormField = keyof UserFormValues;

/** Why a field was refused; each has its own translated message. */
export type FieldProblem = 'required' | 'invalid' | 'romanized' | 'tooLong' | 'email' | 'phone' | 'emailHeld';

/** The API reason for an email address another account holds, shown under the email field. */
export const EMAIL_HELD_REASON = 'CodeEmailAddressHeldByAnotherAccount';

export type FieldProblems = Partial<Record<UserFormField, FieldProblem>>;

export function emptyUserForm(defaults: Partial<UserFormValues> = {}): UserFormValues {
  return {
    lastName: '',
    firstName: '',
    romanizedLastName: '',
    romanizedFirstName: '',
    emailAddress: '',
    phoneCountryCode: '81',
    phoneNationalNumber: '',
    addressCountryCode: '',
    postalCode: '',
    state: '',
    city: '',
    street1: '',
    street2: '',
    nationalityCountryCode: '',
    occupationId: '',
    ...defaults,
  };
}

/**
 * A national number as people write it ("090-1234-5678") to the digits the
 * API wants ("9012345678"): separators go, and so does the trunk prefix 0,
 * which is not part of the number in international form — except in Italy
 * (+39), where the leading 0 of a landline is.
 */
export function normaliseNationalNumber(value: string, countryCode: string): string {
  const digits = value.replace(/[\s\-().]/g, '');
  return countryCode.trim() !== '39' && /^0\d/.test(digits) ? digits.slice(1) : digits;
}

const ADDRESS_FIELDS = ['addressCountryCode', 'postalCode', 'state', 'city', 'street1', 'street2'] as const;

/** Turns the form into create_user's input: optional groups left empty are left out. */
export function toCreateUserInput(values: UserFormValues): CreateUserInput {
  const v = Object.fromEntries(Object.entries(values).map(([k, val]) => [k, val.trim()])) as UserFormValues;
  const input: CreateUserInput = {
    firstName: v.firstName,
    lastName: v.lastName,
    romanizedFirstName: v.romanizedFirstName,
    romanizedLastName: v.romanizedLastName,
    nationalityCountryCode: v.nationalityCountryCode,
  };
  if (v.emailAddress) input.emailAddress = v.emailAddress;
  if (v.phoneNationalNumber) {
    input.phoneNumber = {
      countryCode: /^\d{1,3}$/.test(v.phoneCountryCode) ? Number(v.phoneCountryCode) : Number.NaN,
      nationalNumber: normaliseNationalNumber(v.phoneNationalNumber, v.phoneCountryCode),
    };
  }
  if (ADDRESS_FIELDS.some((field) => v[field] !== '')) {
    input.postalAddress = {
      countryCode: v.addressCountryCode,
      postalCode: v.postalCode,
      state: v.state,
      city: v.city,
      street1: v.street1,
      street2: v.street2,
    };
  }
  if (v.occupationId) input.occupationId = Number(v.occupationId);
  return input;
}

/** The form filled with a user's current values, for editing them (the account settings). */
export function userFormFromUser(user: User): UserFormValues {
  const a = user.postalAddress;
  return emptyUserForm({
    lastName: user.lastName,
    firstName: user.firstName,
    romanizedLastName: user.romanizedLastName,
    romanizedFirstName: user.romanizedFirstName,
    emailAddress: user.emailAddress,
    phoneCountryCode: user.phoneNumber ? String(user.phoneNumber.countryCode) : '81',
    phoneNationalNumber: user.phoneNumber?.nationalNumber ?? '',
    addressCountryCode: a.countryCode,
    postalCode: a.postalCode,
    state: a.state,
    city: a.city,
    street1: a.street1,
    street2: a.street2,
    nationalityCountryCode: user.nationalityCountryCode,
    occupationId: user.occupation ? String(user.occupation.id) : '',
  });
}

/**
 * Turns the edited form into update_user's input. Every field is sent, so
 * what the form shows is what is stored: an emptied phone number or
 * occupation is removed (null), an emptied address is stored empty.
 */
export function toUpdateUserInput(values: UserFormValues): UpdateUserInput {
  const created = toCreateUserInput(values);
  return {
    ...created,
    emailAddress: values.emailAddress.trim(),
    phoneNumber: created.phoneNumber ?? null,
    postalAddress: created.postalAddress ?? {
      countryCode: '',
      postalCode: '',
      state: '',
      city: '',
      street1: '',
      street2: '',
    },
    occupationId: created.occupationId ?? null,
  };
}

/** Maps an input path of create_user (`phoneNumber.nationalNumber`) to the form field showing it. */
export function formFieldOf(path: string): UserFormField | null {
  const map: Record<string, UserFormField> = {
    firstName: 'firstName',
    lastName: 'lastName',
    romanizedFirstName: 'romanizedFirstName',
    romanizedLastName: 'romanizedLastName',
    emailAddress: 'emailAddress',
    phoneNumber: 'phoneNationalNumber',
    'phoneNumber.countryCode': 'phoneCountryCode',
    'phoneNumber.nationalNumber': 'phoneNationalNumber',
    postalAddress: 'street1',
    'postalAddress.countryCode': 'addressCountryCode',
    'postalAddress.postalCode': 'postalCode',
    'postalAddress.state': 'state',
    'postalAddress.city': 'city',
    'postalAddress.street1': 'street1',
    'postalAddress.street2': 'street2',
    nationalityCountryCode: 'nationalityCountryCode',
    occupationId: 'occupationId',
  };
  return map[path] ?? null;
}

function problemFor(field: UserFormField, code: string, value: string): FieldProblem {
  if (value.trim() === '' && code !== 'too_big') return 'required';
  if (code === 'too_big') return 'tooLong';
  if (field === 'romanizedFirstName' || field === 'romanizedLastName') return 'romanized';
  if (field === 'emailAddress') return 'email';
  if (field === 'phoneNationalNumber' || field === 'phoneCountryCode') return 'phone';
  return 'invalid';
}

/**
 * Checks the form with create_user's (or update_user's) own input schema, so
 * the browser refuses exactly what the server would, before anything is sent.
 */
export function validateUserForm(values: UserFormValues, mode: 'create' | 'update' = 'create'): FieldProblems {
  const parsed =
    mode === 'create'
      ? createUser.input.safeParse(toCreateUserInput(values))
      : updateUser.input.safeParse(toUpdateUserInput(values));
  if (parsed.success) return {};
  const problems: FieldProblems = {};
  for (const issue of parsed.error.issues) {
    const field = formFieldOf(issue.path.join('.'));
    if (field && !problems[field]) problems[field] = problemFor(field, issue.code, values[field]);
  }
  return problems;
}

/**
 * Maps the fields a 400 answer named (`errorInfo.fields`) onto the form. The
 * server's descriptions are for developers, so each field gets the translated
 * message of its kind instead.
 */
export function problemsFromServer(fields: { field: string }[], values: UserFormValues): FieldProblems {
  const problems: FieldProblems = {};
  for (const { field: path } of fields) {
    const field = formFieldOf(path);
    if (field && !problems[field]) problems[field] = problemFor(field, 'server', values[field]);
  }
  return problems;
}

/** Form fields in the order they appear, to focus the first one with a problem. */
export const FIELD_ORDER: UserFormField[] = [
  'lastName',
  'firstName',
  'romanizedLastName',
  'romanizedFirstName',
  'emailAddress',
  'phoneCountryCode',
  'phoneNationalNumber',
  'addressCountryCode',
  'postalCode',
  'state',
  'city',
  'street1',
  'street2',
  'nationalityCountryCode',
  'occupationId',
];
