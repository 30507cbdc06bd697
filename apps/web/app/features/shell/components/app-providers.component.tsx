import type { ReactNode } from 'react';
import { GlobalUi } from './global-ui.component';

/** Every page, then the interface all pages share (SWR's configuration travels with each read: lib/use-api-query.hook.ts). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <GlobalUi />
    </>
  );
}
