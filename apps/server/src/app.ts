import zlib from 'node:zlib';
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { createAppContext, registerCaches } from './context';
import type { ContextOptions } from './context';
import { collectAllowedMethods } from './lib/allowed-methods';
import { registerCacheControl } from './lib/cache-control';
import { registerErrorHandler } from './lib/error-handler';
import { speakTheReadersLanguage } from './lib/i18n';
import { countSendingRequests, trackHandlers } from './lib/in-flight';
import { errorForLog, requestForLog } from './lib/log';
import { registerMetrics } from './lib/metrics';
import { registerOpenApi } from './lib/openapi';
import { registerRequestIds, requestIdOf } from './lib/request-id';
import { registerSecurityHeaders } from './lib/security-headers';
import { serializerCompiler } from './lib/serializer';
import { sweepWorkFolders } from './lib/work-folders';
import { scheduleUploadLeftovers } from './modules/media/upload-leftovers';
import { finishUnreadUploads } from './modules/media/uploads';
import { scheduleVideoUpkeep } from './modules/media/video-upkeep';
import { registerJobHandlers, registerRoutes } from './routes';
import { serveWebApp } from './web';

export interface BuildOptions extends ContextOptions {
  /** Start the job poller (the process does; tests kick jobs themselves). */
  pollJobs?: boolean;
  /** Where log lines go instead of standard output (the tests' log files). */
  logStream?: { write(line: string): void };
}

/** The product's HTTP app: its context, the plugins every route relies on, then the routes. */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify(serverOptions(config, options));
  // Sentences in the reader's language (lib/i18n.ts): first of all, so every hook speaks it.
  speakTheReadersLanguage(app);
  registerRequestIds(app);
  const handlers = trackHandlers(app);
  const allowedMethods = collectAllowedMethods(app);
  const { ctx, metrics, rateLimitStore, close } = await createAppContext(config, app.log, options);
  app.decorate('ctx', ctx);
  countSendingRequests(app);
  app.decorateRequest('actor', null);
  app.decorateRequest('session', null);
  registerJobHandlers(ctx);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerSecurityHeaders(app, securityHeaders);
  // Every answer with a body carries a weak ETag of it, and a request whose If-None-Match
  // matches gets 304 with no body: a returning learner's browser downloads nothing again (the
  // browser revalidates public reads, lib/cache-control.ts). Registered before compression, so
  // the tag is that of the JSON, whatever the encoding.
  await app.register(etag, { weak: true });
  await registerCaches(app, ctx);
  // API answers are compressed for slow networks (the web app's files are precompressed at build).
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // Limits are applied per route by lib/rate-limit.ts; their counters live in Redis when it is
  // configured (in memory while it fails: lib/rate-limit-store.ts), otherwise in memory.
  await app.register(rateLimit, { global: false, ...rateLimitStore });
  // Multipart bodies are read as streams by modules/media/uploads.ts, which sets the file size
  // limit of each upload (image or video); JSON bodies keep the 1 MB body limit.
  await app.register(multipart, {
    limits: { fileSize: config.maxImageBytes, files: 1, fields: 20, parts: 21 },
    throwFileSizeLimit: false,
  });
  finishUnreadUploads(app);
  await registerOpenApi(app, config.appUrl);
  registerErrorHandler(app);
  registerCacheControl(app);
  registerMetrics(app, metrics, config.metricsToken);
  await registerRoutes(app, config);
  await serveWebApp(app, config.webDist, config.appUrl, allowedMethods);

  scheduleUploadLeftovers(ctx);
  // Older videos' renditions, uploads no longer needed: hourly, in the background.
  let closing = false;
  scheduleVideoUpkeep(ctx, () => closing);
  app.addHook('onReady', async () => {
    if (!options.pollJobs) return;
    // Work folders of earlier processes that were killed (their renditions, S3 copies).
    const swept = await sweepWorkFolders().catch(() => 0);
    if (swept > 0) app.log.info({ swept }, 'removed the work folders of ended processes');
    ctx.jobs.start();
  });
  app.addHook('onClose', async () => {
    // Connections are closed by now; handlers of requests their clients cut off may still be
    // cleaning up (lib/in-flight.ts). A shutdown's own deadline (main.ts) bounds the wait too.
    if (!(await handlers.settled(config.shutdownTimeoutMs))) {
      app.log.warn({ running: handlers.count }, 'closing with request handlers still running');
    }
    closing = true;
    await ctx.jobs.stop();
    await close();
  });
  return app;
}

const securityHeaders: Parameters<typeof registerSecurityHeaders>[1] = {
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
};

function serverOptions(config: Config, options: BuildOptions): FastifyServerOptions {
  return {
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
  };
}
