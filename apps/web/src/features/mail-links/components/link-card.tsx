import { CheckCircle2, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Spinner } from '../../../components/spinner';
import { pageTitle } from '../../../lib/site';

/** The frame of a page opened from a mailed link: a centred card with a title. */
export function LinkCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-white px-4 py-12 sm:py-16">
      <title>{pageTitle(title)}</title>
      <div className="mx-auto w-full max-w-md space-y-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {children}
      </div>
    </div>
  );
}

/** What became of the link: working, done or failed, announced to screen readers. */
export function Outcome({
  state,
  children,
}: {
  state: 'working' | 'done' | 'failed';
  children: ReactNode;
}) {
  if (state === 'working') {
    return (
      <p role="status" className="flex items-center gap-3 text-slate-700">
        <Spinner className="size-5" />
        {children}
      </p>
    );
  }
  const done = state === 'done';
  return (
    <p
      role={done ? 'status' : 'alert'}
      className={
        done
          ? 'flex items-start gap-3 rounded-xl border border-green-300 bg-green-50 p-4 text-green-900'
          : 'flex items-start gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-red-900'
      }
    >
      {done ? (
        <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      ) : (
        <TriangleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      )}
      <span className="font-medium">{children}</span>
    </p>
  );
}

export const linkClass =
  'inline-block rounded-sm font-semibold text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline';
