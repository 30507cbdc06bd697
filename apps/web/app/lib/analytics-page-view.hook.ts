import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { logEvent } from './analytics';

/** A page_view event on every route change (spec, section 7), including the first page. */
export function usePageViewTracking(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    logEvent('page_view', pathname);
  }, [pathname]);
}
