import { messages } from '@ishuri/contract';
import type { CourseType } from '@ishuri/contract';
import { Crown, Gift } from 'lucide-react';
import { cn } from '../lib/cn';

const styles: Record<CourseType, { label: string; className: string; Icon: typeof Gift }> = {
  free: {
    get label() {
      return messages.free;
    },
    className: 'bg-emerald-100 text-emerald-900',
    Icon: Gift,
  },
  premium: {
    get label() {
      return messages.premium;
    },
    className: 'bg-amber-100 text-amber-900',
    Icon: Crown,
  },
};

/** The "Free" or "Premium" pill of a course. */
export function CourseTypeBadge({ type, className }: { type: CourseType; className?: string }) {
  const { label, className: tone, Icon } = styles[type];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wide',
        tone,
        className,
      )}
      data-course-type={type}
    >
      <Icon className="size-3.5" aria-hidden="true" />
      {label}
    </span>
  );
}
