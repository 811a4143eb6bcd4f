import path from 'node:path';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { errorStatus, isErrorCode } from '@ishuri/contract';
import { learnAccountLanguage } from './lib/auth-guard';
import { localizeSentence, messages, speakTheReadersLanguage } from './lib/i18n';
import type { ErrorCode } from '@ishuri/contract';
import Fastify from 'fastify';
import type { FastifyError, FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import { openDatabase } from './db/client';
import type { Database } from './db/client';
import type { AppContext } from './lib/context';
import { registerRenditionJobs } from './lib/renditions';
import { scheduleVideoUpkeep } from './lib/video-upkeep';
import { serializerCompiler } from './lib/serializer';
import { AppError } from './lib/errors';
import { openApiTags, openApiTransform } from './lib/openapi';
import { errorForLog, requestForLog } from './lib/log';
import { JobQueue } from './lib/jobs';
import { createMailer } from './lib/mailer';
import { countMailFailures, createMetrics, registerMetrics } from './lib/metrics';
import { registerRequestIds, requestIdOf } from './lib/request-id';
import { trackHandlers } from './lib/in-flight';
import { createMediaUrls } from './lib/media-urls';
import { defaultReadCacheOptions, ReadCache, registerReadCache } from './lib/read-cache';
import {
  defaultSessionCacheOptions,
  registerSessionCache,
  SessionCache,
} from './lib/session-cache';
import { registerMailJobs } from './lib/mail-jobs';
import { registerPasswordResetJobs } from './modules/auth/password-reset';
import { createLocalStorage } from './lib/storage';
import { TokenService } from './lib/tokens';
import { sweepWorkFolders } from './lib/ffmpeg';
import { finishUnreadUploads } from './lib/uploads';
import authRoutes from './modules/auth/auth.routes';
import blogRoutes from './modules/blogs/blogs.routes';
import { registerCertificateJobs } from './modules/certificates/certificates.service';
import certificateRoutes from './modules/certificates/certificates.routes';
import contactRoutes from './modules/contact/contact.routes';
import courseRoutes from './modules/courses/courses.routes';
import enrolmentRoutes from './modules/enrolments/enrolments.routes';
import healthRoutes from './modules/health/health.routes';
import systemRoutes from './modules/system/system.routes';
import curriculumRoutes from './modules/curriculum/curriculum.routes';
import progressRoutes from './modules/progress/progress.routes';
import quizRoutes from './modules/quizzes/quizzes.routes';
import reportRoutes from './modules/reports/reports.routes';
import mailRoutes from './modules/mail/mail.routes';
import { registerNewsletterJobs } from './modules/subscribers/newsletter';
import subscriberRoutes from './modules/subscribers/subscribers.routes';
import { registerEmailChangeJobs } from './modules/users/email-change.service';
import uploadsRoutes from './modules/uploads/uploads.routes';
import tusRoutes from './modules/uploads/tus.routes';
import userRoutes from './modules/users/users.routes';
import premiumRoutes from './modules/premium/premium.routes';
import resourceRoutes from './modules/resources/resources.routes';
import {
  defaultOwnReadCacheOptions,
  OwnReadCache,
  registerOwnReadCache,
} from './lib/own-read-cache';
import { registerSecurityHeaders } from './lib/security-headers';
import { serveWebApp } from './web';

declare module 'fastify' {
  interface FastifyInstance {
    /** Requests with a body (not GET, HEAD, OPTIONS) not yet answered. */
    sendingRequests: () => number;
  }
}

/** A temporary upload file not written to for this long belongs to no live upload. */
export const LEFTOVER_IDLE_MS = 15 * 60 * 1000;

export interface BuildOptions {
  /** An open, migrated database; without it one is opened from the config (and closed with the app). */
  database?: Database;
  /** Where console lines of the file mailer go (tests capture them). */
  print?: (line: string) => void;
  /** Start the job poller (the process does; tests kick jobs themselves). */
  pollJobs?: boolean;
  /** Where log lines go instead of standard output (the tests' log files). */
  logStream?: { write(line: string): void };
}

/** Fastify's own client errors, in the product's words. */
/** Fastify's own errors, by the key of their sentence (read in the request's language). */
const fastifyErrors: Partial<Record<ErrorCode, keyof typeof messages>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payloadTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'contentTypeRefused',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'emptyBody',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalidJson',
  FST_REQ_FILE_TOO_LARGE: 'payloadTooLarge',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'multipartRequired',
};

