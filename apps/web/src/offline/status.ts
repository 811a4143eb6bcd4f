import { useSyncExternalStore } from 'react';

/**
 * What the app knows of its own state on this device: whether the browser says it is online,
 * and whether a new version of the app is waiting (`applyUpdate` then reloads into it).
 */
interface Status {
  online: boolean;
  updateReady: boolean;
}

/** What a page drawn before the app (prerendered, then taken over) assumed. */
const FIRST_DRAWN: Status = { online: true, updateReady: false };

// Online, the state is that very value: the hydration's value and the browser's are then the
// same, and React need not draw every reader again, synchronously, right after the hydration.
let status: Status =
  typeof navigator === 'undefined' || navigator.onLine
    ? FIRST_DRAWN
    : { online: false, updateReady: false };
let applyUpdateNow: (() => void) | null = null;
const listeners = new Set<() => void>();

function set(next: Partial<Status>) {
  status = { ...status, ...next };
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) {
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
    }
  };
}
const onOnline = () => set({ online: true });
const onOffline = () => set({ online: false });

export const useDeviceStatus = () =>
  useSyncExternalStore(
    subscribe,
    () => status,
    () => FIRST_DRAWN,
  );

/** A new version is installed and waits; `apply` switches to it (and reloads). */
export function announceUpdate(apply: () => void) {
  applyUpdateNow = apply;
  set({ updateReady: true });
}

export function applyUpdate() {
  applyUpdateNow?.();
}
