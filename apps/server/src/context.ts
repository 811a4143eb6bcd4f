import path from 'node:path';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config';
import { openDatabase } from './db/client';
import type { Database } from './db/client';
import { JobQueue } from './lib/jobs';
import { createMailer } from './lib/mailer';
import type { Mailer } from './lib/mailer';
import { countMailFailures, createMetrics } from './lib/metrics';
import type { Metrics } from './lib/metrics';
import {
  defaultOwnReadCacheOptions,
  OwnReadCache,
  registerOwnReadCache,
} from './lib/own-read-cache';
import { defaultReadCacheOptions, ReadCache, registerReadCache } from './lib/read-cache';
import {
  defaultSessionCacheOptions,
  registerSessionCache,
  SessionCache,
} from './lib/session-cache';
import { createLocalStorage } from './lib/storage';
import type { Storage } from './lib/storage';
import { TokenService } from './modules/auth/tokens';
import { createMediaUrls } from './modules/media/media-urls';
import type { MediaUrls } from './modules/media/media-urls';

/** What every route and service may use; one per app instance. */
export interface AppContext {
  config: Config;
  log: FastifyBaseLogger;
  database: Database;
  mailer: Mailer;
  jobs: JobQueue;
  tokens: TokenService;
  /** Public files, served under /uploads. */
  files: Storage;
  /** Private files (certificate PDFs), served only through their routes. */
  privateFiles: Storage;
  /** Signed, expiring URLs of premium lessons' media. */
  media: MediaUrls;
  /** Public reads kept in memory; content changed outside a request calls `invalidate()`. */
  readCache: ReadCache;
  /**
   * Tokens already checked against the database. Whatever ends a user's sessions (logout,
   * password change or reset, deletion) calls `forget(userId)` once it has committed.
   */
  sessions: SessionCache;
  /** A signed-in user's own reads (profile, progress), kept until a write may change them. */
  ownReads: OwnReadCache;
  /** Shared counters (rate limits) when REDIS_URL is set; null otherwise. */
  redis: Redis | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/** What buildApp's options give the context. */
export interface ContextOptions {
  /** An open, migrated database; without it one is opened from the config. */
  database?: Database;
  /** Where console lines of the file mailer go (tests capture them). */
  print?: (line: string) => void;
}

/**
 * The context of one app: its database, mail, jobs, files, caches and shared counters. The
 * caches are placeholders until the app registers them (app.ts); `close` closes what it opened.
 */
export async function createAppContext(
  config: Config,
  log: FastifyBaseLogger,
  options: ContextOptions,
): Promise<{
  ctx: AppContext;
  metrics: Metrics;
  /** The rate limits' store: Redis's when it is configured, else @fastify/rate-limit's own. */
  rateLimitStore: { store?: FastifyRateLimitStoreCtor };
  close: () => Promise<void>;
}> {
  const ownsDatabase = !options.database;
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
      ? new sharedCounters[0].SharedRedis(config.redisUrl, log, config.redisKeyPrefix)
      : null;
  // Only a process that serves /metrics watches its event loop and garbage collector.
  const metrics = createMetrics(database, { processMetrics: config.metricsToken !== undefined });
  const ctx: AppContext = {
    config,
    log: log,
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
    jobs: new JobQueue(database.db, log, {
      ...config.jobQueue,
      pollMs: config.jobPollMs,
      retryBaseMs: config.jobRetryBaseMs,
      onFailure: (type, final) => metrics.jobFailures.inc({ type, final: String(final) }),
    }),
    tokens: new TokenService(config.jwtSecret),
    files: storageOf('uploads'),
    privateFiles: storageOf('private'),
    media: createMediaUrls(config.jwtSecret),
    // Replaced by the registered caches (registerCaches), before any request.
    readCache: new ReadCache(cacheOptions(config).readCache),
    sessions: new SessionCache(cacheOptions(config).sessions),
    ownReads: new OwnReadCache(cacheOptions(config).ownReads),
    redis: sharedRedis?.client ?? null,
  };
  return {
    ctx,
    metrics,
    rateLimitStore:
      sharedRedis && sharedCounters
        ? { store: sharedCounters[1].sharedRateLimitStore(sharedRedis) }
        : {},
    close: async () => {
      ctx.mailer.close();
      if (ownsDatabase) await database.close();
      sharedRedis?.close();
    },
  };
}

const cacheOptions = (config: Config) => ({
  readCache: { ...defaultReadCacheOptions, ...config.readCache },
  sessions: { ...defaultSessionCacheOptions, ...config.sessionCache },
  ownReads: { ...defaultOwnReadCacheOptions, ...config.ownReadCache },
});

/** The caches, with the hooks that fill and empty them, in place of the placeholders. */
export async function registerCaches(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const options = cacheOptions(ctx.config);
  ctx.readCache = await registerReadCache(app, ctx.database, options.readCache);
  ctx.sessions = await registerSessionCache(app, ctx.database, options.sessions);
  ctx.ownReads = await registerOwnReadCache(app, ctx.database, options.ownReads);
}
