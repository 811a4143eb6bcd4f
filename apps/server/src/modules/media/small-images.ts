import { buffer } from 'node:stream/consumers';
import { SMALL_IMAGE_MAX_WIDTH, smallImageUrlOf } from '@ishuri/contract';
import sharp from 'sharp';
import type { Storage } from '../../lib/storage';
import { keyOfPublicUrl, publicUrlOf } from '../../lib/storage';

/**
 * The small copy of a course or blog image, for learners on costly data (decisions.md §8; the
 * address rule is the contract's images.ts): a still WebP at most SMALL_IMAGE_MAX_WIDTH wide (and
 * three times that high), quality 40, made from the web copy. An upload stores both
 * (modules/media/uploads.ts) and a deleted image takes its small copy with it.
 *
 * Images stored before small copies existed (older uploads, the demo's covers) get theirs when
 * one is first asked for (`ensureSmallImage`, used by GET /uploads): no start-up pass over every
 * image, nothing to do for images nobody asks for small. The web shows the image itself when a
 * small copy still cannot be loaded.
 */
export const SMALL_IMAGE_QUALITY = 40;

/** The limit on decoding (the same as an upload's; a web copy is at most 1200 px wide anyway). */
const MAX_PIXELS = 40_000_000;

/** The storage key of the small copy of the image stored at `key`, or null when it has none. */
export function smallImageKeyOf(key: string): string | null {
  return keyOfPublicUrl(smallImageUrlOf(publicUrlOf(key)));
}

/** The image whose small copy is stored at `smallKey`, or null when it is no small copy's key. */
export function imageKeyOfSmall(smallKey: string): string | null {
  if (!smallKey.endsWith('.small.webp')) return null;
  const key = `${smallKey.slice(0, -'.small.webp'.length)}.webp`;
  return smallImageKeyOf(key) === smallKey ? key : null;
}

/** Makes the small copy of an image (an animated one gives its first frame). */
export function makeSmallImage(image: Buffer): Promise<Buffer> {
  return sharp(image, { failOn: 'error', limitInputPixels: MAX_PIXELS })
    .resize({
      width: SMALL_IMAGE_MAX_WIDTH,
      height: SMALL_IMAGE_MAX_WIDTH * 3,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .webp({ quality: SMALL_IMAGE_QUALITY })
    .toBuffer();
}

/**
 * Makes the missing small copy of an older image, once however many ask for it at the same
 * moment. Answers whether the small copy is there now: false when the key names no small copy or
 * its image is not stored (a 404 then); rejects when the image cannot be read.
 */
export function smallImageMaker(files: Storage) {
  const making = new Map<string, Promise<boolean>>();
  const make = async (smallKey: string, imageKey: string): Promise<boolean> => {
    if (await files.stat(smallKey)) return true;
    if (!(await files.stat(imageKey))) return false;
    const small = await makeSmallImage(await buffer(files.read(imageKey)));
    await files.put(smallKey, small);
    return true;
  };
  return (smallKey: string): Promise<boolean> => {
    const imageKey = imageKeyOfSmall(smallKey);
    if (!imageKey) return Promise.resolve(false);
    let pending = making.get(smallKey);
    if (!pending) {
      pending = make(smallKey, imageKey).finally(() => making.delete(smallKey));
      making.set(smallKey, pending);
    }
    return pending;
  };
}
