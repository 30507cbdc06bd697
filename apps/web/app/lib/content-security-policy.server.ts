import { randomBytes } from 'node:crypto';

/** A fresh nonce for one page response: 128 random bits. */
export const newCspNonce = (): string => randomBytes(16).toString('base64');

/**
 * The policy of every server-rendered page (decision 0019). Scripts run only with the page's
 * nonce, and what they load (the app's modules, the service worker's registration) is trusted
 * through them ('strict-dynamic'); 'unsafe-inline' and https: are ignored by every browser that
 * knows nonces and only keep old ones working. Styles: the inlined base styles carry the nonce, the
 * route stylesheets are same-origin files. Images are same-origin photos and data: URLs (the
 * favicon, previews), and the OpenStreetMap tiles of the vehicle controller's map (decision 0039:
 * images only, so a tile can show nothing but a picture); everything the app fetches is same-origin
 * (the API, /monitoring).
 */
export function pageContentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic' 'unsafe-inline' https:`,
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data: blob: https://tile.openstreetmap.org",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}
