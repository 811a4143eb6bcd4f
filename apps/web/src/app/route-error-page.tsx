import { messages } from '@ishuri/contract';
import { TriangleAlert } from 'lucide-react';
import { useRouteError } from 'react-router';
import { Button, ButtonLink } from '../components/button';
import { Suspense } from 'react';
import { OfflinePage } from './page-outlet';

/** The router's error screen: a failed screen, or its code that could not be loaded. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  // Offline, a screen whose code this device never loaded: what is available instead.
  if (!navigator.onLine) {
    return (
      <Suspense>
        <OfflinePage onRetry={() => window.location.reload()} />
      </Suspense>
    );
  }
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <title>{messages.pageTitleOf(messages.unexpectedApplicationError)}</title>
      <TriangleAlert className="size-12 text-amber-600" aria-hidden="true" />
      <h1 className="text-2xl font-bold text-slate-900">{messages.unexpectedApplicationError}</h1>
      <p className="text-slate-700">{messages.errorScreenHint}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>{messages.reloadPage}</Button>
        <ButtonLink to="/" variant="secondary" reloadDocument>
          {messages.goToTheHomePage}
        </ButtonLink>
      </div>
    </div>
  );
}
