import type { Language } from '@yado/contract/headers';
import { localizePath } from '../../lib/language';
import { redirectTarget, withRedirectUrl } from '../../lib/redirect-url';

export type UserLookup = 'found' | 'not-found' | 'failed';

export type PostSignInDecision =
  { kind: 'signed-in'; to: string } | { kind: 'register'; to: string } | { kind: 'failed'; to: string };

/**
 * Where a visitor goes once the identity service has signed them in (spec,
 * section 4). A returning account (creation time differs from last sign-in)
 * with a user goes to redirectUrl or /mypage. A first sign-in, or an account
 * whose user is missing (404 CodeUserNotFound), goes to /register carrying
 * redirectUrl. Any other failure goes to /404.
 */
export function decideAfterSignIn(input: {
  account: { creationTime: string; lastSignInTime: string };
  user: UserLookup;
  redirectUrl: string | null | undefined;
  language: Language;
}): PostSignInDecision {
  const { account, user, redirectUrl, language } = input;
  if (user === 'failed') return { kind: 'failed', to: localizePath('/404', language) };
  if (user === 'found' && account.creationTime !== account.lastSignInTime) {
    return { kind: 'signed-in', to: redirectTarget(redirectUrl, localizePath('/mypage', language)) };
  }
  return { kind: 'register', to: withRedirectUrl(localizePath('/register', language), redirectUrl) };
}
