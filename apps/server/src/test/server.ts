import { randomBytes } from 'node:crypto';
import { closeSync, openSync, writeSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { defaultRateLimits } from '../config';
import type { Config } from '../config';
import type { AppContext } from '../context';
import { openDatabase } from '../db/client';
import { freshDatabase } from './database';

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
}

export interface TestServer {
  app: FastifyInstance;
  ctx: AppContext;
  baseUrl: string;
  dataDir: string;
  /** Console lines of the file mailer (when no SMTP is configured). */
  printed: string[];
  /** The file this server's log lines go to (debug level), when the run keeps logs. */
  logFile: string | null;
  /** PostgreSQL's connection string of its database; null on PGlite (in memory). */
  databaseUrl: string | null;
  request<T = any>(method: string, url: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  close(): Promise<void>;
}

/** At most this much log per test server: debug lines must not fill the disk. */
export const MAX_LOG_BYTES = 8 * 1024 * 1024;

/**
 * A log file in the run's log folder (ISHURI_TEST_LOG_DIR, made by test/log-scan.ts), written
 * synchronously so a test can read it at once, and cut off after MAX_LOG_BYTES.
 */
function openLogFile(): {
  path: string;
  stream: { write(line: string): void };
  close(): void;
} | null {
  const dir = process.env.ISHURI_TEST_LOG_DIR;
  if (!dir) return null;
  const file = path.join(dir, `server-${process.pid}-${randomBytes(4).toString('hex')}.log`);
  const fd = openSync(file, 'a');
  let written = 0;
  let open = true;
  return {
    path: file,
    stream: {
      write(line: string) {
        if (!open || written >= MAX_LOG_BYTES) return;
        written += Buffer.byteLength(line);
        writeSync(fd, line);
      },
    },
    close() {
      if (open) closeSync(fd);
      open = false;
    },
  };
}

/** Where a test server on the local disk keeps a public file: its data folder's `uploads/`. */
export const uploadedPath = (server: TestServer, key: string) =>
  path.join(server.dataDir, 'uploads', key);

export function testConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    pgliteDir: null,
    jwtSecret: randomBytes(32).toString('hex'),
    appUrl: 'http://localhost:5173',
    mailFrom: 'Ishuri <no-reply@ishuri.test>',
    adminEmail: 'admin@ishuri.test',
    maxVideoBytes: 20 * 1024 * 1024,
    maxVideoMinutes: 120,
    maxImageBytes: 5 * 1024 * 1024,
    keepOriginalVideos: false,
    seedDemo: false,
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    trustProxy: false,
    jobPollMs: 50,
    rateLimits: defaultRateLimits,
    maxCaptionsBytes: 512 * 1024,
    shutdownTimeoutMs: 10_000,
    ...overrides,
  };
}

async function databaseFor(other: TestServer | undefined) {
  if (!other) return freshDatabase();
  if (!other.databaseUrl) {
    return { database: other.ctx.database, drop: async () => undefined, url: undefined };
  }
  const database = openDatabase({ url: other.databaseUrl, poolSize: 5 });
  return { database, drop: () => database.close(), url: other.databaseUrl };
}

/**
 * Every error body carries its request's id (lib/request-id.ts), the one in the answer's
 * `x-request-id`: checked here on every error answer of every test, then set aside, so that
 * tests compare the rest of the body literally (`text` keeps the body as it came).
 */
function withoutRequestId(response: Response, body: unknown): unknown {
  if (response.status < 400 || typeof body !== 'object' || body === null || !('error' in body)) {
    return body;
  }
  const { requestId, ...rest } = body as { requestId?: unknown };
  const expected = response.headers.get('x-request-id');
  if (requestId !== expected) {
    throw new Error(`error body without its request id ${expected}: ${JSON.stringify(body)}`);
  }
  return rest;
}

/**
 * HTTP requests to a server at `baseUrl`, as the tests send them: a token, a JSON body or a form;
 * the answer parsed when it is JSON, with the error body's `requestId` checked and taken off.
 */
export function requestAt(baseUrl: string): TestServer['request'] {
  return async (method, url, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: RequestInit['body'];
    if (options.form) body = options.form;
    else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const response = await fetch(baseUrl + url, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    if (response.headers.get('content-type')?.includes('application/json')) {
      parsed = text ? JSON.parse(text) : null;
    }
    parsed = withoutRequestId(response, parsed);
    return { status: response.status, headers: response.headers, body: parsed as never, text };
  };
}

/**
 * A real server listening on a free port, on a fresh database and data folder. Requests go
 * through HTTP with fetch.
 */
export async function startTestServer(
  overrides: Partial<Config> = {},
  options: {
    /**
     * Another server's database, as a second process would have it: on PostgreSQL through
     * connections of its own; on PGlite (one process only) the same instance. Close this server
     * before that one.
     */
    sameDatabaseAs?: TestServer;
  } = {},
): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ishuri-test-'));
  const { database, drop, url } = await databaseFor(options.sameDatabaseAs);
  const printed: string[] = [];
  const log = openLogFile();
  const config = testConfig(dataDir, {
    ...(log ? { logLevel: 'debug' } : {}),
    ...overrides,
  });
  const app = await buildApp(config, {
    database,
    pollJobs: true,
    print: (line) => printed.push(line),
    ...(log ? { logStream: log.stream } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    app,
    ctx: app.ctx,
    baseUrl,
    dataDir,
    printed,
    logFile: log?.path ?? null,
    databaseUrl: url ?? null,
    request: requestAt(baseUrl),
    async close() {
      // Keep-alive sockets would otherwise hold close() until their time-out.
      app.server.closeAllConnections();
      await app.close();
      log?.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Two servers on one database, as two processes of one deployment: on PostgreSQL the second has
 * connections (and LISTEN) of its own; on PGlite, one process only, it shares the instance. Both
 * sign tokens with the same secret. `close` closes the second first.
 */
export async function startTwoProcesses(): Promise<{
  server: TestServer;
  other: TestServer;
  close: () => Promise<void>;
}> {
  const server = await startTestServer();
  const other = await startTestServer(
    { jwtSecret: server.ctx.config.jwtSecret },
    { sameDatabaseAs: server },
  );
  return {
    server,
    other,
    close: async () => {
      await other.close();
      await server.close();
    },
  };
}
