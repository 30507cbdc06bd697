import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession, UNKNOWN_SESSION, type SessionState } from './session-store';

/** The signed-in user and owner flag; `unknown` on the server and until the browser has checked. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession, () => UNKNOWN_SESSION);
}
