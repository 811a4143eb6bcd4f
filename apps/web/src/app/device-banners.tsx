import { messages } from '@ishuri/contract';
import { RefreshCw, WifiOff } from 'lucide-react';
import { applyUpdate, useDeviceStatus } from '../offline/status';

/**
 * Two facts about the device, at the foot of the screen: the app is offline (what still works),
 * and a new version is ready (the learner reloads when they choose, never in the middle of
 * something).
 */
export function DeviceBanners() {
  const { online, updateReady } = useDeviceStatus();
  if (online && !updateReady) return null;
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
