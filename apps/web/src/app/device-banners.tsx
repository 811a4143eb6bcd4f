import { messages } from '@ishuri/contract';
import { RefreshCw, WifiOff } from 'lucide-react';
import { useDataAge } from '../lib/data-age';
import { currentLanguage } from '../lib/language';
import { applyUpdate, useDeviceStatus } from '../offline/status';

/** A kept read's date and time, in the reader's language ("28 Nov 2026, 09:14"). */
const keptWhen = (iso: string) =>
  new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );

/**
 * Facts about the device, at the foot of the screen: the app is offline (what still works), the
 * screen shows data kept on the device (since when), and a new version is ready (the learner reloads when they choose, never in the middle of
 * something).
 */
export function DeviceBanners() {
  const { online, updateReady } = useDeviceStatus();
  // What the screen shows came from the device: since when (issue 32, point 3).
  const keptAt = useDataAge();
  if (online && !updateReady && !keptAt) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-40 flex flex-col items-center gap-2 p-3">
      {!online && (
        <p
          role="status"
          className="pointer-events-auto flex max-w-xl items-center gap-2 rounded-lg bg-slate-900 px-4 py-2 text-sm text-white shadow-lg"
        >
          <WifiOff className="size-4 shrink-0" aria-hidden="true" />
          {messages.youAreOffline}
        </p>
      )}
      {keptAt && (
        <p
          role="status"
          data-testid="data-age"
          className="pointer-events-auto max-w-xl rounded-lg bg-amber-100 px-4 py-2 text-sm text-amber-950 shadow-lg"
        >
          {messages.dataKeptAt(keptWhen(keptAt))}
        </p>
      )}
      {updateReady && (
        <div
          role="status"
          className="pointer-events-auto flex max-w-xl items-center gap-3 rounded-lg bg-blue-900 px-4 py-2 text-sm text-white shadow-lg"
        >
          <span>{messages.updateReady}</span>
          <button
            type="button"
            onClick={applyUpdate}
            className="inline-flex items-center gap-1 rounded-md bg-white px-3 py-1 font-semibold text-blue-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            <RefreshCw className="size-4" aria-hidden="true" />
            {messages.reloadToUpdate}
          </button>
        </div>
      )}
    </div>
  );
}
