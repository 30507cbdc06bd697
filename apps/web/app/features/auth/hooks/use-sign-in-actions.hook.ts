import { useCallback } from 'react';

type SignInActions = typeof import('../sign-in-actions');

let loading: Promise<SignInActions> | null = null;

function load(): Promise<SignInActions> {
  loading ??= import('../sign-in-actions').catch((error: unknown) => {
    // Let a later attempt try again (a flaky network should not break the form for good).
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * The sign-in actions, loaded on demand. `preload` is called when the visitor
 * focuses the form so the code is ready by the time they submit.
 */
export function useSignInActions(): { preload: () => void; actions: () => Promise<SignInActions> } {
  const preload = useCallback(() => {
    void load().catch(() => undefined);
  }, []);
  return { preload, actions: load };
}
