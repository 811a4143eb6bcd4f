import { useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '../lib/auth';
import { later } from '../lib/later';
import { registerServiceWorker } from '../offline/register';

/** The sending and telling is loaded when first needed, not with the first page. */
const sendWaitingProgress = (queryClient: QueryClient) =>
  import('./send-waiting-progress')
    .then((module) => module.sendWaitingProgress(queryClient))
    .catch(() => undefined);

/**
 * The app's side of the offline app: registers the service worker, tells it who is signed in,
 * and sends waiting progress at start, when the network returns, and when the worker asks
 * (Background Sync fired with a page open).
 */
export function OfflineSync() {
  const queryClient = useQueryClient();
  const session = useSession();

  useEffect(() => {
    registerServiceWorker((data) => {
      if ((data as { type?: string } | null)?.type === 'FLUSH_OUTBOX') {
        void sendWaitingProgress(queryClient);
      }
    });
    const onOnline = () => void sendWaitingProgress(queryClient);
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [queryClient]);

  const userId = session?.id ?? null;
  const token = session?.token ?? null;
  // After the first draw's task (see later): none of it is needed to show the page.
  useEffect(
    () =>
      later(() => {
        void import('../offline/device-session')
          .then(({ rememberSession }) =>
            rememberSession(userId && token ? { userId, token } : null),
          )
          .catch(() => undefined);
        if (userId && typeof caches !== 'undefined') {
          void import('../offline/saved-courses')
            .then(({ dropUnfinished }) => dropUnfinished(userId))
            .catch(() => undefined);
        }
        if (userId && navigator.onLine) void sendWaitingProgress(queryClient);
      }),
    [userId, token, queryClient],
  );

  return null;
}
