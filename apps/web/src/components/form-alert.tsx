import { AlertCircle, CheckCircle2, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

type Tone = 'error' | 'success' | 'info';

const tones: Record<Tone, { box: string; Icon: typeof Info }> = {
  error: { box: 'border-red-300 bg-red-50 text-red-800', Icon: AlertCircle },
  success: { box: 'border-green-300 bg-green-50 text-green-800', Icon: CheckCircle2 },
  info: { box: 'border-brand-200 bg-brand-50 text-brand-900', Icon: Info },
};

/** A message about a whole form or screen, announced when it appears. */
export function FormAlert({
  tone = 'error',
  children,
  className,
}: {
  tone?: Tone;
  children: ReactNode;
  className?: string;
}) {
  const { box, Icon } = tones[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('flex gap-2 rounded-lg border p-3 text-sm', box, className)}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div>{children}</div>
    </div>
  );
}
