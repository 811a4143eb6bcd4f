import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/client';
import { ChangeChannel, FollowingCache } from './change-feed';
import { isUuid } from './ids';

/**
 * A signed-in user's own reads kept in memory (issue 13, point 2): the profile and the progress
 * in a course are asked on every screen a learner opens, and change only when someone writes.
 * The serialized JSON of a 200 answer is kept per user and address, and sent again without a
 * query until something that could change it happens. Routes opt in (`route(…, { keptPerUser:
 * true })`); the answer is looked up after the route's gate, so the session is checked as always
 * and a refused token never reaches a kept answer.
 *
 * What ends an entry, before the answer of the write leaves:
 * - any successful write (POST, PUT, PATCH, DELETE below 400) by a signed-in user drops that
 *   user's entries, and those of every user whose id is in the write's address (an admin's
 *   change or deletion of a user);
 * - a successful write to `/api/user/…` without a token (the mailed link that confirms a new
 *   address) drops every entry;
 * - content changes (the public read cache's generation moves on): an answer kept under an
 *   older generation is not sent (a course's order is part of its progress answer).
 * Drops are told to the other processes on the same PostgreSQL database (NOTIFY); while that
 * connection is down the cache is off. A read that began before a drop is not kept (a version
 * per user, and a generation for clearing all). Entries also expire after `ttlMs` (a change made
 * by hand in the database, or a pending address that expires, is seen within that time), and at
 * most `maxEntries` are kept (the least recently used go first: lru-cache keeps them, as it keeps
 * the public reads and the sessions). A time or a size of 0 switches the cache off.
 */

const CHANNEL = 'ishuri_own_reads';
/** The payload that drops every entry. */
const ALL = '*';

export interface OwnReadCacheOptions {
  ttlMs: number;
  maxEntries: number;
}

export const defaultOwnReadCacheOptions: OwnReadCacheOptions = {
  ttlMs: 60_000,
  maxEntries: 50_000,
};

interface Entry {
  userId: string;
  body: string;
  contentType: string;
  etag: string | null;
  /** The content generation it was read under. */
  content: number;
}

/** Where a read began: what it read may be kept only if nothing was dropped since. */
export interface Stamp {
  generation: number;
  version: number;
  content: number;
}

export class OwnReadCache extends FollowingCache {
  /** Null when switched off. */
  private readonly entries: LRUCache<string, Entry> | null;
  /** Each user's keys, so that a drop finds them; kept in step by the entries' disposal. */
  private readonly keysOf = new Map<string, Set<string>>();
  /** Moved on for a user by each drop of their entries (bounded: see `drop`). */
  private readonly versions = new Map<string, number>();

  constructor(
    private readonly options: OwnReadCacheOptions,
    /** Tells the other processes (a user id, or `*`); resolves once sent. */
    private readonly broadcast: (payload: string) => Promise<void> = async () => undefined,
    online = true,
  ) {
    super(online);
    this.entries =
      options.ttlMs > 0 && options.maxEntries > 0
        ? new LRUCache<string, Entry>({
            max: options.maxEntries,
            ttl: options.ttlMs,
            // Whatever ends an entry (evicted, expired, replaced, dropped) ends its index line.
            dispose: (entry, key) => this.unindex(key, entry),
          })
        : null;
  }

  get size() {
    return this.entries?.size ?? 0;
  }

  stamp(userId: string, content: number): Stamp {
    return { generation: this.generation, version: this.versions.get(userId) ?? 0, content };
  }

  get(userId: string, url: string, content: number): Entry | undefined {
    if (!this.online) return undefined;
    const key = `${userId} ${url}`;
    const entry = this.entries?.get(key);
    if (!entry) return undefined;
    if (entry.content !== content) {
      this.entries?.delete(key);
      return undefined;
    }
    return entry;
  }

  set(
    userId: string,
    url: string,
    stamp: Stamp,
    body: string,
    contentType: string,
    etag: string | null,
  ) {
    if (!this.entries || !this.mayKeep(stamp.generation)) return;
    if ((this.versions.get(userId) ?? 0) !== stamp.version) return;
    const key = `${userId} ${url}`;
    this.entries.set(key, { userId, body, contentType, etag, content: stamp.content });
    const keys = this.keysOf.get(userId) ?? new Set<string>();
    keys.add(key);
    this.keysOf.set(userId, keys);
  }

