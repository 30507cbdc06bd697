import type { Language } from '@yado/contract/headers';
import type { Deps } from '../deps.js';

/** Who is calling: the identity behind a verified bearer token. */
export type Principal = { accountId: string; sessionId: string; email: string; roles: string[] };

export type CallContext = {
  /** The app's database, clock, settings and log: handlers pass them on to services. */
  deps: Deps;
  principal: Principal | null;
  language: Language;
  ip: string;
  userAgent: string;
  idempotencyKey: string | null;
  /** Where guests reach the product (PUBLIC_URL, else the request's origin), for links in mails. */
  publicOrigin: () => string;
};

export function requirePrincipal(ctx: CallContext): Principal {
  if (!ctx.principal) throw new Error('a method declared non-public ran without a principal');
  return ctx.principal;
}
