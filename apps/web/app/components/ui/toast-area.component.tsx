import { lazy, Suspense, useEffect, useState } from 'react';
import { onToastAreaRequested, requestToastArea } from './toast-settings';

const ToastContainerArea = lazy(() => import('./toast-container.component'));

/**
 * The app's toast area: bottom centre, 3500 ms, at most three, newest on top
 * (toast-container.component.tsx). It mounts once the page has loaded and the
 * browser is idle, or at once when a toast is shown before that.
 */
export function ToastArea() {
  const [mounted, setMounted] = useState(false);

  useEffect(() => onToastAreaRequested(() => setMounted(true)), []);

  useEffect(() => {
    const idle = () =>
      'requestIdleCallback' in window
        ? window.requestIdleCallback(requestToastArea)
        : setTimeout(requestToastArea, 200);
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
    return () => window.removeEventListener('load', idle);
  }, []);

  return mounted ? (
    <Suspense fallback={null}>
      <ToastContainerArea />
    </Suspense>
  ) : null;
}
