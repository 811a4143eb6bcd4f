import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * The connection to Redis (REDIS_URL), where counters shared by every process live (rate limits,
 * lib/rate-limit-store.ts). Redis is a help, never a condition: the product keeps serving when it
 * is down or slow, and each counter then falls back to this process's memory.
 *
 * - Start-up does not wait for it: the client connects in the background and reconnects for as
 *   long as the process lives (every 50 ms more per try, at most every 2 s).
 * - A command never waits in a queue while the connection is down (`enableOfflineQueue: false`
 *   answers at once with an error), and never longer than COMMAND_TIMEOUT_MS for an answer.
 * - A connection that sends nothing for SOCKET_TIMEOUT_MS while a command waits (a server that
 *   accepts and never answers, a frozen host) is closed and opened again, so commands that timed
 *   out do not pile up on it.
 * - A counter increment is never sent twice: not after a reconnection
 *   (`autoResendUnfulfilledCommands: false`), not retried (`maxRetriesPerRequest: 0`).
 * - One warning when an outage begins, one line when Redis answers again: never one per request.
 */

/** The longest wait for an answer: a request checks its limits in Redis within this time. */
export const COMMAND_TIMEOUT_MS = 200;
/** No byte from Redis for this long while a command waits: the connection is reopened. */
export const SOCKET_TIMEOUT_MS = 2000;
/** After a failed command, counters stay in memory this long before Redis is tried again. */
export const RETRY_AFTER_FAILURE_MS = 1000;
/** Every key this product writes starts with this (unless the config names another). */
export const DEFAULT_KEY_PREFIX = 'ishuri:';

export class SharedRedis {
  readonly client: Redis;
  private down = false;
  private pausedUntil = 0;

  constructor(
    url: string,
    private readonly log: FastifyBaseLogger,
    /** Prepended to every key: several sites (or test runs) may share one Redis. */
    readonly keyPrefix: string = DEFAULT_KEY_PREFIX,
    private readonly now: () => number = Date.now,
  ) {
    this.client = new Redis(url, {
      commandTimeout: COMMAND_TIMEOUT_MS,
      socketTimeout: SOCKET_TIMEOUT_MS,
      connectTimeout: 2000,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      autoResendUnfulfilledCommands: false,
      retryStrategy: (times) => Math.min(times * 50, 2000),
      // The product's own name in CLIENT LIST, and no CLIENT SETINFO round trip on each connection.
      connectionName: 'ishuri',
      disableClientInfo: true,
    });
    // Without a listener every failed connection attempt would be printed on the console.
    this.client.on('error', (error: Error) => this.failed(error));
    this.client.on('ready', () => this.answered());
  }

  /** Whether a counter may be asked of Redis now (connected, and not just failed). */
  usable(): boolean {
    return this.client.status === 'ready' && this.now() >= this.pausedUntil;
  }

  /** A command or the connection failed: memory for a while, and a warning if this is new. */
  failed(error: Error) {
    this.pausedUntil = this.now() + RETRY_AFTER_FAILURE_MS;
    if (this.down) return;
    this.down = true;
    this.log.warn(
      { err: error },
      'Redis does not answer: rate limits are counted in this process until it does',
    );
  }

  /** Redis answered: shared counters again. */
  answered() {
    this.pausedUntil = 0;
    if (!this.down) return;
    this.down = false;
    this.log.info('Redis answers again: rate limits are shared by every process again');
  }

  /** At once, without waiting for Redis: counters need no flushing. */
  close() {
    this.client.disconnect();
  }
}
