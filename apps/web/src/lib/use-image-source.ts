import { smallImageUrlOf } from '@ishuri/contract';
import { useState } from 'react';
import { prefersSmallMedia } from './connection';

/**
 * Which address a course or blog image shows, for the shared image components. Where data is to
 * be saved (Data saver on, or the browser asks for it: `prefersSmallMedia`, read when the image
 * is first shown) a stored image comes as its small copy (the contract's `smallImageUrlOf`, at
 * most 320 px wide); one that cannot be loaded gives way to the image itself, then to nothing
 * (`shown` null: the caller's placeholder). `failed` is the image's error handler.
 */
export function useImageSource(src: string | null | undefined): {
  shown: string | null;
  failed: () => void;
} {
  const [small] = useState(prefersSmallMedia);
  const [broken, setBroken] = useState<string[]>([]);
  const candidates = [small ? smallImageUrlOf(src) : null, src];
  const shown = candidates.find((url): url is string => !!url && !broken.includes(url)) ?? null;
  const failed = () => {
    if (shown) setBroken((urls) => [...urls, shown]);
  };
  return { shown, failed };
}
