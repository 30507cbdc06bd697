import { describe, expect, it } from 'vitest';
import { errorBody, ERROR_CATALOGUE } from './error-catalogue.js';
import { UserType } from './user.contract.js';

describe('enumerations', () => {
  it('reads an unknown value as UNRECOGNIZED on the client and refuses it on the server', () => {
    expect(UserType.lenient.parse('USER_TYPE_OWNER')).toBe('USER_TYPE_OWNER');
    expect(UserType.lenient.parse('USER_TYPE_PARTNER')).toBe('UNRECOGNIZED');
    expect(UserType.strict.safeParse('USER_TYPE_PARTNER').success).toBe(false);
  });
});

describe('the error catalogue', () => {
  it('has an English and a Japanese message for every reason', () => {
    for (const [reason, entry] of Object.entries(ERROR_CATALOGUE)) {
      expect(entry.en, reason).toMatch(/\S/);
      expect(entry.ja, reason).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
      expect(entry.status, reason).toBeGreaterThanOrEqual(400);
    }
  });

  it('builds the API error object of the specification', () => {
    expect(errorBody('CodeUserNotFound', 'ja')).toEqual({
      status: 404,
      code: 'NOT_FOUND',
      message: ERROR_CATALOGUE.CodeUserNotFound.en,
      errorInfo: { reason: 'CodeUserNotFound' },
      localizedMessage: ERROR_CATALOGUE.CodeUserNotFound.ja,
    });
  });
});
