import type { Language } from '@yado/contract/headers';
import { IDENTITY_ROUTES, ProvidersSchema, type OidcProvider } from '@yado/contract/identity.contract';
import { getUser } from '@yado/contract/user.contract';
import { callMethod } from '../../lib/api-client';
import { apiErrorFromResponse, isReason } from '../../lib/api-error';
import {
  signInWithCustomToken,
  signInWithPassword,
  signInWithRedirectTokens,
  type IdentitySession,
} from '../../lib/identity-client';
import { sanitizeRedirectUrl } from '../../lib/redirect-url';
import { requestHeaders } from '../../lib/request-headers';
import { decideAfterSignIn, type PostSignInDecision, type UserLookup } from './post-sign-in-decision';

/*
 * Everything that talks to the identity service and the API while signing in.
 * The forms load this module when the visitor starts to use them, so the
 * first paint of /login carries no schema library.
 */

/** Fetches the user and decides where to go next (spec, section 4: sign-in). */
export async function continueAfterSignIn(
  session: IdentitySession,
  redirectUrl: string | null,
  language: Language,
): Promise<PostSignInDecision> {
  let user: UserLookup;
  try {
    await callMethod(getUser, {}, { language });
    user = 'found';
  } catch (error) {
    if (isReason(error, 'CodeUserNotFound')) {
      user = 'not-found';
    } else {
      console.error('Fetching the user after sign-in failed', error);
      user = 'failed';
    }
  }
  return decideAfterSignIn({ account: session, user, redirectUrl, language });
}

export async function passwordSignIn(
  email: string,
  password: string,
  redirectUrl: string | null,
  language: Language,
): Promise<PostSignInDecision> {
  const session = await signInWithPassword(email, password);
  return continueAfterSignIn(session, redirectUrl, language);
}

/** The /e2e/login bypass: the identity service mints a custom token for the email outside production. */
export async function e2eSignIn(
  email: string,
  staff: boolean,
  redirectUrl: string | null,
  language: Language,
): Promise<PostSignInDecision> {
  const response = await fetch(IDENTITY_ROUTES.e2eCustomToken, {
    method: 'POST',
    headers: requestHeaders(null, language),
    body: JSON.stringify({ email, roles: staff ? ['staff'] : [] }),
  });
  if (!response.ok) throw await apiErrorFromResponse(response);
  const { customToken } = (await response.json()) as { customToken: string };
  const session = await signInWithCustomToken(customToken);
  return continueAfterSignIn(session, redirectUrl, language);
}

export type RedirectFragment = {
  idToken: string;
  refreshToken: string;
  expiresIn: number;
  redirectUrl: string | null;
};

/** Reads `#idToken=…&refreshToken=…&expiresIn=…&redirectUrl=…` as the OpenID Connect return leaves it. */
export function parseRedirectFragment(hash: string): RedirectFragment | null {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const idToken = params.get('idToken');
  const refreshToken = params.get('refreshToken');
  const expiresIn = Number(params.get('expiresIn'));
  if (!idToken || !refreshToken || !Number.isFinite(expiresIn) || expiresIn <= 0) return null;
  return { idToken, refreshToken, expiresIn, redirectUrl: params.get('redirectUrl') };
}

export async function redirectSignIn(fragment: RedirectFragment, language: Language): Promise<PostSignInDecision> {
  const session = await signInWithRedirectTokens(fragment);
  return continueAfterSignIn(session, fragment.redirectUrl, language);
}

/** The OpenID Connect providers the server is configured for (none on a plain install). */
export async function fetchProviders(signal?: AbortSignal): Promise<OidcProvider[]> {
  const response = await fetch(IDENTITY_ROUTES.providers, { headers: requestHeaders(), ...(signal ? { signal } : {}) });
  if (!response.ok) return [];
  const parsed = ProvidersSchema.safeParse(await response.json());
  return parsed.success ? parsed.data.providers : [];
}

/** Where a provider button leads; the identity service brings the visitor back to /login/callback. */
export function oidcStartUrl(provider: OidcProvider, redirectUrl: string | null): string {
  const safe = sanitizeRedirectUrl(redirectUrl);
  const query = safe ? `?${new URLSearchParams({ redirectUrl: safe }).toString()}` : '';
  return `${IDENTITY_ROUTES.oidcStart(provider)}${query}`;
}
