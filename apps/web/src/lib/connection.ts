import { readStored, writeStored } from './preferences';

/** What the Network Information API tells (Chromium-based browsers; absent elsewhere). */
interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

/** Effective types of connections where a video's size matters most. */
const SLOW = new Set(['slow-2g', '2g', '3g']);

/** Where this device keeps its Data saver choice (Settings; the footer for visitors). */
const DATA_SAVER_KEY = 'ishuri.dataSaver';

/** Whether Data saver was turned on on this device (false where storage cannot be read). */
export function dataSaverOn(): boolean {
  return readStored(DATA_SAVER_KEY) === 'on';
}

const listeners = new Set<() => void>();

/** Turns Data saver on or off on this device; screens opened afterwards follow it. */
export function setDataSaver(on: boolean): void {
  writeStored(DATA_SAVER_KEY, on ? 'on' : null);
  for (const listener of listeners) listener();
}

/** Calls `listener` when Data saver changes, in this tab or another one. */
export function onDataSaverChange(listener: () => void): () => void {
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key === DATA_SAVER_KEY || event.key === null) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', fromOtherTab);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', fromOtherTab);
  };
}

/**
 * Whether to spend as little data as possible: Data saver is on on this device, or the browser
 * asks for it (Save-Data, a phone's data saver) or says the connection is slow. False when
 * neither says. Read when a screen opens: the video player's first size, the explainer's
 * autoplay, small copies of course and blog images (components/fallback-image.tsx).
 */
export function prefersSmallMedia(): boolean {
  if (dataSaverOn()) return true;
  if (typeof navigator === 'undefined') return false;
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  if (!connection) return false;
  return connection.saveData === true || SLOW.has(connection.effectiveType ?? '');
}
