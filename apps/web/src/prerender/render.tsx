import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { Providers } from '../app/providers';
import { routes } from '../app/routes';

/**
 * The first HTML of a public page, rendered at build time (scripts/prerender.mjs) as a visitor
 * sees it before any data arrives: the navigation bar, the page's text and the places its data
 * will fill, the footer. A phone paints it before the JavaScript has loaded; the app then takes
 * the same markup over (hydration) instead of drawing the page again.
 *
 * @public (imported by scripts/prerender.mjs from the Node build)
 */
export async function renderPage(pathname: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, 'http://localhost')));
  if (context instanceof Response) {
    throw new Error(`${pathname} answers ${context.status}: it cannot be prerendered`);
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <Providers>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
  );
}
