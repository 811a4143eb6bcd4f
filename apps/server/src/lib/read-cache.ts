import zlib from 'node:zlib';
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
 * `maxBytes` (the oldest entries go first).
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

interface Entry {
  body: string;
  contentType: string;
  /** The answer's ETag (that of its JSON, whatever the encoding). */
  etag: string | null;
  bytes: number;
  expires: number;
  /** The body compressed, made on first demand and kept with it. */
  encoded: Partial<Record<Encoding, Buffer>>;
}

type Encoding = 'br' | 'gzip';

/** Below this, compressing costs more than the bytes it saves (as @fastify/compress's default). */
const COMPRESS_ABOVE = 1024;

/**
 * The encoding to send: br, else gzip, when the client accepts it (q > 0). Browsers send one of
 * a handful of headers, so answers are kept for the last 64 distinct ones.
 */
const encodingOf = new Map<string, Encoding | null>();
function acceptedEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  let encoding = encodingOf.get(header);
  if (encoding === undefined) {
    if (encodingOf.size >= 64) encodingOf.clear();
    encoding = parseAcceptEncoding(header);
    encodingOf.set(header, encoding);
  }
  return encoding;
}

function parseAcceptEncoding(header: string): Encoding | null {
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && !(Number(q.slice(2)) > 0)) continue;
    accepted.add(name!.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

function encode(entry: Entry, encoding: Encoding): Buffer {
  const kept = entry.encoded[encoding];
  if (kept) return kept;
  const made =
    encoding === 'br'
      ? zlib.brotliCompressSync(entry.body, {
          params: {
            // Made once per entry: the best ratio is worth it.
            [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: entry.bytes,
          },
        })
      : zlib.gzipSync(entry.body, { level: 9 });
  entry.encoded[encoding] = made;
  return made;
}

export class ReadCache extends FollowingCache {
  private readonly entries = new Map<string, Entry>();
  private readonly memos = new Map<string, { value: unknown; expires: number }>();
  private bytes = 0;

  constructor(
    private readonly options: ReadCacheOptions,
    /** Tells the other processes; resolves once sent. */
    private readonly broadcast: () => Promise<void> = async () => undefined,
    online = true,
  ) {
    super(online);
  }

  get size() {
    return this.entries.size;
  }

  get(key: string): Entry | undefined {
    if (!this.online) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= Date.now()) {
      this.drop(key, entry);
      return undefined;
    }
    return entry;
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
    const bytes = Buffer.byteLength(body);
    if (bytes > this.options.maxEntryBytes) return;
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    this.entries.set(key, {
      body,
      contentType,
      etag,
      bytes,
      expires: Date.now() + this.options.ttlMs,
      encoded: {},
    });
    // Counted with room for its compressed forms (each smaller than the body).
    this.bytes += 2 * bytes;
    // A Map iterates in insertion order: the first keys are the oldest.
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.options.maxBytes) break;
      this.drop(oldest, entry);
    }
  }

  /**
   * Public content facts that services read on signed-in requests too (a course's rules and
   * learning order), kept like the answers: until content changes, for at most `ttlMs`. The value
   * is shared by every request: read it, never change it.
   */
  async memo<T>(key: string, load: () => Promise<T>): Promise<T> {
    const kept = this.online ? this.memos.get(key) : undefined;
    if (kept && kept.expires > Date.now()) return kept.value as T;
    const generation = this.generation;
    const value = await load();
    if (this.mayKeep(generation)) {
      this.memos.delete(key);
      this.memos.set(key, { value, expires: Date.now() + this.options.ttlMs });
      for (const oldest of this.memos.keys()) {
        if (this.memos.size <= this.options.maxMemos) break;
        this.memos.delete(oldest);
      }
    }
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
    this.bytes = 0;
  }

  /** Content changed: drop every entry here and in every other process. */
  async invalidate() {
    this.clear();
    await this.broadcast();
  }

  private drop(key: string, entry: Entry) {
    this.entries.delete(key);
    this.bytes -= 2 * entry.bytes;
  }
}

const isCacheable = (request: FastifyRequest) =>
  request.method === 'GET' &&
  request.headers.authorization === undefined &&
  CACHEABLE.some((pattern) => pattern.test(request.url));

/**
 * The cache of one app: its hooks, and the subscription to other processes' clearings. Register
 * after @fastify/etag (a cached answer gets its tag, and its 304, again) and before
 * @fastify/compress (what is kept is the JSON, not one encoding of it).
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
      // Sent as it was: its tag (so that @fastify/etag answers 304 without hashing again),
      // compressed once and kept (so that @fastify/compress has nothing left to do).
      reply.type(entry.contentType);
      if (entry.etag) reply.header('etag', entry.etag);
      const encoding =
        entry.bytes >= COMPRESS_ABOVE ? acceptedEncoding(request.headers['accept-encoding']) : null;
      if (!encoding) return reply.send(entry.body);
      return reply
        .header('content-encoding', encoding)
        .header('vary', 'accept-encoding')
        .send(encode(entry, encoding));
    }
    generations.set(request, cache.generation);
  });
  app.addHook('onSend', async (request, reply, payload) => {
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
