import { randomBytes } from 'node:crypto';
import { IDENTITY_ROUTES, type TokenResponse } from '@yado/contract/identity.contract';
import type { MethodInput } from '@yado/contract/method';
import { createUser, type User } from '@yado/contract/user.contract';
import type { TestApi } from './test-api.js';

/** What create_user accepts. */
export type UserFields = MethodInput<typeof createUser>;

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomBytes(5).toString('hex')}@example.com`;

/** The fields create_user needs, for a Japanese guest. */
export function userFields(overrides: Partial<UserFields> = {}): UserFields {
  return {
    firstName: '太郎',
    lastName: '山田',
    romanizedFirstName: 'Taro',
    romanizedLastName: 'Yamada',
    nationalityCountryCode: 'JP',
    ...overrides,
  };
}

/**
 * Signs in an account whose email the identity service has verified (as a
 * provider such as Google would vouch), through the development custom-token route.
 */
export async function signInVerified(t: TestApi, email = uniqueEmail('verified')): Promise<TokenResponse> {
  const minted = await t.identityPost<{ customToken: string }>(IDENTITY_ROUTES.e2eCustomToken, { email });
  if (minted.status !== 200) throw new Error(`custom token failed: ${JSON.stringify(minted.body)}`);
  const res = await t.identityPost<TokenResponse>(IDENTITY_ROUTES.signInWithCustomToken, {
    token: minted.body.customToken,
  });
  if (res.status !== 200) throw new Error(`custom-token sign-in failed: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A signed-up account with its user registered; the password account's email is not verified yet. */
export async function registeredUser(
  t: TestApi,
  overrides: Partial<UserFields> = {},
  opts: { verifiedEmail?: boolean; email?: string } = {},
): Promise<{ token: string; tokens: TokenResponse; user: User; email: string }> {
  const email = opts.email ?? uniqueEmail();
  const tokens = opts.verifiedEmail ? await signInVerified(t, email) : await t.signUp(email);
  const res = await t.call(createUser, userFields(overrides), { token: tokens.idToken });
  if (res.status !== 200) throw new Error(`create_user failed: ${JSON.stringify(res.body)}`);
  return { token: tokens.idToken, tokens, user: res.body, email };
}

/** The newest code sent to an email address or phone number, read from the development outbox. */
export async function latestCodeFor(t: TestApi, recipient: string): Promise<string> {
  const res = await t.raw(`/dev/outbox.json?recipient=${encodeURIComponent(recipient)}`);
  const body = (await res.json()) as { messages: { body: string }[] };
  const text = body.messages[0]?.body ?? '';
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${recipient}`);
  return code;
}
