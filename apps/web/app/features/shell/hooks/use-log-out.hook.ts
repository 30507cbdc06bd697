import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useLoadingOverlay } from '../../../components/ui/use-loading-overlay.hook';
import { localizePath } from '../../../lib/language';
import { signOutEverywhere } from '../../../lib/sign-out';
import { useLanguage } from '../../../lib/use-language.hook';

/**
 * Logging out from the navigation: the page is blocked by the loading
 * overlay until the session is gone everywhere, then the visitor lands on
 * /login (spec, section 4).
 */
export function useLogOut(): () => Promise<void> {
  const language = useLanguage();
  const navigate = useNavigate();
  const overlay = useLoadingOverlay();
  return useCallback(
    () =>
      overlay.run(async () => {
        await signOutEverywhere();
        await navigate(localizePath('/login', language), { replace: true });
      }),
    [language, navigate, overlay],
  );
}
