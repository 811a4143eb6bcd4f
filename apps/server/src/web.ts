import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { acceptedLanguages, pickLanguage } from '@ishuri/contract';
import { messages } from './lib/i18n';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The public pages of the web app (product.md §2) that a search engine may list. */
export const publicPagePaths = [
  '/',
  '/business',
  '/blog',
  '/explore-course',
  '/contact',
  '/login',
  '/register',
];

const escapeXml = (value: string) => value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

export function sitemapXml(appUrl: string): string {
  const base = appUrl.replace(/\/+$/, '');
  const urls = publicPagePaths
    .map((page) => `  <url><loc>${escapeXml(base + page)}</loc></url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/**
 * A file name: a dot file, or a name ending in a short extension (`robots.txt`, `missing.png`).
 * Tokens in the web app's links may hold a dot (`/subscribe/confirm/<id>.<mac>`) and stay pages.
 */
const fileName = /^\.|\.[a-z0-9]{1,8}$/i;

/** A page navigation: GET, asking for HTML, at a path that does not name a file. */
function isPageNavigation(request: FastifyRequest, url: string): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  // `/robots.txt`, `/missing.png`, `/.env`: a file, never a page.
  if (fileName.test(path.posix.basename(url))) return false;
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html');
}

/**
 * The public pages whose first HTML the build wrote (apps/web/scripts/prerender.mjs): for each,
 * the addresses it answers (a regular expression on the path) and its file. Without that list
 * (a development build), every page gets index.html; a listed file that is missing is skipped.
 */
function prerenderedPages(
  webDist: string,
): Array<{ matches: RegExp; language: string; file: string }> {
  const manifest = path.join(webDist, 'prerendered', 'pages.json');
  if (!existsSync(manifest)) return [];
  const entries = JSON.parse(readFileSync(manifest, 'utf8')) as Array<{
    matches: string;
    language?: string;
    file: string;
  }>;
  return entries
    .filter((entry) => existsSync(path.join(webDist, entry.file)))
    .map((entry) => ({
      matches: new RegExp(entry.matches),
      language: entry.language ?? 'en',
      file: entry.file,
    }));
}

const routeNotFound = (reply: FastifyReply) =>
  reply.status(404).send({ error: messages.routeNotFound, code: 'ROUTE_NOT_FOUND' });

/**
 * Unknown /api paths answer a JSON 404. The web app's built files are served as they are
 * (robots.txt and favicon.ico among them); index.html only answers page navigations
 * (history fallback), and any other unknown path is a 404.
 */
export async function serveWebApp(
  app: FastifyInstance,
  webDist: string | undefined,
  appUrl: string,
  allowedMethods: (url: string) => string[] = () => [],
) {
  const hasWeb = webDist !== undefined && existsSync(path.join(webDist, 'index.html'));
  const pages = hasWeb ? prerenderedPages(webDist) : [];
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of text assets; the smallest accepted one is sent.
      preCompressed: true,
      maxAge: '1y',
      immutable: true,
      // Only hashed build assets are cached for long; index.html must always be fresh.
      setHeaders: (reply, filePath) => {
        if (!filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('cache-control', 'no-cache');
        }
      },
    });
    app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(sitemapXml(appUrl)),
    );
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const allowed = allowedMethods(url);
    if (allowed.length > 0) {
      return reply
        .status(405)
        .header('allow', allowed.join(', '))
        .send({ error: messages.methodNotAllowed, code: 'METHOD_NOT_ALLOWED' });
    }
    if (url.startsWith('/api/') || url === '/api' || !hasWeb) return routeNotFound(reply);
    if (!isPageNavigation(request, url)) return routeNotFound(reply);
    // A public page's own first HTML (a visitor sees its text before the JavaScript runs);
    // any other page, the app's empty index.html.
    // In the reader's language (the browser's Accept-Language; the app redraws a page whose
    // reader chose another language on this device), else English.
    const header = request.headers['accept-language'];
    const language = pickLanguage(acceptedLanguages(typeof header === 'string' ? header : ''));
    const matching = pages.filter((entry) => entry.matches.test(url));
    const page =
      matching.find((entry) => entry.language === language) ??
      matching.find((entry) => entry.language === 'en');
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Language')
      .sendFile(page?.file ?? 'index.html', webDist!);
  });
}
