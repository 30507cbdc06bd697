import { describe, expect, it } from 'vitest';
import { DETAIL_ERRORS, redirectError } from './exchange-redirect-code.rules';

describe('redirectError', () => {
  it.each([
    ['access_denied', 'user cancelled', '0407', 'ACCESS_DENIED', 'USER_CANCELLED'],
    ['invalid_request', 'transfer limit', '0305', 'INVALID_REQUEST', 'TRANSFER_LIMIT'],
    ['server_error', 'internal error', '0502', 'SERVER_ERROR', 'INTERNAL_ERROR'],
    ['invalid_scope', 'scope not match', '0210', 'INVALID_SCOPE', 'SCOPE_NOT_MATCH'],
    ['invalid_status', 'state not found', '0111', 'INVALID_STATUS', 'STATE_NOT_FOUND'],
    ['invalid_request', 'code_challenge not found', '0312', 'INVALID_REQUEST', 'CODE_CHALLENGE_NOT_FOUND'],
    ['invalid_request', 'challenge_method not match', '0313', 'INVALID_REQUEST', 'CHALLENGE_METHOD_NOT_MATCH'],
    ['invalid_request', 'response_type not match', '0314', 'INVALID_REQUEST', 'RESPONSE_TYPE_NOT_MATCH'],
    ['invalid_request', 'response_mode not match', '0315', 'INVALID_REQUEST', 'RESPONSE_MODE_NOT_MATCH'],
    ['access_denied', 'access denied', '0416', 'ACCESS_DENIED', 'ACCESS_DENIED'],
    ['access_denied', 'revoke token', '0406', 'ACCESS_DENIED', 'REVOKE_TOKEN'],
    ['invalid_request', 'size limit', '0301', 'INVALID_REQUEST', 'SIZE_LIMIT'],
    ['invalid_scope', 'out of scope', '0203', 'INVALID_SCOPE', 'OUT_OF_SCOPE'],
    ['invalid_request', 'request parameter invalid', '0304', 'INVALID_REQUEST', 'REQUEST_PARAMETER_INVALID'],
    ['access_denied', 'corporate account is invalid', '0408', 'ACCESS_DENIED', 'CORPORATE_ACCOUNT_IS_INVALID'],
    ['access_denied', 'no account opened', '0409', 'ACCESS_DENIED', 'NO_ACCOUNT_OPENED'],
    // Case and spacing do not matter; anything else is UNKNOWN.
    ['ACCESS_DENIED', '  User   Cancelled ', '0407', 'ACCESS_DENIED', 'USER_CANCELLED'],
    ['temporarily_unavailable', 'user cancelled', '0007', 'UNKNOWN', 'USER_CANCELLED'],
    ['server_error', 'something else', '0500', 'SERVER_ERROR', 'UNKNOWN'],
    ['server_error', null, '0500', 'SERVER_ERROR', 'UNKNOWN'],
  ])('%s + %j → %s', (error, description, code, authorization, detail) => {
    expect(redirectError(error, description)).toEqual({ code, authorization, detail });
  });

  it('is null when the redirect carries no error', () => {
    expect(redirectError(null, null)).toBeNull();
    expect(redirectError('', 'user cancelled')).toBeNull();
  });

  it('gives every detail a distinct two-digit suffix', () => {
    const suffixes = Object.values(DETAIL_ERRORS);
    expect(new Set(suffixes).size).toBe(suffixes.length);
    expect(suffixes.every((s) => /^\d\d$/.test(s))).toBe(true);
  });
});
