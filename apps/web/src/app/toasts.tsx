import { lazy, Suspense, useEffect, useState } from 'react';

/** The toasts' library and container: not part of what a page needs to be drawn. */
const ToastsContainer = lazy(() => import('./toast-container'));

/** At the latest this long after the app is drawn, the toasts are ready. */
const READY_WITHIN_MS = 2000;

/**
 * The toasts (./toast-container.tsx). No page draws a toast when it opens, so the library and
 * its styles (react-toastify, 7 kB compressed) are loaded once the page is idle, not with the
 * app's first JavaScript. A toast asked for before (lib/toast.ts, or a screen that imports
 * react-toastify itself) waits in the library's queue and shows when the container is there.
 */
export function Toasts() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const ready = () => setReady(true);
    if ('requestIdleCallback' in window) {
      const id = requestIdleCallback(ready, { timeout: READY_WITHIN_MS });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(ready, READY_WITHIN_MS);
    return () => clearTimeout(id);
  }, []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <ToastsContainer />
    </Suspense>
  );
}
