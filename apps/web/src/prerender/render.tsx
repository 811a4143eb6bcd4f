import { messages } from '@ishuri/contract';
import type { Catalogue, Language } from '@ishuri/contract';
import { englishMessages, localizedMessages } from '@ishuri/contract/localize';
import fr from '@ishuri/contract/locales/fr.json';
import rw from '@ishuri/contract/locales/rw.json';
import sw from '@ishuri/contract/locales/sw.json';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { Providers } from '../app/providers';
import { queryClient } from '../app/query-client';
import { routes } from '../app/routes';
import { configureApiClient } from '../lib/api-client';
import { setCurrentLanguage } from '../lib/language';

/**
 * The first HTML of a public page, rendered at build time (scripts/prerender.mjs) as a visitor
 * sees it before any data arrives: the navigation bar, the page's text and the places its data
 * will fill, the footer. A phone paints it before the JavaScript has loaded; the app then takes
 * the same markup over (hydration) instead of drawing the page again. The build has no data to
 * put in it (the catalogue changes after the build), so the page is rendered as the browser
 * first draws it, with its queries pending: the markup React hydrates is exactly that.
 *
 * React's own static rendering (`prerender` from react-dom/static) renders it: it resolves
 * when the whole page is rendered (the route's module is loaded by React Router's static
 * handler first; anything that suspends is awaited).
 *
 * With it, the API addresses the page reads first (`reads`): every query the render created is
 * run once, and awaited, against a sender that notes the request and answers nothing (as if a
 * user were signed in, so that a read carrying the token is known). Only reads sent without a
 * token are kept: their answer is the same for everyone, so the page's HTML can have the
 * browser fetch them while the JavaScript loads (`<link rel="preload">`; a preloaded answer is
 * handed to the app's request whatever its headers).
 *
 * @public (imported by scripts/prerender.mjs from the Node build)
 */
export async function renderPage(
  pathname: string,
  language: Language = 'en',
): Promise<{ markup: string; reads: string[] }> {
  speak(language);
  queryClient.clear();
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, 'http://localhost')));
  if (context instanceof Response) {
    throw new Error(`${pathname} answers ${context.status}: it cannot be prerendered`);
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerender(
    <StrictMode>
      <Providers>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
    { onError: (error) => console.error(`prerender: ${pathname}:`, error) },
  );
  const markup = await new Response(prelude).text();
  return { markup, reads: await readsOf() };
}

/** The translations (issue 16). */
const catalogues: Record<Exclude<Language, 'en'>, Catalogue> = { rw, fr, sw };

/** The app's sentences in one language, as the browser's app has them once it chose it. */
function speak(language: Language) {
  setCurrentLanguage(language);
  Object.assign(
    messages,
    language === 'en' ? englishMessages : localizedMessages(language, catalogues[language]),
  );
}

/** The status of the sender's answers: a client error, so that no query asks again. */
const NOT_SENT = 418;

/** The addresses the queries in the cache ask for without a token, each run once. */
async function readsOf(): Promise<string[]> {
  const reads = new Set<string>();
  configureApiClient({
    storedToken: () => 'signed.in.user',
    send: (url, init) => {
      if (!new Headers(init.headers).has('Authorization')) reads.add(url);
      return Promise.resolve(new Response(null, { status: NOT_SENT }));
    },
  });
  const queries = queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => (query.options as { enabled?: unknown }).enabled !== false);
  await Promise.allSettled(
    queries.map((query) =>
      queryClient.fetchQuery({ ...query.options, queryKey: query.queryKey, retry: false }),
    ),
  );
  queryClient.clear();
  return [...reads].filter((read) => read.startsWith('/api/'));
}
