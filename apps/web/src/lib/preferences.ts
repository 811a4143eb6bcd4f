/**
 * This browser's stored values (the session, a learner's video size). Storage can be unavailable
 * (private mode, quota, a page rendered ahead of time): reads give null and writes are dropped,
 * so a choice then lasts for the page only.
 */
export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Not kept: see above.
  }
}
