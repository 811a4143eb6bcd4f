import type { ReactNode } from 'react';
import { pageTitle } from '../../../lib/site';

/** The frame of the sign-in screens: a centred card with a title, an intro and the form. */
export function AuthCard({
  title,
  intro,
  children,
  footer,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-white px-4 py-12 sm:py-16">
      <title>{pageTitle(title)}</title>
      <div className="mx-auto w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {intro && <p className="mt-2 text-slate-700">{intro}</p>}
        <div className="mt-6">{children}</div>
        {footer && <div className="mt-6 space-y-2 text-sm text-slate-700">{footer}</div>}
      </div>
    </div>
  );
}

export const textLinkClass =
  'rounded-sm font-semibold text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline';
