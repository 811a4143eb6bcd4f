import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useState, useSyncExternalStore } from 'react';
import { Outlet, useLocation } from 'react-router';
import { NetworkError } from '../lib/api-client';
import { useDeviceStatus } from '../offline/status';

/** Loaded only when needed (it is among the files the service worker keeps). */
export const OfflinePage = lazy(() =>
  import('../offline/offline-page').then((module) => ({ default: module.OfflinePage })),
);

/**
 * A layout's page, or, offline, the offline page when the page needs data this device does not
 * have (a read that failed for want of a network, or waits for one, with nothing to show): what
 * is available instead of the page's own error (issue 15, point 2).
 */
export function PageOutlet() {
  const { online } = useDeviceStatus();
  const cache = useQueryClient().getQueryCache();
  // Only offline does the page's data matter here: online, no query event is looked at.
  const subscribe = useCallback(
    (listener: () => void) => (online ? () => undefined : cache.subscribe(listener)),
    [cache, online],
  );
  const lacking = useSyncExternalStore(
    subscribe,
    () =>
      !online &&
      cache.findAll({ type: 'active' }).some(
        ({ state, meta }) =>
          // A read the page can do without (a course's resources) never replaces it.
          meta?.optional !== true &&
          state.data === undefined &&
          (state.fetchStatus === 'paused' ||
            (state.status === 'error' && state.error instanceof NetworkError)),
      ),
    () => false,
  );
  // Once shown, it stays for this page until the network is back: the page it replaces no
  // longer asks for its data, and must not be drawn again only to fail again.
  const { key } = useLocation();
  const [shownFor, setShownFor] = useState<string | null>(null);
  if (!online && lacking && shownFor !== key) setShownFor(key);
  if (!online && shownFor === key) {
    return (
      <Suspense>
        <OfflinePage onRetry={() => setShownFor(null)} />
      </Suspense>
    );
  }
  return <Outlet />;
}
