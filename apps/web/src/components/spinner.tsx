import { messages } from '@ishuri/contract';
import { cn } from '../lib/cn';

interface SpinnerProps {
  /** Read by screen readers; omit when the spinner sits inside a labelled busy control. */
  label?: string;
  className?: string;
}

export function Spinner({ label, className }: SpinnerProps) {
  const circle = (
    <svg
      className={cn('size-5 animate-spin', className)}
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="4" />
      <path
        d="M22 12a10 10 0 0 0-10-10"
        stroke="currentColor"
        strokeWidth="4"
        strokeLinecap="round"
      />
    </svg>
  );
  if (!label) return circle;
  return (
    <span role="status" className="inline-flex items-center gap-2">
      {circle}
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A centred spinner for a whole page or panel that is loading. */
export function PageSpinner() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center text-brand-700">
      <Spinner label={messages.loading} className="size-8" />
    </div>
  );
}
