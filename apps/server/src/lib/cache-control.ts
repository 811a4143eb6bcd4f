import type { FastifyInstance } from 'fastify';

/**
 * Answers that may be private (signed in, any write, any error) are never stored by a cache;
 * public API reads are revalidated on each use. A route may set its own header.
 */
export function registerCacheControl(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.hasHeader('cache-control')) return payload;
    if (
      reply.statusCode >= 400 ||
      request.headers.authorization !== undefined ||
      request.headers.cookie !== undefined ||
      request.actor ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      reply.header('cache-control', 'no-store');
    } else if (request.url.startsWith('/api/')) {
      // A public read may be kept, but is asked again each time (cheaply: 304 by its ETag).
      reply.header('cache-control', 'no-cache');
    }
    return payload;
  });
}
