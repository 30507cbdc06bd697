import { API_PREFIX } from '@yado/contract/headers';
import type { MethodDef } from '@yado/contract/method';
import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import { AppError } from '../app-error.js';
import type { Deps } from '../deps.js';
import type { Logger } from '../logger.js';
import type { CallContext, Principal } from './call-context.js';
import { languageOf, toErrorResponse, zodFields } from './error-response.js';
import { clientIp } from './client-ip.js';
import { publicOrigin } from './public-origin.js';
import { checkKey, requestHash, runOnce } from './idempotency.js';
import { assertStorableJson } from './storable-text.js';

export type Handler<D extends MethodDef = MethodDef> = (
  ctx: CallContext,
  input: z.output<D['input']>,
) => Promise<z.input<D['output']>>;

export type Implementation = { def: MethodDef; handler: Handler };

/** Pairs a contract method with the function that serves it; types flow from the contract. */
export function implement<D extends MethodDef>(def: D, handler: Handler<D>): Implementation {
  return { def, handler: handler as unknown as Handler };
}

export type RpcOptions = {
  deps: Deps;
  implementations: Implementation[];
  /** Verifies a bearer token; throws AppError(CodeUnauthenticated|CodeTokenExpired) when it is not valid. */
  authenticate: (token: string) => Promise<Principal>;
  /** Whether the identity's user is an owner, for owner-only methods. */
  isOwner: (principal: Principal) => Promise<boolean>;
  log: Logger;
  trustProxy: boolean;
  maxBodyBytes?: number;
};

export const MAX_BODY_BYTES = 4 * 1024 * 1024;

/**
 * The product API of spec section 7: POST /app/v1/{method} with a JSON body.
 * Input is parsed by the method's contract schema before the handler runs and
 * the result by its output schema before it is sent, so only contract fields
 * ever leave the server.
 */
export function createRpcApp(opts: RpcOptions): Hono {
  const byPath = new Map(opts.implementations.map((i) => [i.def.path, i]));
  const maxBody = opts.maxBodyBytes ?? MAX_BODY_BYTES;
  const app = new Hono();

  const fail = (c: Context, err: unknown) => {
    const { status, body, headers } = toErrorResponse(err, languageOf(c.req.header('accept-language')), opts.log);
    for (const [k, v] of Object.entries(headers)) c.header(k, v);
    c.header('Cache-Control', 'no-store');
    return c.json(body, status as 400);
  };

  app.all(`${API_PREFIX}/:method{[A-Za-z0-9_]+}`, async (c) => {
    try {
      const impl = byPath.get(c.req.param('method'));
      if (!impl) throw new AppError('CodeMethodNotFound');
      if (c.req.method !== 'POST') {
        c.header('Allow', 'POST');
        throw new AppError('CodeHttpMethodNotAllowed');
      }
      const limit = impl.def.maxBodyBytes ?? maxBody;
      const declared = Number(c.req.header('content-length') ?? '0');
      if (declared > limit) throw new AppError('CodePayloadTooLarge');
      const raw = await c.req.arrayBuffer();
      if (raw.byteLength > limit) throw new AppError('CodePayloadTooLarge');
      let json: unknown = {};
      if (raw.byteLength > 0) {
        try {
          json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(raw));
        } catch {
          throw new AppError('CodeMalformedJson');
        }
      }

      const principal = await resolvePrincipal(c.req.header('authorization'), impl.def, opts);
      // Before the contract, for every method at once: no text PostgreSQL would refuse reaches a handler.
      assertStorableJson(json);
      const parsed = impl.def.input.safeParse(json);
      if (!parsed.success) throw new AppError('CodeInvalidArgument', { fields: zodFields(parsed.error) });

      const ctx: CallContext = {
        deps: opts.deps,
        principal,
        language: languageOf(c.req.header('accept-language')),
        ip: clientIp(c, opts.trustProxy),
        userAgent: c.req.header('user-agent') ?? '',
        idempotencyKey: c.req.header('idempotency-key') ?? null,
        publicOrigin: () => publicOrigin(c, opts.deps.env),
      };
      const answer = async (): Promise<object> => {
        const result = await impl.handler(ctx, parsed.data);
        const out = impl.def.output.safeParse(result);
        if (!out.success) {
          opts.log.error('output failed its contract schema', {
            method: impl.def.path,
            issues: zodFields(out.error),
          });
          throw new AppError('CodeInternal');
        }
        return out.data as object;
      };
      c.header('Cache-Control', 'no-store');
      if (!impl.def.idempotent || ctx.idempotencyKey === null || principal === null) return c.json(await answer());

      checkKey(ctx.idempotencyKey);
      const ref = { accountId: principal.accountId, method: impl.def.path, key: ctx.idempotencyKey };
      // Refusals are part of the first answer too (a declined card stays declined on a retry).
      const stored = await runOnce(opts.deps, ref, requestHash(json), async () => {
        try {
          return { status: 200, body: await answer() };
        } catch (err) {
          const { status, body } = toErrorResponse(err, ctx.language, opts.log);
          return { status, body };
        }
      });
      if (stored.replayed) c.header('Idempotent-Replayed', 'true');
      return c.json(stored.body as object, stored.status as 200);
    } catch (err) {
      return fail(c, err);
    }
  });

  app.all(`${API_PREFIX}/*`, (c) => fail(c, new AppError('CodeMethodNotFound')));
  return app;
}

async function resolvePrincipal(
  authorization: string | undefined,
  def: MethodDef,
  opts: RpcOptions,
): Promise<Principal | null> {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  if (!token) {
    if (def.access === 'public') return null;
    throw new AppError('CodeUnauthenticated');
  }
  let principal: Principal;
  try {
    principal = await opts.authenticate(token);
  } catch (err) {
    // A public method still answers a caller whose token has expired.
    if (def.access === 'public') return null;
    throw err;
  }
  if (def.access === 'staff' && !principal.roles.includes('staff')) throw new AppError('CodePermissionDenied');
  if (def.access === 'owner' && !(await opts.isOwner(principal))) throw new AppError('CodeOwnerOnly');
  return principal;
}
