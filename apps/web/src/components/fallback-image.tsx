import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../lib/cn';

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
  /** Load at once (an image at the top of the page) instead of when it nears the screen. */
  eager?: boolean;
}

/**
 * An image that is lazy-loaded with its size reserved, and replaced by a neutral placeholder of
 * the same size when it is missing or cannot be loaded (product.md §8, "Media").
 */
export function FallbackImage({
  src,
  alt,
  width,
  height,
  className,
  eager = false,
}: FallbackImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const aspectRatio = `${width} / ${height}`;
  if (!src || failedSrc === src) {
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
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailedSrc(src)}
      style={{ aspectRatio }}
      className={cn('bg-slate-100 object-cover', className)}
    />
  );
}
