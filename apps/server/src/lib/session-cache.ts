import type { Actor, Language } from '@ishuri/contract';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/client';
import { ChangeChannel, FollowingCache } from './change-feed';

/**
 * Sessions already checked, kept in memory (issue 13, point 2: a signed-in read makes one query,
 * its own). A token's signature and expiry are checked on every request; what needs the database
 * (the user still exists, has not changed password since the token was issued, the token was not
 * logged out) is read once and kept here by the token's id.
 *
 * What ends an entry: `forget(userId)` (called after a logout, a password change or reset, a
 * change of the account's language, a user's deletion commits) drops that user's entries here and, through NOTIFY, in every other
 * process on the same PostgreSQL database; a check that began before a `forget` is not kept
 * (generations). While the LISTEN connection is down the cache is off. Entries also expire after
 * `ttlMs` (so a change made by hand in the database is seen within that time), and at most
 * `maxEntries` are kept (the least recently used go first: lru-cache keeps them, as it keeps the
 * public reads). A refused token is never kept: it is read again.
 */

const CHANNEL = 'ishuri_sessions';

export interface SessionCacheOptions {
  ttlMs: number;
  maxEntries: number;
}

export const defaultSessionCacheOptions: SessionCacheOptions = {
  ttlMs: 60_000,
  maxEntries: 50_000,
};

/** A token found valid: its user, and the language chosen on their account (if any). */
export interface KnownSession {
  actor: Actor;
  language: Language | null;
}

export class SessionCache extends FollowingCache {
  /** Null when switched off (a time or a size of 0): every check reads the database. */
  private readonly entries: LRUCache<string, KnownSession> | null;

  constructor(
    options: SessionCacheOptions,
    /** Tells the other processes; resolves once sent. */
    private readonly broadcast: (userId: string) => Promise<void> = async () => undefined,
    online = true,
  ) {
    super(online);
    this.entries =
      options.ttlMs > 0 && options.maxEntries > 0
        ? new LRUCache<string, KnownSession>({ max: options.maxEntries, ttl: options.ttlMs })
        : null;
  }

  get size() {
    return this.entries?.size ?? 0;
  }

  /** The session of a token (by its id) already checked. */
  get(jti: string): KnownSession | undefined {
    if (!this.online) return undefined;
    const entry = this.entries?.get(jti);
    return entry && { actor: entry.actor, language: entry.language };
  }

  /** Keeps a token found valid during `generation`, unless a session was ended since. */
  set(jti: string, generation: number, session: KnownSession) {
    if (!this.mayKeep(generation)) return;
    this.entries?.set(jti, { actor: session.actor, language: session.language });
  }

  /** Drops the user's entries here (no check in flight is kept). */
  drop(userId: string) {
    this.nextGeneration();
    if (!this.entries) return;
    for (const [jti, entry] of this.entries.entries()) {
      if (entry.actor.id === userId) this.entries.delete(jti);
    }
  }

  /** The user's sessions changed: drop them here and in every other process. */
  async forget(userId: string) {
    this.drop(userId);
    await this.broadcast(userId);
  }

  protected empty() {
    this.entries?.clear();
  }
}

/** The session cache of one app, following the other processes' `forget`s. */
export async function registerSessionCache(
  app: FastifyInstance,
  database: Database,
  options: SessionCacheOptions,
): Promise<SessionCache> {
  const channel = new ChangeChannel(database, CHANNEL);
  const cache = new SessionCache(options, (userId) => channel.publish(userId), false);
  await channel.follow(
    app,
    (userId) => cache.drop(userId),
    (online) => cache.setOnline(online),
  );
  return cache;
}
