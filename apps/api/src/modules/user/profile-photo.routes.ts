import type { Hono } from 'hono';
import type { Deps } from '../../platform/deps.js';
import { getProfilePhoto } from './profile-photo.service.js';
import { PROFILE_PHOTO_PATH_PREFIX } from './user.service.js';

// Every upload gets a new id and so a new URL: the content behind a URL never changes.
const CACHE_FOREVER = 'public, max-age=31536000, immutable';

/** GET /media/profile-photos/<id>.jpg, the address in a user's profilePhotoUrl. */
export function mountProfilePhotoRoutes(app: Hono, deps: Deps): void {
  app.get(`${PROFILE_PHOTO_PATH_PREFIX}:file{[0-9a-f]+\\.jpg}`, async (c) => {
    const id = c.req.param('file').slice(0, -'.jpg'.length);
    const etag = `"${id}"`;
    if (
      c.req
        .header('if-none-match')
        ?.split(',')
        .some((t) => t.trim() === etag || t.trim() === `W/${etag}`)
    ) {
      return c.body(null, 304, { ETag: etag, 'Cache-Control': CACHE_FOREVER });
    }
    const content = await getProfilePhoto(deps, id);
    if (!content) return c.body(null, 404, { 'Cache-Control': 'no-store' });
    return c.body(new Uint8Array(content), 200, {
      'Content-Type': 'image/jpeg',
      'Content-Length': String(content.length),
      'Cache-Control': CACHE_FOREVER,
      ETag: etag,
      'X-Content-Type-Options': 'nosniff',
    });
  });
}
