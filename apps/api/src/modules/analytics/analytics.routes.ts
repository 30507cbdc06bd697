import { ANALYTICS_ROUTE, MAX_ANALYTICS_BODY_BYTES } from '@yado/contract/analytics.constants';
import { AnalyticsBatchSchema } from '@yado/contract/analytics.contract';
import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { AppError } from '../../platform/app-error.js';
import type { Deps } from '../../platform/deps.js';
import type { Principal } from '../../platform/http/call-context.js';
import { languageOf, toErrorResponse } from '../../platform/http/error-response.js';
import { assertStorableJson } from '../../platform/http/storable-text.js';
import { recordBatch } from './analytics.service.js';

/** The HttpOnly cookie /api/session sets (spec, section 3: a cookie named token). */
const SESSION_COOKIE = 'token';

/**
 * Beacons carry cookies, so another site could post events in a visitor's
 * name: only our own pages may send them.
 */
function isSameOrigin(c: Context): boolean {
  const site = c.req.header('sec-fetch-site');
  if (site && site !== 'same-origin') return false;
  const origin = c.req.header('origin');
  if (!origin) return site === 'same-origin';
  const host = c.req.header('x-forwarded-host') ?? c.req.header('host') ?? new URL(c.req.url).host;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** POST /api/analytics: a batch of events from `navigator.sendBeacon`, answered 204. */
export function mountAnalyticsRoutes(
  api: Hono,
  deps: Deps & { verifyIdToken: (t: string) => Promise<Principal> },
): void {
  const app = new Hono();
  app.post(ANALYTICS_ROUTE, async (c) => {
    try {
      if (!isSameOrigin(c)) throw new AppError('CodeCrossOriginRefused');
      if (Number(c.req.header('content-length') ?? '0') > MAX_ANALYTICS_BODY_BYTES) {
        throw new AppError('CodePayloadTooLarge');
      }
      const raw = await c.req.arrayBuffer();
      if (raw.byteLength > MAX_ANALYTICS_BODY_BYTES) throw new AppError('CodePayloadTooLarge');
      let json: unknown;
      try {
        json = JSON.parse(new TextDecoder().decode(raw));
      } catch {
        throw new AppError('CodeMalformedJson');
      }
      assertStorableJson(json);
      const batch = AnalyticsBatchSchema.parse(json);
      const bearer = /^Bearer (.+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
      const token = bearer ?? getCookie(c, SESSION_COOKIE);
      // An expired or forged token makes the events anonymous rather than lost.
      const principal = token ? await deps.verifyIdToken(token).catch(() => null) : null;
      await recordBatch(deps, batch, {
        accountId: principal?.accountId ?? null,
        userAgent: c.req.header('user-agent'),
      });
      return c.body(null, 204, { 'Cache-Control': 'no-store' });
    } catch (err) {
      const { status, body, headers } = toErrorResponse(err, languageOf(c.req.header('accept-language')), deps.log);
      return c.json(body, status as 400, headers);
    }
  });
  api.route('/', app);
}
