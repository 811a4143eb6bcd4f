import { mkdir } from 'node:fs/promises';
import { Readable } from 'node:stream';
import fastifyStatic from '@fastify/static';
import { messages } from '../../lib/i18n';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, fail } from '../../lib/errors';
import { isPremiumMedia } from './media-urls';
import { imageKeyOfSmall, smallImageMaker } from './small-images';
import { contentTypeOf, isStorageKey } from '../../lib/storage';
import type { Storage } from '../../lib/storage';

export interface UploadsRoutesOptions {
  /**
   * The public storage's folder (the data folder's `uploads/`), served from the disk; nothing
   * outside it is served. Null when files are in an object store: they are read through
   * `ctx.files` (serveFromStorage below).
   */
  root: string | null;
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
 * Videos of premium lessons are served only through signed, expiring URLs (modules/media/media-urls.ts,
 * decisions.md §5), privately cached until they expire; without a live signature they answer
 * 403. Whether a video is premium is read from the database at each request.
 *
 * Course and blog images are public, a premium course's too (its card is shown to everyone), and
 * so are their small copies (`images/<name>.small.webp`, modules/media/small-images.ts): the same rule and
 * cache. An older image's missing small copy is made on its first request.
 */
const uploadsRoutes: FastifyPluginAsync<UploadsRoutesOptions> = async (app, options) => {
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

  if (options.root === null) {
    app.get('/*', (request, reply) => serveFromStorage(ctx.files, request, reply));
    return;
  }
  await mkdir(options.root, { recursive: true });
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

/**
 * GET /uploads/<key> when files are in an object store: the server reads the object and sends
 * it, with what @fastify/static gives files on the disk (the same Content-Type, a weak ETag of
 * size and time, Last-Modified, 304, one byte range as 206, 416 with `bytes *\/size`).
 *
 * Proxied, not redirected to a presigned URL of the store: the web app's Content-Security-Policy
 * (`img-src`/`media-src 'self'`) and its offline service worker both expect media on our own
 * origin under /uploads, premium videos keep their signed, expiring links and per-request check
 * here, and the bucket stays private. The cost is the bytes passing through the process
 * (streamed, one range at a time: memory does not grow with the file); a CDN in front of
 * /uploads takes most of it, since public files are cached for a year.
 */
async function serveFromStorage(files: Storage, request: FastifyRequest, reply: FastifyReply) {
  const key = (request.params as { '*'?: string })['*'] ?? '';
  // As on the disk (`dotfiles: 'deny'`): no name starting with a dot is ever served.
  if (!isStorageKey(key) || key.split('/').some((part) => part.startsWith('.'))) {
    return reply.status(404).send({ error: messages.fileNotFound, code: 'FILE_NOT_FOUND' });
  }
  return sendStoredFile(files, key, request, reply, contentTypeOf(key));
}

/**
 * Sends one stored file of `files` as the answer, with `contentType`: ETag, Last-Modified, 304,
 * one byte range as 206, 416 with `bytes *\/size`, and `X-Content-Type-Options: nosniff`. Also
 * used by the routes that check access first (course resources).
 */
export async function sendStoredFile(
  files: Storage,
  key: string,
  request: FastifyRequest,
  reply: FastifyReply,
  contentType: string,
) {
  const info = await files.stat(key);
  if (!info) {
    return reply.status(404).send({ error: messages.fileNotFound, code: 'FILE_NOT_FOUND' });
  }
  const etag = `W/"${info.size.toString(16)}-${info.modifiedAt.getTime().toString(16)}"`;
  const lastModified = info.modifiedAt.toUTCString();
  reply.header('accept-ranges', 'bytes');
  reply.header('etag', etag);
  reply.header('last-modified', lastModified);
  reply.header('x-content-type-options', 'nosniff');
  if (isNotModified(request, etag, info.modifiedAt)) return reply.status(304).send();

  let range: { start: number; end: number } | undefined;
  const asked = request.headers.range;
  if (asked !== undefined && /^ *bytes=/.test(asked) && isRangeFresh(request, etag, info)) {
    const parsed = parseRange(asked, info.size);
    if (parsed === 'unsatisfiable') {
      reply.header('content-range', `bytes */${info.size}`);
      return reply
        .status(416)
        .send({ error: messages.rangeNotSatisfiable, code: 'RANGE_NOT_SATISFIABLE' });
    }
    range = parsed;
  }
  // Set only now: the JSON answers above keep theirs.
  reply.header('content-type', contentType);
  if (range) {
    reply.status(206);
    reply.header('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
  }
  const length = range ? range.end - range.start + 1 : info.size;
  reply.header('content-length', length);
  // An empty stream, not '': Fastify would set a string's own length (0) for HEAD.
  if (request.method === 'HEAD' || length === 0) return reply.send(Readable.from([]));
  return reply.send(files.read(key, range));
}

/** If-None-Match (weak comparison), else If-Modified-Since, as @fastify/send reads them. */
function isNotModified(request: FastifyRequest, etag: string, modifiedAt: Date): boolean {
  const noneMatch = request.headers['if-none-match'];
  if (noneMatch !== undefined) {
    if (noneMatch.trim() === '*') return true;
    const opaque = etag.slice(2);
    return noneMatch.split(',').some((tag) => {
      const t = tag.trim();
      return t === etag || t === opaque;
    });
  }
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  // HTTP dates have whole seconds.
  return !Number.isNaN(since) && Math.floor(modifiedAt.getTime() / 1000) * 1000 <= since;
}

/** If-Range: the range is answered only when the file is still the one the client has. */
function isRangeFresh(request: FastifyRequest, etag: string, info: { modifiedAt: Date }): boolean {
  const header = request.headers['if-range'];
  const ifRange = Array.isArray(header) ? header[0] : header;
  if (ifRange === undefined) return true;
  if (ifRange.includes('"')) return ifRange.includes(etag);
  const at = Date.parse(ifRange);
  return !Number.isNaN(at) && Math.floor(info.modifiedAt.getTime() / 1000) * 1000 <= at;
}

/**
 * One byte range of `bytes=a-b`, `bytes=a-` or `bytes=-n` (the end limited to the file). Several
 * ranges give the whole file (undefined); no satisfiable range at all (beyond the end, or
 * malformed) is unsatisfiable: as @fastify/send answers for files on the disk.
 */
function parseRange(
  header: string,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  const specs = header.slice(header.indexOf('=') + 1).split(',');
  const ranges: { start: number; end: number }[] = [];
  for (const spec of specs) {
    const match = /^\s*(\d*)\s*-\s*(\d*)\s*$/.exec(spec);
    if (!match || (match[1] === '' && match[2] === '')) continue;
    let start: number;
    let end: number;
    if (match[1] === '') {
      start = Math.max(0, size - Number(match[2]));
      end = size - 1;
    } else {
      start = Number(match[1]);
      end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
    }
    if (start <= end && start < size) ranges.push({ start, end });
  }
  if (ranges.length === 0) return 'unsatisfiable';
  return ranges.length === 1 ? ranges[0] : undefined;
}
