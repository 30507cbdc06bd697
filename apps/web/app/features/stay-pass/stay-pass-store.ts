import { dateFromDateTime } from '@yado/contract/date-time';
import type { Language } from '@yado/contract/headers';
import { StayPassSchema, type StayPass } from '@yado/contract/stay-pass.contract';
import { z } from 'zod';
import { PAGE_CACHE_PREFIX } from '../../lib/service-worker';

/**
 * The stay passes kept on this device, in Cache Storage, so the stay-pass page can show them with no
 * network. The cache's name starts with the page-copy prefix, so signing out deletes it with the
 * other copies of private pages (lib/service-worker.ts clearPageDataCaches); the service worker keeps
 * it across its own updates and keeps the stay-pass page's copy in it too (public/sw.js).
 */
export const STAY_PASS_CACHE = `${PAGE_CACHE_PREFIX}stay-passes`;

/** Where a pass is kept in the cache: an address of this site that is never requested. */
const ENTRY_PREFIX = '/__stay-pass/';

const StoredPassSchema = z.object({
  pass: StayPassSchema,
  /** The language the server wrote the pass in (rules, names). */
  language: z.enum(['en', 'ja']),
  /** When this device last got the pass from the server (ISO instant). */
  savedAt: z.string(),
});
export type StoredPass = z.output<typeof StoredPassSchema>;

const listeners = new Set<() => void>();

export function subscribeStoredPasses(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function announce(): void {
  for (const listener of listeners) listener();
}

export function storageAvailable(): boolean {
  return typeof caches !== 'undefined';
}

const isEntry = (request: Request) => new URL(request.url).pathname.startsWith(ENTRY_PREFIX);

/** Whether a stored pass's window has closed (the check-out time passed): it is no longer shown. */
export function passEnded(pass: StayPass, now: Date): boolean {
  return dateFromDateTime(pass.availableUntil).getTime() <= now.getTime();
}

/**
 * The passes on this device whose window is still open, earliest check-in first. Ended ones (and
 * copies this version of the app cannot read) are deleted on the way.
 */
export async function readStoredPasses(now: Date = new Date()): Promise<StoredPass[]> {
  if (!storageAvailable()) return [];
  const cache = await caches.open(STAY_PASS_CACHE);
  const passes: StoredPass[] = [];
  let removed = false;
  for (const request of (await cache.keys()).filter(isEntry)) {
    const response = await cache.match(request);
    const parsed = StoredPassSchema.safeParse(response ? await response.json().catch(() => null) : null);
    if (!parsed.success || passEnded(parsed.data.pass, now)) {
      await cache.delete(request);
      removed = true;
      continue;
    }
    passes.push(parsed.data);
  }
  if (removed && passes.length === 0) await caches.delete(STAY_PASS_CACHE);
  return passes.sort(
    (a, b) => dateFromDateTime(a.pass.availableFrom).getTime() - dateFromDateTime(b.pass.availableFrom).getTime(),
  );
}

/**
 * Makes the device hold exactly these passes, as the server just listed them. With none left, the
 * whole cache goes, the stay-pass page's copy with it.
 */
export async function replaceStoredPasses(passes: StayPass[], language: Language, savedAt: Date): Promise<void> {
  if (!storageAvailable()) return;
  if (passes.length === 0) {
    await caches.delete(STAY_PASS_CACHE);
    announce();
    return;
  }
  const cache = await caches.open(STAY_PASS_CACHE);
  const keep = new Set(passes.map((p) => entryUrl(p.bookingId)));
  for (const request of (await cache.keys()).filter(isEntry)) {
    if (!keep.has(request.url)) await cache.delete(request);
  }
  for (const pass of passes) {
    const stored: StoredPass = { pass, language, savedAt: savedAt.toISOString() };
    await cache.put(
      entryUrl(pass.bookingId),
      new Response(JSON.stringify(stored), { headers: { 'content-type': 'application/json' } }),
    );
  }
  announce();
}

function entryUrl(bookingId: string): string {
  return new URL(`${ENTRY_PREFIX}${encodeURIComponent(bookingId)}`, location.origin).href;
}
