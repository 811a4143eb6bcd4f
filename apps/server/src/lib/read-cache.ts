import { LRUCache } from 'lru-cache';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { ChangeChannel, FollowingCache } from './change-feed';

/**
 * Public catalogue reads kept in memory (issue 13, point 2): the answers a visitor's phone asks
 * for most (the free courses, one course, the blog) are the same for every visitor, so the
 * serialized JSON of a 200 answer is kept and sent again, without a database query or
 * serialization, until something changes.
 *
 * What is cached: GET requests without a token (an `Authorization` header) to the routes below,
 * by their whole URL, answer 200 only. A signed-in reader is always answered afresh: what a
 * course shows depends on who asks.
 *
 * What clears it: every successful write (POST, PUT, PATCH, DELETE answered below 400) except
 * the ones that cannot change a public read (sign-in, progress, enrolments, contact, newsletter,
 * certificates); code that changes content outside a request calls `invalidate()`. A clearing
 * is told to the other processes on the same PostgreSQL database (NOTIFY; they LISTEN), and
 * each process drops its entries. While that connection is down the cache is off, so a process
 * never serves what another one changed. A read that began before a clearing is not stored
 * (generations). Entries also expire after `ttlMs`, and the whole cache holds at most
 * `maxBytes` (the least recently used go first; lru-cache keeps them). Compression is left to
 * @fastify/compress, as for every answer.
 *
 * A public read also tells shared caches (a CDN, the compose file's nginx) that they may serve
 * it for SHARED_MAX_AGE_S seconds, and a stale copy while they ask again for
 * STALE_WHILE_REVALIDATE_S more; browsers (`max-age=0`) still revalidate it each time with its
 * ETag (304 when unchanged).
 */

const CACHEABLE = [
  /^\/api\/course\/(free|premium|all)(\?|$)/,
  /^\/api\/course\/single\/[^/?]+(\?|$)/,
  /^\/api\/lesson\/byCourse\/[^/?]+(\?|$)/,
  /^\/api\/blog\/(all|number)(\?|$)/,
  /^\/api\/blog\/single\/[^/?]+(\?|$)/,
];

/** Writes that never change a public read. */
const HARMLESS_WRITES =
  /^\/api\/(auth|progress|enroll|contact|sub|certificate|admin\/mail)(\/|\?|$)/;

const CHANNEL = 'ishuri_read_cache';

export interface ReadCacheOptions {
  ttlMs: number;
  maxBytes: number;
  /** An answer larger than this is not kept. */
  maxEntryBytes: number;
  /** How many facts `memo` keeps at most (the oldest go first). */
  maxMemos: number;
}

export const defaultReadCacheOptions: ReadCacheOptions = {
  ttlMs: 60_000,
  maxBytes: 32 * 1024 * 1024,
  maxEntryBytes: 1024 * 1024,
  maxMemos: 10_000,
};

/** How long a shared cache may serve a public read without asking, in seconds. */
export const SHARED_MAX_AGE_S = 10;
/** How long after that it may serve it stale while it asks again, in seconds. */
export const STALE_WHILE_REVALIDATE_S = 60;
/**
 * Browsers revalidate a public read at each use (max-age=0, then 304 by its ETag), so a read
 * after a write is never an older copy; shared caches may keep it 10 s. `stale-while-revalidate`
 * is said only to shared caches (`CDN-Cache-Control`, RFC 9213): in `Cache-Control`, Chromium
 * applies it too, and served a list's older copy right after a delete (and fetched a prerendered
 * page's preloaded read a second time, to revalidate it).
 */
const PUBLIC_READ_CACHE_CONTROL = `public, max-age=0, s-maxage=${SHARED_MAX_AGE_S}`;
const PUBLIC_READ_CDN_CACHE_CONTROL = `public, max-age=${SHARED_MAX_AGE_S}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_S}`;

interface Entry {
  body: string;
  contentType: string;
  /** The answer's ETag (that of its JSON). */
  etag: string | null;
}

export class ReadCache extends FollowingCache {
  private readonly entries: LRUCache<string, Entry>;
  private readonly memos: LRUCache<string, { value: unknown }>;

