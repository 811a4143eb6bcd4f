import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { pageTitle } from '../../lib/site';

/** A dashboard screen: its document title, one h1, an optional intro and actions. */
export function DashboardPage({
  title,
  heading = title,
  intro,
  actions,
  children,
  className,
}: {
  title: string;
  heading?: ReactNode;
  intro?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={cn('mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6', className)}>
      <title>{pageTitle(title)}</title>
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0 space-y-1">
          <h1 className="text-2xl font-bold break-words text-slate-900 sm:text-3xl">{heading}</h1>
          {intro && <p className="break-words text-slate-700">{intro}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </header>
      {children}
    </section>
  );
}

/** A white panel of a dashboard screen. */
export function Panel({
  title,
  children,
  className,
  headingLevel = 2,
}: {
  title?: string;
  children: ReactNode;
  className?: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div
      className={cn('rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6', className)}
    >
      {title && <Heading className="mb-4 text-lg font-semibold text-slate-900">{title}</Heading>}
      {children}
    </div>
  );
}
