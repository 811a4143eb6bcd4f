import { ImageOff } from 'lucide-react';
import { cn } from '../lib/cn';
import { useImageSource } from '../lib/use-image-source';

interface FallbackImageProps {
  /** The image address; a missing one shows the placeholder at once. */
  src: string | null | undefined;
  /** The text alternative; empty for an image that only decorates what its neighbours say. */
  alt: string;
  /**
   * The intrinsic size: the browser reserves a box of this shape before the image arrives (no
   * layout shift), and the placeholder takes the same shape.
   */
  width: number;
  height: number;
  className?: string;
  /**
   * Load at once and first (an image at the top of the page, likely the largest thing shown)
   * instead of when it nears the screen.
   */
  eager?: boolean;
}

/**
 * An image that is lazy-loaded with its size reserved, and replaced by a neutral placeholder of
 * the same size when it is missing or cannot be loaded (product.md §8, "Media").
 *
 * Where data is to be saved, a course or blog image comes as its small copy, stretched to the same
 * box, and the image itself only if that cannot be loaded (`useImageSource`).
 *
 * The whole image is shown (object-contain on a neutral background), never cropped: course and
 * blog images often carry words (the demo's covers do), which a crop cut off.
 */
export function FallbackImage({
  src,
  alt,
  width,
  height,
  className,
  eager = false,
}: FallbackImageProps) {
  const { shown, failed } = useImageSource(src);
  const aspectRatio = `${width} / ${height}`;
  if (!shown) {
    return (
      <div
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        data-placeholder="true"
        style={{ aspectRatio }}
        className={cn(
          'flex items-center justify-center bg-gradient-to-br from-brand-100 to-slate-200 text-brand-700',
          className,
        )}
      >
        <ImageOff className="size-10 opacity-60" aria-hidden="true" />
      </div>
    );
  }
  return (
    <img
      src={shown}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      onError={failed}
      style={{ aspectRatio }}
      className={cn('bg-slate-100 object-contain', className)}
    />
  );
}
