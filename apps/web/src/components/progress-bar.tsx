import { messages } from '@ishuri/contract';

/** The course's progress, 0-100 %, as an accessible progress bar with its number. */
export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className="flex items-center gap-3">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={messages.percentComplete(value)}
        className="h-2.5 flex-1 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-brand-700 transition-[width] duration-500"
          style={{ width: `${value}%` }}
        />
      </div>
      <span className="w-12 text-right text-sm font-semibold text-slate-800" aria-hidden="true">
        {value}%
      </span>
    </div>
  );
}
