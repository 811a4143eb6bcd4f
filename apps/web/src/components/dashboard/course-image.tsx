import { BookOpen } from 'lucide-react';
import { cn } from '../../lib/cn';
import { useImageSource } from '../../lib/use-image-source';

/**
 * A course's picture, or a placeholder when it has none or it cannot be loaded. Where data is to
 * be saved, its small copy (`useImageSource`). The whole picture shows, on a neutral background
 * where its shape is not the box's (object-contain): a cover's words are never cropped.
 */
export function CourseImage({
  src,
  alt,
  className,
}: {
  src: string | null;
  alt: string;
  className?: string;
}) {
  const { shown, failed } = useImageSource(src);
  if (!shown) {
    return (
      <div
        // An empty alt marks a picture that only decorates (the title is next to it).
        {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
        className={cn('flex items-center justify-center bg-brand-50 text-brand-700', className)}
      >
        <BookOpen className="size-10" aria-hidden="true" />
      </div>
    );
  }
  return (
    <img
      src={shown}
      alt={alt}
      loading="lazy"
      onError={failed}
      className={cn('bg-slate-100 object-contain', className)}
    />
  );
}
