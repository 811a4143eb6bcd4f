import { createHash } from 'node:crypto';
import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { SharedRedis } from './redis';

/**
 * Where @fastify/rate-limit keeps its counters when REDIS_URL is set (its custom `store`
 * interface: `incr(key, callback, timeWindow, max)` and `child(options)`, one child per limit made
 * by lib/rate-limit.ts). Without REDIS_URL the plugin's own in-memory store is used, as before.
 *
 * Every count goes to Redis, so a limit holds across all processes. The plugin's own Redis store
 * would refuse no request while Redis is down (`skipOnError`) or fail it with a 5xx; this one
 * never does either: when Redis errors or does not answer within COMMAND_TIMEOUT_MS
 * (lib/redis.ts), the answer comes from this process's memory, so each limit still holds per
 * process during an outage, and Redis is asked again once it answers.
 *
 * Each request is also counted in memory while Redis answers. That costs one map entry, and it
 * means an outage does not start every process from zero: a process that has already let a
 * client through up to its limit keeps refusing it.
 *
 * An increment that timed out may still reach Redis once it answers again: an outage can only
 * make a count higher than the requests it saw, never lower.
 *
 * Fixed windows, as the plugin's own stores: the first request of a key starts its window, and
 * the key expires with it. The plugin's `continueExceeding`, `exponentialBackoff` and `read`
 * (`{ increment: false }`) are not used by this product and not offered.
 */

/** Keys of one limit counted in memory at most (the oldest window goes first), as the plugin's. */
export const MEMORY_KEYS_PER_LIMIT = 5000;

/**
 * Adds one to a key's counter and answers it with the time its window has left (ms). A key
 * without an expiry (never expected, but it would never reset) gets the window again.
 */
const INCREMENT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local left = redis.call('PTTL', KEYS[1])
if left < 0 then
  left = tonumber(ARGV[1])
  redis.call('PEXPIRE', KEYS[1], left)
end
return { count, left }
`;
const INCREMENT_COMMAND = 'ishuriRateLimitIncrement';

type Increment = (key: string, windowMs: number) => Promise<[number, number]>;

interface Count {
  current: number;
  ttl: number;
}

/** Fixed-window counters of one process, at most `maxKeys` of them. */
export class MemoryCounters {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  constructor(
    private readonly maxKeys = MEMORY_KEYS_PER_LIMIT,
    private readonly now: () => number = Date.now,
  ) {}

  increment(key: string, windowMs: number): Count {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      // A new window goes to the end of the map's order: the first key is the oldest window.
      this.windows.delete(key);
      window = { count: 0, endsAt: now + windowMs };
      this.windows.set(key, window);
      if (this.windows.size > this.maxKeys) {
        const oldest = this.windows.keys().next().value;
        if (oldest !== undefined) this.windows.delete(oldest);
      }
    }
    window.count += 1;
    return { current: window.count, ttl: window.endsAt - now };
  }

  get size() {
    return this.windows.size;
  }
}

/**
 * Keys are hashed: no e-mail address or client address is written to Redis, and every key has
 * the same short length whatever a client sends.
 */
const hashed = (key: string) => createHash('sha256').update(key).digest('base64url');

class SharedStore implements FastifyRateLimitStore {
  private readonly memory = new MemoryCounters();

  constructor(
    private readonly redis: SharedRedis,
    private readonly increment: Increment,
  ) {}

  incr(
    key: string,
    callback: (error: Error | null, result?: Count) => void,
    timeWindow: number,
  ): void {
    const local = this.memory.increment(key, timeWindow);
    if (!this.redis.usable()) {
      callback(null, local);
      return;
    }
    this.increment(`${this.redis.keyPrefix}rate:${hashed(key)}`, timeWindow).then(
      ([current, ttl]) => {
        this.redis.answered();
        callback(null, { current: Number(current), ttl: Number(ttl) });
      },
      (error: Error) => {
        this.redis.failed(error);
        callback(null, local);
      },
    );
  }

  child(): FastifyRateLimitStore {
    return new SharedStore(this.redis, this.increment);
  }
}

/** The `store` option of @fastify/rate-limit: counters in Redis, in memory while it fails. */
export function sharedRateLimitStore(redis: SharedRedis): FastifyRateLimitStoreCtor {
  const client = redis.client;
  if (!(INCREMENT_COMMAND in client)) {
    // Sent by its SHA-1 (EVALSHA), and in full only when Redis does not know it yet.
    client.defineCommand(INCREMENT_COMMAND, { numberOfKeys: 1, lua: INCREMENT_SCRIPT });
  }
  const command = (client as unknown as Record<typeof INCREMENT_COMMAND, Increment>)[
    INCREMENT_COMMAND
  ];
  const increment: Increment = (key, windowMs) => command.call(client, key, windowMs);
  return class extends SharedStore {
    // The plugin passes its options; this store needs none of them.
    constructor(_options: FastifyRateLimitOptions) {
      super(redis, increment);
    }
  };
}
