import { useEffect, useState } from 'react';

/**
 * The current time, ticking every second while `ticking` (an offer's countdown); the server
 * renders with the time it was given, and the browser takes over after hydration.
 */
export function useNow(initialMs: number, ticking: boolean): number {
  const [now, setNow] = useState(initialMs);
  useEffect(() => {
    if (!ticking) return;
    // The first tick comes at once, so a page served a while ago does not show the server's time for a second.
    const first = setTimeout(() => setNow(Date.now()), 0);
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [ticking]);
  return now;
}
