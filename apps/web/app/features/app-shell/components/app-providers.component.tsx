import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { swrConfig } from '../../../lib/swr-config';
import { GlobalUi } from './global-ui.component';

/** The app-wide providers around every page (one SWR configuration) and the shared interface after it. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={swrConfig}>
      {children}
      <GlobalUi />
    </SWRConfig>
  );
}
