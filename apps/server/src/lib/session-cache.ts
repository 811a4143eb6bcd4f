import type { Actor, Language } from '@ishuri/contract';
import type { FastifyInstance } from 'fastify';
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
 * `maxEntries` are kept (the oldest go first). A refused token is never kept: it is read again.
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

interface Entry extends KnownSession {
  expires: number;
}

export class SessionCache extends FollowingCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly options: SessionCacheOptions,
    /** Tells the other processes; resolves once sent. */
    private readonly broadcast: (userId: string) => Promise<void> = async () => undefined,
    online = true,
  ) {
    super(online);
  }

  get size() {
    return this.entries.size;
  }

  /** The session of a token (by its id) already checked. */
  get(jti: string): KnownSession | undefined {
    if (!this.online) return undefined;
    const entry = this.entries.get(jti);
    if (!entry) return undefined;
    if (entry.expires <= Date.now()) {
      this.entries.delete(jti);
      return undefined;
    }
    return { actor: entry.actor, language: entry.language };
  }

  /** Keeps a token found valid during `generation`, unless a session was ended since. */
  set(jti: string, generation: number, session: KnownSession) {
    if (!this.mayKeep(generation)) return;
    this.entries.delete(jti);
    this.entries.set(jti, { ...session, expires: Date.now() + this.options.ttlMs });
    // A Map iterates in insertion order: the first keys are the oldest.
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.options.maxEntries) break;
      this.entries.delete(oldest);
    }
  }

  /** Drops the user's entries here (no check in flight is kept). */
  drop(userId: string) {
    this.nextGeneration();
    for (const [jti, entry] of this.entries) {
      if (entry.actor.id === userId) this.entries.delete(jti);
    }
  }

  /** The user's sessions changed: drop them here and in every other process. */
  async forget(userId: string) {
    this.drop(userId);
    await this.broadcast(userId);
  }

  protected empty() {
    this.entries.clear();
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
