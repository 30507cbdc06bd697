import { dateFromDateTime } from '@yado/contract/date-time';
import { useEffect, useState } from 'react';
import { readStoredPasses, subscribeStoredPasses, type StoredPass } from '../stay-pass-store';

/**
 * The passes stored on this device (null until read: the server's render and the first paint know
 * nothing of the device). Re-read whenever a sync changes them, and at the next pass's check-out
 * time, so an ended pass disappears from an open page.
 */
export function useStoredStayPasses(): StoredPass[] | null {
  const [passes, setPasses] = useState<StoredPass[] | null>(null);
  useEffect(() => {
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () => {
      readStoredPasses()
        .then((stored) => {
          if (!alive) return;
          setPasses(stored);
          clearTimeout(timer);
          const next = Math.min(...stored.map((s) => untilMs(s)));
          // setTimeout holds at most about 24.8 days; a longer wait is cut and read again then.
          if (Number.isFinite(next))
            timer = setTimeout(read, Math.min(Math.max(next - Date.now(), 0) + 1_000, 2 ** 31 - 1));
        })
        .catch(() => alive && setPasses([]));
    };
    read();
    const unsubscribe = subscribeStoredPasses(read);
    return () => {
      alive = false;
      clearTimeout(timer);
      unsubscribe();
    };
  }, []);
  return passes;
}

function untilMs(s: StoredPass): number {
  return dateFromDateTime(s.pass.availableUntil).getTime();
}
