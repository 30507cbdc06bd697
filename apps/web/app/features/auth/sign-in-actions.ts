import type { Language } from '@yado/contract/headers';
import { IDENTITY_ROUTES } from '@yado/contract/identity.contract';
import { apiErrorFromResponse } from '../../lib/api-error';
import { signInWithCustomToken, signInWithPassword, signInWithRedirectTokens } from '../../lib/identity-client';
import { requestHeaders } from '../../lib/request-headers';
import type { PostSignInDecision } from './post-sign-in-decision';
import { browserSessionEffects } from './session-effects';
import { redirectSignIn as redirectSignInFlow, signIn } from './session-flows';

/*
 * Everything that talks to the identity service and the API while signing in.
 * The forms load this module when the visitor starts to use them, so the
 * first paint of /login carries no schema library.
 */

export async function passwordSignIn(
  email: string,
  password: string,
  redirectUrl: string | null,
  language: Language,
): Promise<PostSignInDecision> {
  return signIn(() => signInWithPassword(email, password), redirectUrl, language, browserSessionEffects);
}

/** The /e2e/login bypass: the identity service mints a custom token for the email outside production. */
export async function e2eSignIn(
  email: string,
  staff: boolean,
  redirectUrl: string | null,
  language: Language,
): Promise<PostSignInDecision> {
  const viaCustomToken = async () => {
    const response = await fetch(IDENTITY_ROUTES.e2eCustomToken, {
      method: 'POST',
      headers: requestHeaders(null, language),
      body: JSON.stringify({ email, roles: staff ? ['staff'] : [] }),
    });
    if (!response.ok) throw await apiErrorFromResponse(response);
    const { customToken } = (await response.json()) as { customToken: string };
    return signInWithCustomToken(customToken);
  };
  return signIn(viaCustomToken, redirectUrl, language, browserSessionEffects);
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

/** The OpenID Connect return: never throws; unexpected errors land on /404 and are reported. */
export function redirectSignIn(fragment: RedirectFragment, language: Language): Promise<PostSignInDecision> {
  return redirectSignInFlow(
    () => signInWithRedirectTokens(fragment),
    fragment.redirectUrl,
    language,
    browserSessionEffects,
  );
}

/** The OpenID Connect providers the server is configured for (none on a plain install). */
