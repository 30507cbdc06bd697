import type { Context } from 'hono';
import type { Env } from '../env.js';

/**
 * The origin guests reach the product at, for links that leave the server (a
 * provider's redirect address, a link in an email): PUBLIC_URL when set, else
 * the request's own origin, as a trusted proxy forwarded it.
 */
export function publicOrigin(c: Context, env: Env): string {
  if (env.PUBLIC_URL) return env.PUBLIC_URL.replace(/\/+$/, '');
  const url = new URL(c.req.url);
  if (env.TRUST_PROXY) {
    const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim();
    const host = c.req.header('x-forwarded-host')?.split(',')[0]?.trim();
    if (proto === 'http' || proto === 'https') url.protocol = `${proto}:`;
    if (host) url.host = host;
  }
  return url.origin;
}
