import { getUser } from '@yado/contract/user.contract';
import { describe, expect, it, vi } from 'vitest';
import { callMethod } from './api-client';
import { ApiError, apiErrorFrom } from './api-error';

// The signed-in token comes from the identity client; here it hands out a stale one, then a fresh one.
const identity = vi.hoisted(() => ({ token: 'stale', refreshed: 0 }));
vi.mock('./identity-client', () => ({
  getIdToken: async () => identity.token,
  refresh: async () => {
    identity.refreshed += 1;
    identity.token = 'fresh';
    return true;
  },
}));

const user = {
  id: 'u1',
  userNumber: '1000001',
  firstName: 'Hanako',
  lastName: 'Yamada',
  romanizedFirstName: 'Hanako',
  romanizedLastName: 'Yamada',
  emailAddress: 'hanako@example.com',
  emailAddressVerified: true,
  phoneNumber: null,
  phoneNumberVerified: false,
  postalAddress: { countryCode: '', postalCode: '', state: '', city: '', street1: '', street2: '' },
  nationalityCountryCode: 'JP',
  occupation: null,
  userType: 'USER_TYPE_GUEST',
  profilePhotoUrl: '',
  createdAt: { year: 2025, month: 1, day: 2, hours: 3, minutes: 4, seconds: 5, nanos: 0, utcOffset: '+09:00' },
  updatedAt: { year: 2025, month: 1, day: 2, hours: 3, minutes: 4, seconds: 5, nanos: 0, utcOffset: '+09:00' },
};

function jsonResponse(status: number, body: unknown): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

describe('apiErrorFrom', () => {
  it('reads the API error object, preferring the localized message for display', () => {
    const error = apiErrorFrom(
      404,
      JSON.stringify({
        status: 404,
        code: 'NOT_FOUND',
        message: 'No user is registered for this account yet.',
        errorInfo: { reason: 'CodeUserNotFound' },
        localizedMessage: 'このアカウントのユーザー登録がまだ完了していません。',
      }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', reason: 'CodeUserNotFound', fields: [] });
    expect(error.displayMessage).toBe('このアカウントのユーザー登録がまだ完了していません。');
  });

  it('keeps the fields of a validation error', () => {
    const error = apiErrorFrom(
      400,
      JSON.stringify({
        status: 400,
        code: 'INVALID_ARGUMENT',
        message: 'Some of the information sent is not valid. (firstName)',
        errorInfo: { reason: 'CodeInvalidArgument', fields: [{ field: 'firstName', description: 'Too small' }] },
        localizedMessage: '送信された内容に誤りがあります。 (firstName)',
      }),
    );
    expect(error.fields).toEqual([{ field: 'firstName', description: 'Too small' }]);
    // Under the field itself, the words alone.
    expect(error.fieldMessage).toBe('送信された内容に誤りがあります。');
    expect(error.displayMessage).toBe('送信された内容に誤りがあります。 (firstName)');
  });

  it('gives the same words under a field as elsewhere when no field is named', () => {
    const error = apiErrorFrom(
      400,
      JSON.stringify({ status: 400, errorInfo: { reason: 'CodeX' }, localizedMessage: 'Wrong (as it says).' }),
    );
    expect(error.fieldMessage).toBe('Wrong (as it says).');
  });

  it('still gives the status when the body is not the error object', () => {
    const error = apiErrorFrom(502, '<html>Bad gateway</html>');
    expect(error).toMatchObject({ status: 502, code: 'UNKNOWN', reason: '', localizedMessage: '' });
    expect(error.displayMessage).toBe('Request failed with status 502');
  });

  it('survives an empty body and odd shapes', () => {
    expect(apiErrorFrom(500, '')).toMatchObject({ status: 500, reason: '' });
    expect(apiErrorFrom(400, '[1,2]')).toMatchObject({ status: 400, reason: '' });
    expect(apiErrorFrom(400, JSON.stringify({ errorInfo: { reason: 7, fields: 'x' } }))).toMatchObject({
      reason: '',
      fields: [],
    });
  });
});

describe('callMethod', () => {
  it('posts JSON to /app/v1/<method> with the token, language and client headers', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, user));
    const result = await callMethod(getUser, {}, { token: 'tok', language: 'ja', fetch: fetchMock });
    expect(result.userNumber).toBe('1000001');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/app/v1/get_user');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{}');
    expect(init.headers).toMatchObject({
      authorization: 'Bearer tok',
      'accept-language': 'ja',
      'content-type': 'application/json',
      'x-yado-platform': 'web',
      'x-yado-web-app-version': 'v0.1.119',
    });
  });

  it('sends extra headers such as an idempotency key', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, user));
    await callMethod(getUser, {}, { token: 'tok', headers: { 'idempotency-key': 'k-1' }, fetch: fetchMock });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).toMatchObject({ 'idempotency-key': 'k-1', authorization: 'Bearer tok' });
  });

  it('throws an ApiError for a non-OK answer', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse(404, {
        status: 404,
        code: 'NOT_FOUND',
        message: 'No user is registered for this account yet.',
        errorInfo: { reason: 'CodeUserNotFound' },
        localizedMessage: 'No user is registered for this account yet.',
      }),
    );
    await expect(callMethod(getUser, {}, { token: 'tok', fetch: fetchMock })).rejects.toMatchObject({
      name: 'ApiError',
      status: 404,
      reason: 'CodeUserNotFound',
    });
  });

  it('rejects an answer that does not match the contract', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { id: 'u1' }));
    await expect(callMethod(getUser, {}, { token: 'tok', fetch: fetchMock })).rejects.toThrow();
  });

  it('refreshes an expired token once and repeats the call', async () => {
    const expired = {
      status: 401,
      code: 'UNAUTHENTICATED',
      message: 'Your session has expired. Please sign in again.',
      errorInfo: { reason: 'CodeTokenExpired' },
      localizedMessage: 'Your session has expired. Please sign in again.',
    };
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
      (init?.headers as Record<string, string>).authorization === 'Bearer fresh'
        ? jsonResponse(200, user)
        : jsonResponse(401, expired),
    );
    await expect(callMethod(getUser, {}, { fetch: fetchMock as typeof fetch })).resolves.toMatchObject({
      userNumber: '1000001',
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(identity.refreshed).toBe(1);

    // A second expiry right after is not retried again and again.
    const alwaysExpired = vi.fn(async () => jsonResponse(401, expired));
    await expect(callMethod(getUser, {}, { fetch: alwaysExpired })).rejects.toMatchObject({
      reason: 'CodeTokenExpired',
    });
    expect(alwaysExpired).toHaveBeenCalledTimes(2);
  });
});
