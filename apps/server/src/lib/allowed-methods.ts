import type { FastifyInstance } from 'fastify';

/**
 * Every route's path pattern, collected as routes are added, to answer 405 with `Allow` for a
 * known path and a wrong method: answers the methods a URL's path is served with.
 */
export function collectAllowedMethods(app: FastifyInstance): (url: string) => string[] {
  const routePatterns: { method: string; pattern: RegExp }[] = [];
  app.addHook('onRoute', (route) => {
    if (route.url.includes('*')) return;
    const pattern = new RegExp(
      `^${route.url
        .split('/')
        .map((part) =>
          part.startsWith(':') ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
        )
        .join('/')}/?$`,
    );
    for (const method of [route.method].flat()) routePatterns.push({ method, pattern });
  });
  return (url: string) => [
    ...new Set(routePatterns.filter((route) => route.pattern.test(url)).map((r) => r.method)),
  ];
}
