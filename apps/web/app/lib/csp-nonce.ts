import { createContext, useContext } from 'react';

/**
 * The page's Content-Security-Policy nonce, given by the server entry (entry.server.tsx) to the
 * inline scripts and styles the root renders. In the browser there is none: those elements have
 * run by then, and React does not touch them when it hydrates.
 */
export const CspNonceContext = createContext<string | undefined>(undefined);

export const useCspNonce = (): string | undefined => useContext(CspNonceContext);
