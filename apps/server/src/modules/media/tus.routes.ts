import type { IncomingMessage } from 'node:http';
import { mkdir } from 'node:fs/promises';
import { formatSize } from '@ishuri/contract';
import { currentLanguage, messages } from '../../lib/i18n';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { gate } from '../../lib/access';
import { fail } from '../../lib/errors';
import { rateLimited } from '../../lib/rate-limit';
import {
  cleanUpResumableUploads,
  isResumableUploadId,
  readResumableUpload,
  releaseResumableUpload,
  reserveResumableUpload,
  resumableFolderOf,
  resumableOptionsOf,
} from './resumable-uploads';

/** Where resumable uploads are created; each upload is `<TUS_PATH>/<id>`. */
export const TUS_PATH = '/api/uploads/tus';
const TUS_VERSION = '1.0.0';

/**
 * Resumable video uploads, tus 1.0 (core, creation, termination, expiration) by @tus/server
 * over @tus/file-store in the data folder's `tus/` (never served: there is no GET).
 *
 * Fastify routes each request first: the rate limit, then the caller (admins and instructors,
 * `upload:video`), then this file's rules, and only then hands the raw request to the tus
 * server. Creation needs an `Upload-Length` of at most `maxVideoBytes` (413 otherwise) and a
 * caller holding fewer than `maxOpenPerUser` uploads, counted across processes (429); the
 * caller's id is written into the upload's record. Every later request (HEAD, PATCH, DELETE) names an id that must be one this
 * server makes and whose record names the caller: anything else, another user's upload
 * included, answers 404 as if it did not exist. The tus server then reads exactly the id that
 * was checked (never one of its own reading of the URL). `Location` is relative.
 */
export default async function tusRoutes(app: FastifyInstance) {
  const ctx = app.ctx;
  const folder = resumableFolderOf(ctx.config);
  const options = resumableOptionsOf(ctx.config);
  await mkdir(folder, { recursive: true, mode: 0o700 });

  /** The checked id of a request, and who creates an upload, by the raw request. */
  const checkedIds = new WeakMap<IncomingMessage, string>();
  const creators = new WeakMap<IncomingMessage, string>();
  /** The id reserved for a creation (modules/media/resumable-uploads.ts), by the raw request. */
  const reservedIds = new WeakMap<IncomingMessage, string>();
  const nodeRequestOf = (request: Request) =>
    (request as Request & { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;

  const tus = new Server({
    path: TUS_PATH,
    datastore: new FileStore({
      directory: folder,
      expirationPeriodInMilliseconds: options.expiryMs,
    }),
    relativeLocation: true,
    maxSize: ctx.config.maxVideoBytes,
    allowedOrigins: [ctx.config.appUrl],
    namingFunction: (request) => {
      const raw = nodeRequestOf(request);
      const id = raw ? reservedIds.get(raw) : undefined;
      if (!id) throw { status_code: 403, body: `${messages.forbidden}\n` };
      return id;
    },
    getFileIdFromRequest: (request) => {
      const raw = nodeRequestOf(request);
      return raw ? checkedIds.get(raw) : undefined;
    },
    // The record keeps the creator and nothing the client sent (its metadata is not needed).
    onUploadCreate: async (request) => {
      const raw = nodeRequestOf(request);
      const owner = raw ? creators.get(raw) : undefined;
      if (!owner) throw { status_code: 403, body: `${messages.forbidden}\n` };
      return { metadata: { owner } };
    },
  });

  // A chunk's body is the tus server's to read, as a stream.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) =>
    done(null),
  );
  // Every answer says the protocol version (errors refused before the tus server too); a refused
  // chunk's body is not read: the connection closes after the answer.
  app.addHook('onSend', async (request, reply) => {
    reply.header('tus-resumable', TUS_VERSION);
    if (reply.statusCode >= 400 && !request.raw.complete) {
      reply.header('connection', 'close');
    }
  });

  const limit = rateLimited(app, 'resumableUpload', {
    subject: (request) => request.actor?.id ?? null,
  });
  const guard = [...gate('upload:video'), limit];

  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    // Fastify's own answer headers (security headers) go with the tus server's.
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value);
    }
    reply.raw.setHeader('cache-control', 'no-store');
    await tus.handle(request.raw, reply.raw);
  };

  /** One creation at a time per user in this process (the database lock orders processes). */
  const creating = new Map<string, Promise<unknown>>();
  const oneAtATime = async (owner: string, run: () => Promise<void>) => {
    const before = creating.get(owner) ?? Promise.resolve();
    const mine = before.then(run, run);
    creating.set(owner, mine);
    try {
      await mine;
    } finally {
      if (creating.get(owner) === mine) creating.delete(owner);
    }
  };

  const hidden = { hide: true };

  app.route({
    method: 'OPTIONS',
    url: TUS_PATH,
    schema: hidden,
    handler: forward,
  });
  app.route({
    method: 'OPTIONS',
    url: `${TUS_PATH}/:id`,
    schema: hidden,
    handler: forward,
  });

  app.route({
    method: 'POST',
    url: TUS_PATH,
    schema: hidden,
    preHandler: guard,
    handler: async (request, reply) => {
      const owner = request.actor!.id;
      if (request.headers['upload-defer-length'] !== undefined)
        throw fail('UPLOAD_LENGTH_REQUIRED');
      const declared = request.headers['upload-length'];
      if (typeof declared !== 'string' || !/^\d{1,16}$/.test(declared)) {
        throw fail('UPLOAD_LENGTH_REQUIRED');
      }
      if (Number(declared) > ctx.config.maxVideoBytes) {
        throw fail('VIDEO_TOO_LARGE', {
          message: messages.videoTooLarge(formatSize(ctx.config.maxVideoBytes, currentLanguage())),
        });
      }
      await oneAtATime(owner, async () => {
        // Counted in the database with the shared folder: every process sees the same count.
        const id = await reserveResumableUpload(ctx.database.db, folder, owner, options);
        if (!id) {
          throw fail('TOO_MANY_UPLOADS', {
            message: messages.tooManyOpenUploads(options.maxOpenPerUser),
          });
        }
        creators.set(request.raw, owner);
        reservedIds.set(request.raw, id);
        try {
          await forward(request, reply);
        } finally {
          await releaseResumableUpload(ctx.database.db, id).catch((error: unknown) => {
            app.log.warn({ err: error, id }, 'could not end an upload reservation');
          });
        }
      });
    },
  });

  const ownUpload = async (request: FastifyRequest) => {
    const { id } = request.params as { id: string };
    const upload = isResumableUploadId(id) ? await readResumableUpload(folder, id) : null;
    if (!upload || upload.owner !== request.actor?.id) throw fail('UPLOAD_NOT_FOUND');
    checkedIds.set(request.raw, id);
  };
  app.route({
    method: ['HEAD', 'PATCH', 'DELETE'],
    url: `${TUS_PATH}/:id`,
    schema: hidden,
    preHandler: [...guard, ownUpload],
    handler: forward,
  });

  // Expired uploads are removed regularly, a bounded number at a time, by one process (a
  // scheduled job, lib/jobs.ts).
  ctx.jobs.schedule('resumable-uploads-sweep', options.cleanUpEveryMs, async () => {
    const removed = await cleanUpResumableUploads(ctx.config, ctx.log);
    if (removed > 0) app.log.info({ removed }, 'removed expired resumable uploads');
  });
}
