import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** One type for both drivers: the services never know which one they run on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other process of the deployment runs its own: on PostgreSQL under a
   * session advisory lock, so that processes started together migrate and do their first-start
   * work (first admin, demo catalogue, explainer video) one after the other, never at once; on
   * PGlite, one process only, it simply runs.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Hears every `notify(channel)`, from this process and (on PostgreSQL, by LISTEN on a
   * connection of its own) from every other process on the same database. Resolves once
   * listening; `onLost` runs when the connection breaks (nothing more is heard: listen again).
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onLost: () => void,
  ): Promise<Subscription>;
  /** Tells every listener of `channel` (PostgreSQL NOTIFY; in-process on PGlite). */
  notify(channel: string, payload?: string): Promise<void>;
}

export interface Subscription {
  close(): Promise<void>;
}

/** The advisory lock key of start-up work (any constant: "ishuri" read as a hexadecimal number). */
const STARTUP_LOCK = String(0x697368757269);

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * The embedded database's settings. PostgreSQL's defaults assume a server of its own: 128 MB of
 * shared buffers, allocated inside PGlite's WebAssembly memory, which is most of the process's
 * resident size on a restart (about 290 MB against 175 MB with 16 MB, bench/startup.ts and
 * the issue 13 note). The embedded database holds a small school's data, read mostly from
 * the file system's cache, so 16 MB of buffers costs nothing measurable; a larger deployment
 * uses PostgreSQL (DATABASE_URL), whose settings are its own.
 */
const PGLITE_CONF = ['shared_buffers = 16MB', 'wal_buffers = 512kB', 'max_wal_size = 64MB'];

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it, PGlite. */
  url?: string;
  /** PGlite data folder; without it (and without url), an in-memory database. */
  dataDir?: string;
  poolSize?: number;
}

interface Listener {
  onNotify: (payload: string) => void;
  onLost: () => void;
}

/**
 * Every LISTEN of one process on one connection of its own (the caches each follow a channel):
 * opened with the first subscription, `LISTEN`/`UNLISTEN` per channel as subscriptions come and
 * go, closed with the last. When it breaks, every subscriber is told (`onLost`) and the next
 * subscription opens a new connection.
 */
class SharedListener {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private readonly channels = new Map<string, Set<Listener>>();

  constructor(private readonly url: string) {}

  async listen(
    channel: string,
    onNotify: (payload: string) => void,
    onLost: () => void,
  ): Promise<Subscription> {
    const client = await this.connection();
    const listener: Listener = { onNotify, onLost };
    let set = this.channels.get(channel);
    if (!set) {
      set = new Set();
      this.channels.set(channel, set);
      try {
        await client.query(`listen "${channel}"`);
      } catch (error) {
        this.channels.delete(channel);
        throw error;
      }
    }
    set.add(listener);
    return {
      close: async () => {
        const current = this.channels.get(channel);
        if (!current?.delete(listener) || current.size > 0) return;
        this.channels.delete(channel);
        if (this.client !== client) return;
        if (this.channels.size === 0) await this.close();
        else await client.query(`unlisten "${channel}"`).catch(() => undefined);
      },
    };
  }

  /** Ends the connection without telling anyone (the app is closing). */
  async close() {
    const client = this.client;
    this.client = null;
    this.connecting = null;
    this.channels.clear();
    await client?.end().catch(() => undefined);
  }

  private connection(): Promise<pg.Client> {
    if (this.connecting) return this.connecting;
    const client = new pg.Client({ connectionString: this.url });
    const lose = () => {
      if (this.client !== client && this.connecting !== attempt) return;
      const subscribers = [...this.channels.values()].flatMap((set) => [...set]);
      this.client = null;
      this.connecting = null;
      this.channels.clear();
      client.end().catch(() => undefined);
      for (const subscriber of subscribers) subscriber.onLost();
    };
    client.on('error', lose);
    client.on('end', lose);
    client.on('notification', (message) => {
      for (const subscriber of this.channels.get(message.channel) ?? []) {
        subscriber.onNotify(message.payload ?? '');
      }
    });
    const attempt = client.connect().then(
      () => {
        this.client = client;
        return client;
      },
      (error: unknown) => {
        if (this.connecting === attempt) this.connecting = null;
        throw error;
      },
    );
    this.connecting = attempt;
    return attempt;
  }
}

/**
 * A new embedded database folder is made (PostgreSQL's initdb) in a short-lived child process.
 * The WebAssembly memory PGlite grows to while it creates a database is never given back: made
 * in the server's own process, it stayed for the process's life (about 440 MB resident after a
 * first start against 260 MB after a restart, bench/startup.ts). The child exits and returns it;
 * the server then opens the folder as on any restart. It blocks: it runs once, before the
 * server listens.
 */
function createPgliteFolder(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true });
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  // eslint-disable-next-line catalogue/no-literal-reply -- the child's program, not a sentence
  const create = `
    const [dataDir, pglite, trgm, conf] = process.argv.slice(1);
    const { PGlite } = await import(pglite);
    const { pg_trgm } = await import(trgm);
    const client = new PGlite({ dataDir, postgresqlconf: JSON.parse(conf), extensions: { pg_trgm } });
    await client.waitReady;
    await client.close();`;
  try {
    execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        create,
        dataDir,
        import.meta.resolve('@electric-sql/pglite'),
        import.meta.resolve('@electric-sql/pglite/contrib/pg_trgm'),
        JSON.stringify(PGLITE_CONF),
      ],
      { stdio: ['ignore', 'ignore', 'pipe'], timeout: 5 * 60_000 },
    );
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
    throw new Error(`could not create the embedded database in ${dataDir}: ${stderr || error}`);
  }
}

export function openDatabase(options: DatabaseOptions): Database {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle client that errors (server restart) must not crash the process.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const listener = new SharedListener(options.url);
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
      exclusively: async (work) => {
        // A client of its own holds the lock for the whole of `work`, which uses the pool.
        const holder = await pool.connect();
        try {
          await holder.query('select pg_advisory_lock($1::bigint)', [STARTUP_LOCK]);
          try {
            return await work();
          } finally {
            await holder.query('select pg_advisory_unlock($1::bigint)', [STARTUP_LOCK]);
          }
        } finally {
          holder.release();
        }
      },
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: async () => {
        await listener.close();
        await pool.end();
      },
      listen: (channel, onNotify, onLost) => listener.listen(channel, onNotify, onLost),
      notify: async (channel, payload = '') => {
        await pool.query('select pg_notify($1, $2)', [channel, payload]);
      },
    };
  }
  if (options.dataDir) createPgliteFolder(options.dataDir);
  // pg_trgm: the lists' trigram indexes (migration 0002), as on PostgreSQL.
  // (One options object: PGlite reads its second argument only after a data folder's name.)
  const client = new PGlite({
    dataDir: options.dataDir,
    postgresqlconf: PGLITE_CONF,
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  // One process holds an embedded database: its listeners are all here.
  const listeners = new Map<string, Set<(payload: string) => void>>();
  return {
    db,
    kind: 'pglite',
    listen: async (channel, onNotify) => {
      const set = listeners.get(channel) ?? new Set();
      listeners.set(channel, set);
      set.add(onNotify);
      return {
        close: async () => {
          set.delete(onNotify);
        },
      };
    },
    notify: async (channel, payload = '') => {
      for (const onNotify of listeners.get(channel) ?? []) onNotify(payload);
    },
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    exclusively: (work) => work(),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}
