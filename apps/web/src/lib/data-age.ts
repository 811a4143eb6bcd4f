import { useSyncExternalStore } from 'react';
import { KEPT_AT_HEADER } from '../offline/names';

/**
 * The age of what the screen shows (issue 32, point 3): the reads the service worker answered
 * from the device carry when they were kept; the oldest of those still not read again from the
 * network is the data's age. A read answered by the network clears its own.
 */
const keptAt = new Map<string, string>();
/** Addresses remembered at most (the oldest forgotten first). */
const MAX_KEPT = 300;
const listeners = new Set<() => void>();
let oldest: string | null = null;

function changed() {
  oldest = null;
  for (const at of keptAt.values()) if (oldest === null || at < oldest) oldest = at;
  listeners.forEach((listener) => listener());
}

/** After each successful API read: whether it came from the device, and since when. */
export function noteRead(url: string, response: Response) {
  const at = response.headers.get(KEPT_AT_HEADER);
  if (at && !Number.isNaN(Date.parse(at))) {
    keptAt.delete(url);
    keptAt.set(url, at);
    for (const first of keptAt.keys()) {
      if (keptAt.size <= MAX_KEPT) break;
      keptAt.delete(first);
    }
    changed();
  } else if (keptAt.delete(url)) changed();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** When the oldest data on screen was kept (ISO), or null when all of it is fresh. */
export const useDataAge = () =>
  useSyncExternalStore(
    subscribe,
    () => oldest,
    () => null,
  );
