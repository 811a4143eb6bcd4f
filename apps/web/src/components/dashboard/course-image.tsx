import { BookOpen } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../lib/cn';

/** A course's picture, or a placeholder when it has none or it cannot be loaded. */
export function CourseImage({
  src,
  alt,
  className,
}: {
  src: string | null;
  alt: string;
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) {
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
      src={src}
      alt={alt}
      loading="lazy"
      onError={() => setFailed(src)}
      className={cn('object-cover', className)}
    />
  );
}
