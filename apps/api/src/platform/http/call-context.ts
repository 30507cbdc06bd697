import type { Language } from '@yado/contract/headers';

/** Who is calling: the identity behind a verified bearer token. */
export type Principal = { accountId: string; sessionId: string; email: string; roles: string[] };

export type CallContext = {
  principal: Principal | null;
  language: Language;
  ip: string;
  userAgent: string;
  idempotencyKey: string | null;
};

export function requirePrincipal(ctx: CallContext): Principal {
  if (!ctx.principal) throw new Error('a method declared non-public ran without a principal');
  return ctx.principal;
}