export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: {
              paths: [
                'req.headers.authorization',
                'req.headers.cookie',
                'req.body.password',
                'req.body.verificationCode',
              ],
              censor: '[redacted]',
            },
            serializers: { req: requestForLog, err: (error) => errorForLog(error) },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A balancer's well-formed `x-request-id` is kept, anything else replaced (lib/request-id.ts).
    genReqId: requestIdOf,
    // On close (SIGTERM, main.ts): idle keep-alive connections are closed at once, requests in
    // flight finish (a streaming upload included), and requests that arrive meanwhile on an open
    // connection get 503 with `Connection: close`, so a balancer sends them elsewhere. These are
    // Fastify 5's defaults, written here because graceful shutdown depends on them.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  });

  // Sentences in the reader's language (lib/i18n.ts): first of all, so every hook speaks it.
  speakTheReadersLanguage(app);
  registerRequestIds(app);
  const handlers = trackHandlers(app);

  // Every route's path pattern, to answer 405 with `Allow` for a known path and a wrong method.
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
  const allowedMethods = (url: string) => [
    ...new Set(routePatterns.filter((route) => route.pattern.test(url)).map((r) => r.method)),
  ];

  const ownsDatabase = !options.database;
  const readCacheOptions = { ...defaultReadCacheOptions, ...config.readCache };
  const sessionCacheOptions = { ...defaultSessionCacheOptions, ...config.sessionCache };
  const ownReadCacheOptions = { ...defaultOwnReadCacheOptions, ...config.ownReadCache };
  const uploadsDir = path.join(config.dataDir, 'uploads');
  // The object store's client and Redis's are loaded only by a process configured for them:
  // together they cost about 50 MB of resident memory and 0.3 s of start (the server bundle
  // keeps them in chunks of their own, scripts/build.mjs).
  const objectStore = config.s3 ? await import('./lib/s3-storage') : null;
  const sharedCounters = config.redisUrl
    ? await Promise.all([import('./lib/redis'), import('./lib/rate-limit-store')])
    : null;
  // Files in an object store: its bucket must answer before anything is served (never created).
  if (config.s3) await objectStore!.checkBucket(config.s3);
  const storageOf = (folder: 'uploads' | 'private') =>
    objectStore
      ? objectStore.createStorage(config, folder)
      : createLocalStorage(path.join(config.dataDir, folder));
  const database =
    options.database ??
    openDatabase({ url: config.databaseUrl, dataDir: config.pgliteDir ?? undefined });
  // Connects in the background: start-up never waits for Redis (lib/redis.ts).
  const sharedRedis =
    config.redisUrl && sharedCounters
      ? new sharedCounters[0].SharedRedis(config.redisUrl, app.log, config.redisKeyPrefix)
      : null;
  // Only a process that serves /metrics watches its event loop and garbage collector.
  const metrics = createMetrics(database, { processMetrics: config.metricsToken !== undefined });
  const ctx: AppContext = {
    config,
    log: app.log,
    database,
    mailer: countMailFailures(
      createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        mailDir: path.join(config.dataDir, 'mail'),
        print: options.print,
        timeoutMs: config.smtpTimeoutMs,
      }),
      metrics,
    ),
    jobs: new JobQueue(database.db, app.log, {
      ...config.jobQueue,
      pollMs: config.jobPollMs,
      retryBaseMs: config.jobRetryBaseMs,
      onFailure: (type, final) => metrics.jobFailures.inc({ type, final: String(final) }),
    }),
    tokens: new TokenService(config.jwtSecret),
    files: storageOf('uploads'),
    privateFiles: storageOf('private'),
    media: createMediaUrls(config.jwtSecret),
    // Replaced by the registered caches below, before any request.
    readCache: new ReadCache(readCacheOptions),
    sessions: new SessionCache(sessionCacheOptions),
    ownReads: new OwnReadCache(ownReadCacheOptions),
    redis: sharedRedis?.client ?? null,
  };
  app.decorate('ctx', ctx);
  // Requests that send something (an upload, a form) not yet answered: a shutdown closes the
  // connections left (videos streamed to a paused player) once none is (main.ts).
  let sending = 0;
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') {
      return;
    }
    sending += 1;
    reply.raw.once('close', () => (sending -= 1));
  });
  app.decorate('sendingRequests', () => sending);
  app.decorateRequest('actor', null);
  app.decorateRequest('session', null);
  registerMailJobs(ctx);
  registerCertificateJobs(ctx);
  registerPasswordResetJobs(ctx);
  registerEmailChangeJobs(ctx);
  registerNewsletterJobs(ctx);
  registerRenditionJobs(ctx);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        frameSrc: ["'none'"],
        objectSrc: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Every answer with a body carries a weak ETag of it, and a request whose If-None-Match
  // matches gets 304 with no body: a returning learner's browser downloads nothing again (the
  // browser revalidates public reads, which carry `no-cache` below). Registered before
  // compression, so the tag is that of the JSON, whatever the encoding.
  await app.register(etag, { weak: true });
  ctx.readCache = await registerReadCache(app, database, readCacheOptions);
  ctx.sessions = await registerSessionCache(app, database, sessionCacheOptions);
  ctx.ownReads = await registerOwnReadCache(app, database, ownReadCacheOptions);
  // API answers are compressed for slow networks (the web app's files are precompressed at build).
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // Limits are applied per route by lib/rate-limit.ts; their counters live in Redis when it is
  // configured (in memory while it fails: lib/rate-limit-store.ts), otherwise in memory.
  await app.register(rateLimit, {
    global: false,
    ...(sharedRedis && sharedCounters
      ? { store: sharedCounters[1].sharedRateLimitStore(sharedRedis) }
      : {}),
  });
  // Multipart bodies are read as streams by lib/uploads.ts, which sets the file size limit of
  // each upload (image or video); JSON bodies keep the 1 MB body limit.
  await app.register(multipart, {
    limits: { fileSize: config.maxImageBytes, files: 1, fields: 20, parts: 21 },
    throwFileSizeLimit: false,
  });
  finishUnreadUploads(app);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Ishuri API',
        description: 'Courses, lessons, progress and certificates.',
        version: '1.0.0',
        contact: { name: 'Ishuri', url: config.appUrl },
      },
      servers: [{ url: config.appUrl }],
      tags: openApiTags,
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: openApiTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send({
        error: error.message,
        code: error.code,
        ...(error.fields ? { fields: error.fields } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      await learnAccountLanguage(request);
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const name = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
        fields[name] ??= issue.message
          ? localizeSentence(issue.message)
          : messages.validationFailed;
      }
      return reply.status(400).send({
        error: Object.values(fields)[0] ?? messages.validationFailed,
        code: 'VALIDATION_FAILED',
        fields,
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error(
        { err: error, issues: error.cause.issues },
        'response does not match schema',
      );
      return reply.status(500).send({ error: messages.internalError, code: 'INTERNAL' });
    }
    const known = isErrorCode(error.code) ? fastifyErrors[error.code] : undefined;
    if (known && isErrorCode(error.code)) {
      return reply
        .status(errorStatus[error.code])
        .send({ error: messages[known] as string, code: error.code });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'client error');
      return reply.status(status).send({
        error: status === 404 ? messages.notFound : messages.badRequest,
        code: status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST',
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: messages.internalError, code: 'INTERNAL' });
  });

  // Answers that may be private (signed in, any write, any error) are never stored by a cache;
  // public API reads are revalidated on each use. A route may set its own header.
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

  registerMetrics(app, metrics, config.metricsToken);
  await app.register(healthRoutes);
  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(courseRoutes);
  await app.register(curriculumRoutes);
  await app.register(quizRoutes);
  await app.register(reportRoutes);
  await app.register(blogRoutes);
  await app.register(enrolmentRoutes);
  await app.register(contactRoutes);
  await app.register(subscriberRoutes);
  await app.register(mailRoutes);
  await app.register(progressRoutes);
  await app.register(certificateRoutes);
  await app.register(premiumRoutes);
  await app.register(resourceRoutes);
  await app.register(uploadsRoutes, {
    prefix: '/uploads',
    root: config.s3 ? null : uploadsDir,
  });
  await app.register(tusRoutes);

  await serveWebApp(app, config.webDist, config.appUrl, allowedMethods);

  // Temporary files of uploads a crash cut off are removed every hour, by one process (a
  // scheduled job, lib/jobs.ts); one idle for 15 minutes is no live upload's (those write all
  // the time), even in another process.
  ctx.jobs.schedule('upload-leftovers', 60 * 60 * 1000, async () => {
    for (const storage of [ctx.files, ctx.privateFiles]) {
      const removed = await storage.removeLeftovers(LEFTOVER_IDLE_MS);
      if (removed > 0) app.log.info({ removed }, 'removed the leftovers of cut-off uploads');
    }
  });
  // Older videos' renditions, uploads no longer needed: hourly, in the background.
  let closing = false;
  scheduleVideoUpkeep(ctx, () => closing);
  app.addHook('onReady', async () => {
    if (options.pollJobs) {
      // Work folders of earlier processes that were killed (their renditions, S3 copies).
      const swept = await sweepWorkFolders().catch(() => 0);
      if (swept > 0) app.log.info({ swept }, 'removed the work folders of ended processes');
      ctx.jobs.start();
    }
  });
  app.addHook('onClose', async () => {
    // Connections are closed by now; handlers of requests their clients cut off may still be
    // cleaning up (lib/in-flight.ts). A shutdown's own deadline (main.ts) bounds the wait too.
    if (!(await handlers.settled(config.shutdownTimeoutMs))) {
      app.log.warn({ running: handlers.count }, 'closing with request handlers still running');
    }
    closing = true;
    await ctx.jobs.stop();
    ctx.mailer.close();
    if (ownsDatabase) await database.close();
    sharedRedis?.close();
  });

  return app;
}
