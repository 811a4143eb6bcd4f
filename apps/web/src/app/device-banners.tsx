import { lazy, Suspense } from 'react';
import { useDataAge } from '../lib/data-age';
import { useDeviceStatus } from '../offline/status';

/** The banners' code (their sentences, icons) is loaded when one is first shown. */
const DeviceBannerList = lazy(() => import('./device-banner-list'));

/**
 * Facts about the device, at the foot of the screen: the app is offline (what still works), the
 * screen shows data kept on the device (since when), and a new version is ready (the learner
 * reloads when they choose, never in the middle of something).
 */
export function DeviceBanners() {
  const { online, updateReady } = useDeviceStatus();
  // What the screen shows came from the device: since when (issue 32, point 3).
  const keptAt = useDataAge();
  if (online && !updateReady && !keptAt) return null;
  return (
    <Suspense>
      <DeviceBannerList online={online} updateReady={updateReady} keptAt={keptAt} />
    </Suspense>
  );
}
