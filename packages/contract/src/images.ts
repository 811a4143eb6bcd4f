/**
 * Course and blog images come in two sizes (decisions.md §5, §8). The `imageUrl` a reply names is
 * the web copy (WebP, at most 1200 px wide). Beside it the server keeps a small copy for costly
 * data, at the address this module derives from it: `/uploads/images/<name>.webp` has its small
 * copy at `/uploads/images/<name>.small.webp` (WebP, at most SMALL_IMAGE_MAX_WIDTH wide, a few
 * KB), served with the same rule as its image (course and blog images are public, premium
 * courses' too). Replies carry no second field: one rule, read here by the server and the web.
 *
 * Images stored before small copies existed get theirs when first asked for; a client that
 * still cannot load a small copy shows the image itself.
 */

/** The small copy's largest width in pixels; its height follows the image's ratio. */
export const SMALL_IMAGE_MAX_WIDTH = 320;

const storedImage = /^\/uploads\/images\/[a-zA-Z0-9_-][a-zA-Z0-9._-]*\.webp$/;
const SMALL_SUFFIX = '.small.webp';

/**
 * The small copy's address of a stored image, or null for anything else (no image, an address
 * outside the uploads, or a small copy already).
 */
export function smallImageUrlOf(imageUrl: string | null | undefined): string | null {
  if (!imageUrl || !storedImage.test(imageUrl) || imageUrl.includes('..')) return null;
  if (imageUrl.endsWith(SMALL_SUFFIX)) return null;
  return imageUrl.slice(0, -'.webp'.length) + SMALL_SUFFIX;
}
