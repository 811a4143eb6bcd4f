import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { messages } from '@ishuri/contract';
import type { FastifyInstance } from 'fastify';

/**
 * Unknown /api paths answer a JSON 404. Other GET paths are the web app's: its built files
 * when they exist, and index.html for any route the app itself handles (history fallback).
 */
export async function serveWebApp(app: FastifyInstance, webDist: string | undefined) {
  const hasWeb = webDist !== undefined && existsSync(path.join(webDist, 'index.html'));
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
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url === '/api' || !hasWeb || request.method !== 'GET') {
      return reply.status(404).send({ error: messages.routeNotFound, code: 'ROUTE_NOT_FOUND' });
    }
    if (path.extname(url) && url.startsWith('/assets/')) {
      return reply.status(404).send({ error: messages.routeNotFound, code: 'ROUTE_NOT_FOUND' });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html', webDist!);
  });
}