  constructor(
    options: ReadCacheOptions,
    /** Tells the other processes; resolves once sent. */
    private readonly broadcast: () => Promise<void> = async () => undefined,
    online = true,
  ) {
    super(online);
    this.entries = new LRUCache<string, Entry>({
      maxSize: options.maxBytes,
      maxEntrySize: options.maxEntryBytes,
      sizeCalculation: (entry) => Buffer.byteLength(entry.body),
      ttl: options.ttlMs,
    });
    this.memos = new LRUCache<string, { value: unknown }>({
      max: options.maxMemos,
      ttl: options.ttlMs,
    });
  }

  get size() {
    return this.entries.size;
  }

  get(key: string): Entry | undefined {
    return this.online ? this.entries.get(key) : undefined;
  }

  /** Keeps an answer read during `generation`, unless the cache was cleared since. */
  set(
    key: string,
    generation: number,
    body: string,
    contentType: string,
    etag: string | null = null,
  ) {
    if (!this.mayKeep(generation)) return;
    this.entries.set(key, { body, contentType, etag });
  }

  /**
   * Public content facts that services read on signed-in requests too (a course's rules and
   * learning order), kept like the answers: until content changes, for at most `ttlMs`. The value
   * is shared by every request: read it, never change it.
   */
  async memo<T>(key: string, load: () => Promise<T>): Promise<T> {
    const kept = this.online ? this.memos.get(key) : undefined;
    if (kept) return kept.value as T;
    const generation = this.generation;
    const value = await load();
    if (this.mayKeep(generation)) this.memos.set(key, { value });
    return value;
  }

  /** Drops every entry here (and no read in flight is stored). */
  clear() {
    this.nextGeneration();
    this.empty();
  }

  protected empty() {
    this.entries.clear();
    this.memos.clear();
  }

  /** Content changed: drop every entry here and in every other process. */
  async invalidate() {
    this.clear();
    await this.broadcast();
  }
}

const isCacheable = (request: FastifyRequest) =>
  request.method === 'GET' &&
  request.headers.authorization === undefined &&
  CACHEABLE.some((pattern) => pattern.test(request.url));

/**
 * The cache of one app: its hooks, and the subscription to other processes' clearings. Register
 * after @fastify/etag (a cached answer gets its tag, and its 304, again) and before
 * @fastify/compress (what is kept is the JSON, which it compresses as it sends).
 */
export async function registerReadCache(
  app: FastifyInstance,
  database: Database,
  options: ReadCacheOptions,
): Promise<ReadCache> {
  const channel = new ChangeChannel(database, CHANNEL);
  const cache = new ReadCache(options, () => channel.publish(), false);
  await channel.follow(
    app,
    () => cache.clear(),
    (online) => cache.setOnline(online),
  );

  const generations = new WeakMap<FastifyRequest, number>();
  app.addHook('onRequest', async (request, reply) => {
    if (!isCacheable(request)) return;
    const entry = cache.get(request.url);
    if (entry) {
      // Sent as it was, with its tag (so that @fastify/etag answers 304 without hashing again).
      reply.type(entry.contentType);
      if (entry.etag) reply.header('etag', entry.etag);
      return reply.send(entry.body);
    }
    generations.set(request, cache.generation);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (
      reply.statusCode === 200 &&
      request.headers.cookie === undefined &&
      isCacheable(request) &&
      !reply.hasHeader('cache-control')
    ) {
      reply.header('cache-control', PUBLIC_READ_CACHE_CONTROL);
      reply.header('cdn-cache-control', PUBLIC_READ_CDN_CACHE_CONTROL);
    }
    const generation = generations.get(request);
    if (generation !== undefined && reply.statusCode === 200 && typeof payload === 'string') {
      const etag = reply.getHeader('etag');
      cache.set(
        request.url,
        generation,
        payload,
        String(reply.getHeader('content-type')),
        typeof etag === 'string' ? etag : null,
      );
    } else if (
      request.method !== 'GET' &&
      request.method !== 'HEAD' &&
      request.method !== 'OPTIONS' &&
      reply.statusCode < 400 &&
      !HARMLESS_WRITES.test(request.url)
    ) {
      // Before the answer leaves: its writer's next read is already fresh.
      await cache.invalidate().catch((error: unknown) => {
        request.log.error({ err: error }, 'could not tell other processes to clear their cache');
      });
    }
    return payload;
  });
  return cache;
}
