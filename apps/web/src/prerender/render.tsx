import { messages } from '@ishuri/contract';
import type { Catalogue, Language } from '@ishuri/contract';
import { englishMessages, localizedMessages } from '@ishuri/contract/localize';
import fr from '@ishuri/contract/locales/fr.json';
import rw from '@ishuri/contract/locales/rw.json';
import sw from '@ishuri/contract/locales/sw.json';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { Providers } from '../app/providers';
import { queryClient } from '../app/query-client';
import { routes } from '../app/routes';
import { setCurrentLanguage } from '../lib/language';

/**
 * The first HTML of a public page, rendered at build time (scripts/prerender.mjs) as a visitor
 * sees it before any data arrives: the navigation bar, the page's text and the places its data
 * will fill, the footer. A phone paints it before the JavaScript has loaded; the app then takes
 * the same markup over (hydration) instead of drawing the page again.
 *
 * With it, the API addresses the page reads first (`reads`): the queries the render created,
 * started once against a `fetch` that only notes where they ask, as if a user were signed in.
 * Only reads sent without a token are kept: their answer is the same for everyone, so the
 * page's HTML can have the browser fetch them while the JavaScript loads (`<link
 * rel="preload">`; a preloaded answer is handed to the app's request whatever its headers).
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
  const markup = renderToString(
    <StrictMode>
      <Providers>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
  );
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

/** The addresses the queries in the cache ask for without a token, each started once. */
async function readsOf(): Promise<string[]> {
  const reads = new Set<string>();
  const realFetch = globalThis.fetch;
  const global = globalThis as { window?: unknown };
  const hadWindow = 'window' in global;
  // A stored token: a read that would carry it differs by user and is not kept.
  if (!hadWindow) {
    global.window = {
      localStorage: { getItem: () => 'signed.in.user', setItem() {}, removeItem() {} },
    };
  }
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!new Headers(init?.headers).has('Authorization')) reads.add(url);
    return new Promise<Response>(() => undefined);
  };
  try {
    const queries = queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => (query.options as { enabled?: unknown }).enabled !== false);
    for (const query of queries) void query.fetch().catch(() => undefined);
    // Each query reaches fetch within a few turns of the event loop.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await queryClient.cancelQueries();
  } finally {
    globalThis.fetch = realFetch;
    if (!hadWindow) delete global.window;
    queryClient.clear();
  }
  return [...reads].filter((read) => read.startsWith('/api/'));
}
