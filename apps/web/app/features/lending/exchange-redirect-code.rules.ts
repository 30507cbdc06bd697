/**
 * The NAC exchange's authorisation and transfer redirects (spec, section 8): the exchange sends the
 * customer back with `error` (the first list) and an error detail message (the second list). The
 * product shows one four-digit code: the first list's two digits as the prefix, the second list's as
 * the suffix ("0407": access_denied, user cancelled). The spec leaves the prefix digits unshown; the
 * first list's own numbers are used (docs/decisions/0049-lending.md).
 */

export const AUTHORIZATION_ERRORS = {
  UNKNOWN: '00',
  INVALID_STATUS: '01',
  INVALID_SCOPE: '02',
  INVALID_REQUEST: '03',
  ACCESS_DENIED: '04',
  SERVER_ERROR: '05',
} as const;
export type AuthorizationError = keyof typeof AUTHORIZATION_ERRORS;

export const DETAIL_ERRORS = {
  UNKNOWN: '00',
  SIZE_LIMIT: '01',
  INTERNAL_ERROR: '02',
  OUT_OF_SCOPE: '03',
  REQUEST_PARAMETER_INVALID: '04',
  TRANSFER_LIMIT: '05',
  REVOKE_TOKEN: '06',
  USER_CANCELLED: '07',
  CORPORATE_ACCOUNT_IS_INVALID: '08',
  NO_ACCOUNT_OPENED: '09',
  SCOPE_NOT_MATCH: '10',
  STATE_NOT_FOUND: '11',
  CODE_CHALLENGE_NOT_FOUND: '12',
  CHALLENGE_METHOD_NOT_MATCH: '13',
  RESPONSE_TYPE_NOT_MATCH: '14',
  RESPONSE_MODE_NOT_MATCH: '15',
  ACCESS_DENIED: '16',
} as const;
export type DetailError = keyof typeof DETAIL_ERRORS;

const AUTHORIZATION_VALUES: Record<string, AuthorizationError> = {
  invalid_status: 'INVALID_STATUS',
  invalid_scope: 'INVALID_SCOPE',
  invalid_request: 'INVALID_REQUEST',
  access_denied: 'ACCESS_DENIED',
  server_error: 'SERVER_ERROR',
};

const DETAIL_PHRASES: Record<string, DetailError> = {
  'size limit': 'SIZE_LIMIT',
  'internal error': 'INTERNAL_ERROR',
  'out of scope': 'OUT_OF_SCOPE',
  'request parameter invalid': 'REQUEST_PARAMETER_INVALID',
  'transfer limit': 'TRANSFER_LIMIT',
  'revoke token': 'REVOKE_TOKEN',
  'user cancelled': 'USER_CANCELLED',
  'corporate account is invalid': 'CORPORATE_ACCOUNT_IS_INVALID',
  'no account opened': 'NO_ACCOUNT_OPENED',
  'scope not match': 'SCOPE_NOT_MATCH',
  'state not found': 'STATE_NOT_FOUND',
  'code_challenge not found': 'CODE_CHALLENGE_NOT_FOUND',
  'challenge_method not match': 'CHALLENGE_METHOD_NOT_MATCH',
  'response_type not match': 'RESPONSE_TYPE_NOT_MATCH',
  'response_mode not match': 'RESPONSE_MODE_NOT_MATCH',
  'access denied': 'ACCESS_DENIED',
};

export type RedirectError = { code: string; authorization: AuthorizationError; detail: DetailError };

/**
 * The combined code of a redirect's `error` and detail message, or null when the redirect carries
 * no error (the exchange sent the customer back after a success). Anything not in a list is UNKNOWN;
 * the detail is matched as a lowercase phrase, whatever its case and surrounding spaces.
 */
export function redirectError(error: string | null, description: string | null): RedirectError | null {
  if (!error) return null;
  const authorization = AUTHORIZATION_VALUES[error.trim().toLowerCase()] ?? 'UNKNOWN';
  const phrase = (description ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
  const detail = DETAIL_PHRASES[phrase] ?? 'UNKNOWN';
  return { code: `${AUTHORIZATION_ERRORS[authorization]}${DETAIL_ERRORS[detail]}`, authorization, detail };
}
