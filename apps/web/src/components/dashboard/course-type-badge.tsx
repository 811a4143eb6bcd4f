import type { CourseType } from '@ishuri/contract';
import { cn } from '../../lib/cn';
import { badgeClass } from './styles';

/** "Free" or "Premium". */
export function CourseTypeBadge({ type }: { type: CourseType }) {
  return (
    <span
      className={cn(
        badgeClass,
        type === 'premium' ? 'bg-amber-100 text-amber-900' : 'bg-green-100 text-green-900',
      )}
    >
      {type}
    </span>
  );
}
