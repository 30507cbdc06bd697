import type { User } from '@yado/contract/user.contract';

/**
 * Who is signed in, as the browser knows it: the user, whether they are an
 * owner, and their account. `unknown` until the first token change has been
 * handled (server renders and the first paint), so screens can tell "not yet
 * known" from "signed out".
 */
export type SessionState =
  | { status: 'unknown'; user: null; isOwner: false; accountId: null }
  | { status: 'signed-out'; user: null; isOwner: false; accountId: null }
  | { status: 'signed-in'; user: User | null; isOwner: boolean; accountId: string };

export const UNKNOWN_SESSION: SessionState = { status: 'unknown', user: null, isOwner: false, accountId: null };
const SIGNED_OUT: SessionState = { status: 'signed-out', user: null, isOwner: false, accountId: null };

export const OWNER_USER_TYPE = 'USER_TYPE_OWNER';

let state: SessionState = UNKNOWN_SESSION;
const subscribers = new Set<() => void>();

function publish(next: SessionState): void {
  state = next;
  for (const subscriber of subscribers) subscriber();
}

export function getSession(): SessionState {
  return state;
}

/**
 * Stores the signed-in account and its user (null while registration has
 * not created one). The owner flag follows the user type (spec, section 6).
 */
export function setSignedIn(accountId: string, user: User | null): void {
  publish({ status: 'signed-in', accountId, user, isOwner: user?.userType === OWNER_USER_TYPE });
}

export function clearSession(): void {
  publish(SIGNED_OUT);
}

export function subscribeSession(subscriber: () => void): () => void {
  subscribers.add(subscriber);
  return () => subscribers.delete(subscriber);
}
