import { messages } from '@ishuri/contract';
import { RefreshCw, WifiOff } from 'lucide-react';
import { currentLanguage } from '../lib/language';
import { applyUpdate } from '../offline/status';

/** A kept read's date and time, in the reader's language ("28 Nov 2026, 09:14"). */
const keptWhen = (iso: string) =>
  new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );

/** The banners of device-banners.tsx, loaded when one is first shown. */
export default function DeviceBannerList({
  online,
  updateReady,
  keptAt,
}: {
  online: boolean;
  updateReady: boolean;
  keptAt: string | null;
}) {
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
