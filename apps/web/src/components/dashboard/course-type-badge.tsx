import { messages } from '@ishuri/contract';
import type { CourseType } from '@ishuri/contract';
import { cn } from '../../lib/cn';
import { badgeClass } from './styles';

/** "Free" or "Premium", in the reader's language (never the raw value). */
export function CourseTypeBadge({ type }: { type: CourseType }) {
  return (
    <span
      className={cn(
        badgeClass,
        type === 'premium' ? 'bg-amber-100 text-amber-900' : 'bg-green-100 text-green-900',
      )}
    >
      {type === 'premium' ? messages.premium : messages.free}
    </span>
  );
}
