import type { Language } from '@yado/contract/headers';
import { listStayPasses } from '@yado/contract/stay-pass.contract';
import { callMethod } from '../../lib/api-client';
import { localizePath } from '../../lib/language';
import { serviceWorkerSupported } from '../../lib/service-worker';
import { replaceStoredPasses, storageAvailable } from './stay-pass-store';

/** The page that shows the stored passes, without a network too. */
export const STAY_PASS_PATH = '/mypage/stay-pass';

/** A sync within this long of the last one is skipped (every page load and session change asks for one). */
const MIN_INTERVAL_MS = 60_000;

let running: Promise<boolean> | null = null;
let lastSync: { at: number; language: Language } | null = null;

/**
 * Asks the server for the caller's open passes and makes the device hold exactly those: new and
 * refreshed ones stored, ended and cancelled ones deleted. Then the service worker stores the
 * stay-pass page and its scripts, so the page opens offline. Resolves true when the server answered;
 * a failed call (offline, signed out) changes nothing on the device.
 */
export function syncStayPasses(language: Language, o: { force?: boolean } = {}): Promise<boolean> {
  if (!storageAvailable()) return Promise.resolve(false);
  const fresh = lastSync && lastSync.language === language && Date.now() - lastSync.at < MIN_INTERVAL_MS;
  if (running) return running;
  if (fresh && !o.force) return Promise.resolve(true);
  running = (async () => {
    try {
      const { stayPasses } = await callMethod(listStayPasses, {}, { language });
      await replaceStoredPasses(stayPasses, language, new Date());
      lastSync = { at: Date.now(), language };
      if (stayPasses.length > 0) await storePageForOffline(localizePath(STAY_PASS_PATH, language));
      return true;
    } catch {
      return false;
    } finally {
      running = null;
    }
  })();
  return running;
}

/** Asks the service worker to keep a copy of the page and every script and style it loads; never rejects. */
async function storePageForOffline(path: string): Promise<void> {
  if (!serviceWorkerSupported()) return;
  try {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (!worker) return;
    const channel = new MessageChannel();
    const answered = new Promise<void>((resolve) => {
      channel.port1.onmessage = () => resolve();
      // A busy or stopped worker must not hold the sync up.
      setTimeout(resolve, 10_000);
    });
    worker.postMessage({ type: 'CACHE_STAY_PASS_PAGE', url: path }, [channel.port2]);
    await answered;
  } catch {
    // The page stays available online; the next sync tries again.
  }
}
