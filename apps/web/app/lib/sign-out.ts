import { signOut as signOutOfIdentity } from './identity-client';
import { requestHeaders } from './request-headers';

/**
 * Sign-out as the specification describes it (section 4): the session
 * endpoint revokes and clears the cookie (its errors are only logged, so a
 * broken network never keeps someone signed in locally), then the identity
 * service signs out and local state is cleared.
 */
export async function signOutEverywhere(): Promise<void> {
  try {
    const response = await fetch('/api/sessionLogout', {
      method: 'POST',
      headers: requestHeaders(),
      credentials: 'include',
    });
    if (!response.ok) console.warn('Session sign-out answered', response.status);
  } catch (error) {
    console.warn('Session sign-out failed', error);
  }
  await signOutOfIdentity();
}
