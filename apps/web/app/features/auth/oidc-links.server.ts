import { IDENTITY_ROUTES, ProvidersSchema, type OidcProvider } from '@yado/contract/identity.contract';
import type { AppLoadContext } from '../../lib/load-context';

export type OidcLink = { provider: OidcProvider; href: string };

/** Where a provider button leads; the identity service brings the visitor back to /login/callback. */
export function oidcStartUrl(provider: OidcProvider, redirectUrl: string): string {
  return `${IDENTITY_ROUTES.oidcStart(provider)}?${new URLSearchParams({ redirectUrl }).toString()}`;
}

/**
 * The Google and Apple buttons the server is configured for, asked on the server so that they are
 * in the page's first paint and the browser loads no schema library for them. Without an answer
 * the password form still works: no buttons.
 */
export async function loadOidcLinks(context: AppLoadContext, redirectUrl: string): Promise<OidcLink[]> {
  try {
    const response = await context.fetchApi(IDENTITY_ROUTES.providers);
    if (!response.ok) return [];
    const parsed = ProvidersSchema.safeParse(await response.json());
    if (!parsed.success) return [];
    return parsed.data.providers.map((provider) => ({ provider, href: oidcStartUrl(provider, redirectUrl) }));
  } catch {
    return [];
  }
}
