import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { messages } from '@ishuri/contract';
import { ToastContainer, toast } from 'react-toastify';
import type { Id } from 'react-toastify';
import { toastAutoClose } from '../lib/toast';

/** At most this many toasts at once; more wait their turn (and are dropped on navigation). */
const MAX_TOASTS = 2;
/**
 * A toast shown this long before a navigation belongs to the screen left behind and is closed
 * with it; a newer one was shown for the navigation itself ("You don't have permission…" on
 * the way to /dashboard, a saved item before its list) and stays.
 */
const CARRIED_OVER_MS = 1000;

const shownAt = new Map<Id, number>();
toast.onChange((item) => {
  if (item.status === 'added') shownAt.set(item.id, Date.now());
  else if (item.status === 'removed') shownAt.delete(item.id);
});

/** Closes the toasts of the screen left behind, on each change of page (not of query string). */
function useToastsFollowNavigation() {
  const { pathname } = useLocation();
  useEffect(() => {
    const before = Date.now() - CARRIED_OVER_MS;
    toast.clearWaitingQueue();
    for (const [id, at] of shownAt) if (at < before) toast.dismiss(id);
  }, [pathname]);
}

const wide = '(min-width: 768px)';
function subscribeToWidth(listener: () => void) {
  const query = window.matchMedia(wide);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

/**
 * The toasts (auto-close 5000 ms, product.md §9): top right on large screens; at the bottom on
 * phones, where the top holds the menus a toast would cover. Loaded by ./toasts.tsx once the
 * page is idle.
 */
export default function ToastsContainer() {
  useToastsFollowNavigation();
  const isWide = useSyncExternalStore(
    subscribeToWidth,
    () => window.matchMedia(wide).matches,
    () => true,
  );
  return (
    <ToastContainer
      position={isWide ? 'top-right' : 'bottom-center'}
      autoClose={toastAutoClose.default}
      limit={MAX_TOASTS}
      newestOnTop
      closeOnClick
      theme="light"
      aria-label={messages.notificationsLabel}
    />
  );
}
