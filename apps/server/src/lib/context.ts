import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { JobQueue } from './jobs';
import type { Mailer } from './mailer';
import type { MediaUrls } from './media-urls';
import type { OwnReadCache } from './own-read-cache';
import type { ReadCache } from './read-cache';
import type { SessionCache } from './session-cache';
import type { Storage } from './storage';
import type { TokenService } from './tokens';

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
