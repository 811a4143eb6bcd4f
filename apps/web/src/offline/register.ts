import { announceUpdate } from './status';

/**
 * Registers the service worker (sw/service-worker.ts) once the page has loaded, so that it
 * never competes with the first page for the network. A new version is not switched to
 * silently: the app says one is ready, and the learner reloads into it when they choose.
 * `onMessage` hears the worker (it asks an open page to send the progress outbox).
 */
export function registerServiceWorker(onMessage: (data: unknown) => void) {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const start = async () => {
    const { Workbox } = await import('workbox-window');
    const worker = new Workbox('/service-worker.js');
    worker.addEventListener('waiting', () => {
      announceUpdate(() => {
        worker.addEventListener('controlling', () => window.location.reload());
        worker.messageSkipWaiting();
      });
    });
    worker.addEventListener('message', (event) => onMessage(event.data));
    await worker.register({ immediate: true });
  };
  const run = () => void start().catch(() => undefined);
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
}
