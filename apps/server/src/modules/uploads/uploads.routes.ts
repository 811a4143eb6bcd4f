import { mkdir } from 'node:fs/promises';
import fastifyStatic from '@fastify/static';
import { messages } from '../../lib/i18n';
import type { FastifyError, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError, fail } from '../../lib/errors';
import { isPremiumMedia } from '../../lib/media-urls';
import { imageKeyOfSmall, smallImageMaker } from '../../lib/small-images';
import { isStorageKey } from '../../lib/storage';

export interface UploadsRoutesOptions {
  /** The public storage's folder (the data folder's `uploads/`); nothing outside it is served. */
  root: string;
}

const ONE_YEAR = 365 * 24 * 60 * 60;
const PUBLIC_CACHE = `public, max-age=${ONE_YEAR}, immutable`;

/** The cache rule each served file was given by the access check below. */
const cacheOf = new WeakMap<FastifyRequest, string>();

/**
 * GET /uploads/<key>: the public files. Keys are unique (random names), so a file never changes
 * and may be cached for a year. Byte ranges are answered (206, 416), so that video seeking starts
 * at once. Only well-formed storage keys are looked up: `..`, dot files and odd characters are a
 * 404, and the private storage lives in another folder.
 *
 * Videos of premium lessons are served only through signed, expiring URLs (lib/media-urls.ts,
 * decisions.md §5), privately cached until they expire; without a live signature they answer
 * 403. Whether a video is premium is read from the database at each request.
 *
 * Course and blog images are public, a premium course's too (its card is shown to everyone), and
 * so are their small copies (`images/<name>.small.webp`, lib/small-images.ts): the same rule and
 * cache. An older image's missing small copy is made on its first request.
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
      if (error instanceof AppError) throw error;
      if (error.statusCode === 403 || error.statusCode === 404) {
        return reply.status(404).send({ error: messages.fileNotFound, code: 'FILE_NOT_FOUND' });
      }
      throw error;
    },
  );

  const ctx = app.ctx;
  const refused = () => fail('MEDIA_LINK_INVALID');
  const ensureSmallImage = smallImageMaker(ctx.files);
  app.addHook('preHandler', async (request) => {
    const key = (request.params as { '*'?: string })['*'] ?? '';
    if (key.startsWith('images/') && isStorageKey(key) && imageKeyOfSmall(key)) {
      // Not made (no such image, or one that cannot be read): a 404, and the web shows the image.
      await ensureSmallImage(key).catch((error: unknown) => {
        request.log.warn({ err: error, key }, 'could not make the small copy of an image');
      });
      return;
    }
    if (!key.startsWith('videos/') || !isStorageKey(key)) return;
    const { exp, sig } = request.query as { exp?: unknown; sig?: unknown };
    if (exp !== undefined || sig !== undefined) {
      const left = ctx.media.verify(key, exp, sig);
      if (left === 0) throw refused();
      cacheOf.set(request, `private, max-age=${Math.min(left, 60 * 60)}`);
      return;
    }
    if (await isPremiumMedia(ctx.database.db, `/uploads/${key}`)) throw refused();
  });
  app.addHook('onSend', async (request, reply) => {
    if (reply.statusCode === 200 || reply.statusCode === 206 || reply.statusCode === 304) {
      reply.header('cache-control', cacheOf.get(request) ?? PUBLIC_CACHE);
    }
  });

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
      reply.header('x-content-type-options', 'nosniff');
    },
  });
};

export default uploadsRoutes;