  /** Drops the user's entries here; no read of theirs in flight is kept. */
  drop(userId: string) {
    if (this.versions.size >= this.options.maxEntries) {
      // Versions are kept for users dropped lately; rather than let them grow, start over
      // (a new generation: every read in flight, whoever's, is not kept).
      this.versions.clear();
      this.nextGeneration();
    }
    this.versions.set(userId, (this.versions.get(userId) ?? 0) + 1);
    for (const key of [...(this.keysOf.get(userId) ?? [])]) this.entries?.delete(key);
  }

  /** Drops every entry here; no read in flight is kept. */
  clear() {
    this.nextGeneration();
    this.empty();
  }

  protected empty() {
    this.entries?.clear();
    this.keysOf.clear();
    this.versions.clear();
  }

  /** The user's data changed (null: anyone's): drop here and in every other process. */
  async forget(userId: string | null) {
    if (userId === null) this.clear();
    else this.drop(userId);
    await this.broadcast(userId ?? ALL);
  }

  private unindex(key: string, entry: Entry) {
    const keys = this.keysOf.get(entry.userId);
    keys?.delete(key);
    if (keys && keys.size === 0) this.keysOf.delete(entry.userId);
  }
}

const stamps = new WeakMap<FastifyRequest, { userId: string; stamp: Stamp }>();

/**
 * A route's preHandler, after its gate: sends the caller's kept answer, or notes where the read
 * began so that its answer can be kept.
 */
export async function serveKept(request: FastifyRequest, reply: FastifyReply) {
  const actor = request.actor;
  if (!actor || request.method !== 'GET') return;
  const { ownReads, readCache } = request.server.ctx;
  const entry = ownReads.get(actor.id, request.url, readCache.generation);
  if (entry) {
    reply.type(entry.contentType);
    if (entry.etag) reply.header('etag', entry.etag);
    return reply.send(entry.body);
  }
  stamps.set(request, { userId: actor.id, stamp: ownReads.stamp(actor.id, readCache.generation) });
}

const isWrite = (method: string) => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';

/** The users a successful write may have changed: its author, and user ids in its address. */
function touchedBy(request: FastifyRequest): string[] | null {
  if (!request.actor) return request.url.startsWith('/api/user/') ? null : [];
  const ids = new Set([request.actor.id]);
  for (const value of Object.values((request.params ?? {}) as Record<string, unknown>)) {
    if (typeof value === 'string' && isUuid(value)) ids.add(value.toLowerCase());
  }
  return [...ids];
}

/**
 * The cache of one app: its hook and the subscription to other processes' drops. Register after
 * @fastify/etag (a kept answer keeps its tag, and its 304) and before @fastify/compress (what is
 * kept is the JSON).
 */
export async function registerOwnReadCache(
  app: FastifyInstance,
  database: Database,
  options: OwnReadCacheOptions,
): Promise<OwnReadCache> {
  const channel = new ChangeChannel(database, CHANNEL);
  const cache = new OwnReadCache(options, (payload) => channel.publish(payload), false);
  await channel.follow(
    app,
    (payload) => (payload === ALL ? cache.clear() : cache.drop(payload)),
    (online) => cache.setOnline(online),
  );
  app.addHook('onSend', async (request, reply, payload) => {
    const read = stamps.get(request);
    if (read && reply.statusCode === 200 && typeof payload === 'string') {
      const etag = reply.getHeader('etag');
      cache.set(
        read.userId,
        request.url,
        read.stamp,
        payload,
        String(reply.getHeader('content-type')),
        typeof etag === 'string' ? etag : null,
      );
    } else if (isWrite(request.method) && reply.statusCode < 400) {
      const touched = touchedBy(request);
      // Before the answer leaves: the writer's next read is already fresh.
      const forgets =
        touched === null ? [cache.forget(null)] : touched.map((id) => cache.forget(id));
      await Promise.all(forgets).catch((error: unknown) => {
        request.log.error({ err: error }, 'could not tell other processes to drop kept reads');
      });
    }
    return payload;
  });
  return cache;
}
