import { mkdir } from 'node:fs/promises';
import fastifyStatic from '@fastify/static';
import { messages } from '@ishuri/contract';
import type { FastifyError, FastifyPluginAsync } from 'fastify';
import { isStorageKey } from '../../lib/storage';

export interface UploadsRoutesOptions {
  /** The public storage's folder (the data folder's `uploads/`); nothing outside it is served. */
  root: string;
}

const ONE_YEAR = 365 * 24 * 60 * 60;

/**
 * GET /uploads/<key>: the public files. Keys are unique (random names), so a file never changes
 * and may be cached for a year. Byte ranges are answered (206, 416), so that video seeking starts
 * at once. Only well-formed storage keys are looked up: `..`, dot files and odd characters are a
 * 404, and the private storage lives in another folder.
 */
const uploadsRoutes: FastifyPluginAsync<UploadsRoutesOptions> = async (app, options) => {
  await mkdir(options.root, { recursive: true });
  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({ error: messages.fileNotFound, code: 'FILE_NOT_FOUND' }),
  );

  app.setErrorHandler(
    async (error: FastifyError & { headers?: Record<string, string> }, _r, reply) => {
      if (error.statusCode === 416) {
        const range = error.headers?.['Content-Range'];
        if (range) reply.header('content-range', range);
        return reply
          .status(416)
          .send({ error: messages.rangeNotSatisfiable, code: 'RANGE_NOT_SATISFIABLE' });
      }
      if (error.statusCode === 403 || error.statusCode === 404) {
        return reply.status(404).send({ error: messages.fileNotFound, code: 'FILE_NOT_FOUND' });
      }
      throw error;
    },
  );

  await app.register(fastifyStatic, {
    root: options.root,
    prefix: '/',
    decorateReply: false,
    index: false,
    list: false,
    redirect: false,
    dotfiles: 'deny',
    acceptRanges: true,
    cacheControl: false,
    etag: true,
    lastModified: true,
    allowedPath: (pathName) => isStorageKey(pathName.replace(/^\//, '')),
    setHeaders: (reply) => {
      reply.header('cache-control', `public, max-age=${ONE_YEAR}, immutable`);
      reply.header('x-content-type-options', 'nosniff');
    },
  });
};

export default uploadsRoutes;
