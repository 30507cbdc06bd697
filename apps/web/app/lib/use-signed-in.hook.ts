import { useRouteLoaderData } from 'react-router';

/** What the root loader tells every page about the session cookie. */
export type RootLoaderData = { signedIn: boolean };

/**
 * Whether the session cookie names a signed-in account, as the server saw it
 * when it rendered or revalidated the root. The same answer on the server and
 * in the browser, so the navigation never flickers during hydration.
 */
export function useSignedIn(): boolean {
  const data = useRouteLoaderData('root') as RootLoaderData | undefined;
  return data?.signedIn === true;
}
