import { messages } from '@ishuri/contract';
import type { LucideIcon } from 'lucide-react';
import { Spinner } from '../../components/spinner';
import { useCount } from '../../api/counts';
import type { CounterName } from '../../api/counts';

/** One number of the dashboard home, with what it counts. */
export function StatCard({
  name,
  label,
  icon: Icon,
}: {
  name: CounterName;
  label: string;
  icon: LucideIcon;
}) {
  const count = useCount(name);
  return (
    <div className="flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-600">{label}</p>
        <p className="text-2xl font-bold text-slate-900 tabular-nums" data-testid={`stat-${name}`}>
          {count.isPending ? (
            <Spinner label={messages.loading} className="size-5 text-brand-700" />
          ) : count.isError ? (
            <span className="text-base font-medium text-slate-600">{messages.statLoadFailed}</span>
          ) : (
            count.data
          )}
        </p>
      </div>
    </div>
  );
}
