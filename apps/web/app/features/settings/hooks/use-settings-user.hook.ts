import { getUser, type User } from '@yado/contract/user.contract';
import { useCallback } from 'react';
import { useApiQuery } from '../../../lib/use-api-query.hook';

/**
 * The signed-in user of a settings page: the server's copy first, then the
 * shared get_user cache, which each change here updates, so my page shows
 * the change on the way back without another request.
 */
export function useSettingsUser(loaded: User): { user: User; setUser: (user: User) => void } {
  const { data: user = loaded, mutate } = useApiQuery(getUser, {}, { fallbackData: loaded, revalidateOnMount: false });
  const setUser = useCallback((next: User) => void mutate(next, { revalidate: false }), [mutate]);
  return { user, setUser };
}
