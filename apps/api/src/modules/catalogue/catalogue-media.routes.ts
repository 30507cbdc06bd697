import type { Hono } from 'hono';
import type { Deps } from '../../platform/deps.js';
import { findImage, insertImage } from './catalogue.repo.js';

/** Where catalogue images are served: `${CATALOGUE_MEDIA_PREFIX}<id>-<width>.<jpg|webp>`. */
export const CATALOGUE_MEDIA_PREFIX = '/media/catalogue/';

// An image id is never reused for other content, so its URLs can be cached for good.
const CACHE_FOREVER = 'public, max-age=31536000, immutable';
const TYPES = { jpg: 'image/jpeg', webp: 'image/webp' } as const;

/** Draws an image that is not stored yet (the demo pictures), or null when there is no such image. */
export type RenderMissingImage = (
  id: string,
  width: number,
  format: 'jpg' | 'webp',
) => Promise<{ width: number; height: number; format: 'jpg' | 'webp'; content: Buffer } | null>;

/** GET /media/catalogue/<id>-<width>.<ext>: the demo and staff-uploaded photos in their responsive widths. */
export function mountCatalogueMediaRoutes(app: Hono, deps: Deps, renderMissing?: RenderMissingImage): void {
  app.get(`${CATALOGUE_MEDIA_PREFIX}:file{[a-z0-9-]+-[0-9]+\\.(jpg|webp)}`, async (c) => {
    const m = /^([a-z0-9-]+)-([0-9]+)\.(jpg|webp)$/.exec(c.req.param('file'));
    if (!m) return c.body(null, 404, { 'Cache-Control': 'no-store' });
    const [, id, width, ext] = m as unknown as [string, string, string, 'jpg' | 'webp'];
    const etag = `"${id}-${width}-${ext}"`;
    if (
      c.req
        .header('if-none-match')
        ?.split(',')
        .some((t) => t.trim() === etag || t.trim() === `W/${etag}`)
    ) {
      return c.body(null, 304, { ETag: etag, 'Cache-Control': CACHE_FOREVER });
    }
    let image = await findImage(deps.db, id, Number(width), ext);
    if (!image && renderMissing) {
      const drawn = await renderMissing(id, Number(width), ext);
      if (drawn) {
        await insertImage(deps.db, { id, ...drawn });
        image = { content: drawn.content, format: drawn.format };
      }
    }
    if (!image) return c.body(null, 404, { 'Cache-Control': 'no-store' });
    return c.body(new Uint8Array(image.content), 200, {
      'Content-Type': TYPES[ext],
      'Content-Length': String(image.content.length),
      'Cache-Control': CACHE_FOREVER,
      ETag: etag,
      'X-Content-Type-Options': 'nosniff',
    });
  });
}
