import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultRateLimits, loadConfig } from '../config';
import type { Config } from '../config';
import { startTestServer } from '../test/server';
import type { TestServer } from '../test/server';
import { MemoryCounters } from './rate-limit-store';
import { redisAnswers, TEST_REDIS_URL } from '../test/redis';

/**
 * Rate limits shared by several processes through a real Redis (lib/rate-limit-store.ts,
 * lib/redis.ts): two test servers play two processes of one deployment. Redis going away, or
 * answering nothing, is played by a throw-away redis-server on a free port (stopped with
 * SIGSTOP, or not started yet) and by a TCP server that accepts and never answers.
 */

const REDIS_URL = TEST_REDIS_URL;

const sharedRedisUp = await redisAnswers(REDIS_URL);
if (!sharedRedisUp) {
  console.warn(
    `rate-limit-store.test: no Redis answers at ${REDIS_URL} (set TEST_REDIS_URL): the tests of ` +
      'limits shared through it are skipped.',
  );
}
const redisServerInstalled = !spawnSync('redis-server', ['--version']).error;
if (!redisServerInstalled) {
  console.warn(
    'rate-limit-store.test: redis-server (Debian: redis-server) is not installed: the tests of ' +
      'Redis stopping and coming back are skipped.',
  );
}

/** A key prefix of its own, so that tests never see each other's counters. */
const newPrefix = () => `ishuri-test:${randomBytes(6).toString('hex')}:`;
const prefixesUsed: string[] = [];

afterAll(async () => {
  if (!sharedRedisUp || prefixesUsed.length === 0) return;
  const admin = new Redis(REDIS_URL);
  try {
    for (const prefix of prefixesUsed) {
      const keys = await admin.keys(`${prefix}*`);
      if (keys.length > 0) await admin.del(...keys);
    }
  } finally {
    admin.disconnect();
  }
});

/** Sign-in allows 3 tries per e-mail a minute (and many per address: all tests share one). */
const limits: Config['rateLimits'] = {
  ...defaultRateLimits,
  signin: { perIp: 1000, perEmail: 3, windowSeconds: 60 },
};

let seq = 0;
const newEmail = () => `shared${++seq}.${randomBytes(4).toString('hex')}@example.com`;

/** A wrong password for an e-mail without an account: 401 while the limit allows, then 429. */
const signin = (server: TestServer, email: string) =>
  server.request('POST', '/api/auth/signin', {
    body: { email, password: 'not-the-password' },
  });

/** The statuses of `count` sign-ins on one server, with the longest time one took (ms). */
async function tries(server: TestServer, email: string, count: number) {
  const statuses: number[] = [];
  let slowest = 0;
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    statuses.push((await signin(server, email)).status);
    slowest = Math.max(slowest, performance.now() - started);
  }
  return { statuses, slowest };
}

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(25);
  }
}

const redisOf = (server: TestServer) => {
  if (!server.ctx.redis) throw new Error('the server has no Redis');
  return server.ctx.redis;
};
const ready = (...servers: TestServer[]) =>
  until('Redis is ready', () => servers.every((server) => redisOf(server).status === 'ready'));

/** The messages of one server's log lines (its log file, at debug level) that contain `text`. */
function logLines(server: TestServer, text: string): { level: number; msg: string }[] {
  if (!server.logFile) throw new Error('this run keeps no server logs (test/log-scan.ts)');
  return readFileSync(server.logFile, 'utf8')
    .split('\n')
    .filter((line) => line.includes(text))
    .map((line) => JSON.parse(line) as { level: number; msg: string });
}
const outageWarnings = (server: TestServer) =>
  logLines(server, 'Redis does not answer').filter((line) => line.level === 40);
const backLines = (server: TestServer) => logLines(server, 'Redis answers again');

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A throw-away redis-server (nothing saved to disk) on this port, answering. */
async function startRedisServer(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  await until('the throw-away redis-server answers', () =>
    redisAnswers(`redis://127.0.0.1:${port}`),
  );
  return child;
}

async function stopRedisServer(child: ChildProcess | null) {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGCONT');
  child.kill('SIGKILL');
  await exited;
}

/** Two servers (two processes), each with its own database, sharing one Redis and prefix. */
async function startTwo(overrides: Partial<Config>) {
  const one = await startTestServer({ rateLimits: limits, ...overrides });
  const two = await startTestServer({ rateLimits: limits, ...overrides }).catch(
    async (error: unknown) => {
      await one.close();
      throw error;
    },
  );
  return { one, two, close: () => Promise.all([one.close(), two.close()]) };
}

describe('memory counters', () => {
  it('count in fixed windows, and keep at most their number of keys (the oldest go first)', () => {
    let now = 1_000_000;
    const counters = new MemoryCounters(3, () => now);
    expect(counters.increment('a', 60_000)).toEqual({ current: 1, ttl: 60_000 });
    now += 10_000;
    expect(counters.increment('a', 60_000)).toEqual({ current: 2, ttl: 50_000 });
    now += 50_000;
    // The window is over: a new one starts.
    expect(counters.increment('a', 60_000)).toEqual({ current: 1, ttl: 60_000 });
    counters.increment('b', 60_000);
    counters.increment('c', 60_000);
    counters.increment('d', 60_000);
    expect(counters.size).toBe(3);
    // 'a' was the oldest window and is gone; 'b' still counts.
    expect(counters.increment('a', 60_000)).toEqual({ current: 1, ttl: 60_000 });
    expect(counters.size).toBe(3);
    expect(counters.increment('d', 60_000)).toEqual({ current: 2, ttl: 60_000 });
  });
});

describe('REDIS_KEY_PREFIX', () => {
  it('is read from the environment, and refused with other characters', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ishuri-config-'));
    try {
      const env = { DATA_DIR: dir, REDIS_URL: 'redis://redis:6379' };
      expect(loadConfig({ ...env, REDIS_KEY_PREFIX: 'school-a:' }).redisKeyPrefix).toBe(
        'school-a:',
      );
      expect(loadConfig(env).redisKeyPrefix).toBeUndefined();
      for (const bad of ['a b', 'x'.repeat(65), 'ecole*']) {
        expect(() => loadConfig({ ...env, REDIS_KEY_PREFIX: bad })).toThrow(
          /^Invalid configuration:\n {2}REDIS_KEY_PREFIX: /,
        );
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('without REDIS_URL', () => {
  it('counts in each process apart, as before', async () => {
    const { one, two, close } = await startTwo({});
    try {
      expect(one.ctx.redis).toBeNull();
      const email = newEmail();
      expect((await tries(one, email, 4)).statuses).toEqual([401, 401, 401, 429]);
      expect((await tries(two, email, 4)).statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await close();
    }
  });
});

describe.skipIf(!sharedRedisUp)('with REDIS_URL', () => {
  it('counts the requests to both processes against one limit, and keeps no address in Redis', async () => {
    const prefix = newPrefix();
    prefixesUsed.push(prefix);
    const { one, two, close } = await startTwo({ redisUrl: REDIS_URL, redisKeyPrefix: prefix });
    try {
      await ready(one, two);
      const email = newEmail();
      const statuses = [
        (await signin(one, email)).status,
        (await signin(two, email)).status,
        (await signin(one, email)).status,
      ];
      expect(statuses).toEqual([401, 401, 401]);
      for (const server of [two, one]) {
        const refused = await signin(server, email);
        expect(refused.status).toBe(429);
        expect(refused.body.code).toBe('RATE_LIMITED');
        const retryAfter = Number(refused.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(60);
      }
      // Another e-mail has its own count.
      expect((await signin(two, newEmail())).status).toBe(401);

      // In Redis: the address's counter and the first e-mail's, then the second e-mail's; keys are
      // hashes, never an address; each expires with its window.
      const admin = new Redis(REDIS_URL);
      try {
        const keys = await admin.keys(`${prefix}*`);
        expect(keys).toHaveLength(3);
        const values = (await Promise.all(keys.map((key) => admin.get(key)))).sort();
        expect(values).toEqual(['1', '5', '6']);
        for (const key of keys) {
          expect(key).toMatch(new RegExp(`^${prefix}rate:[A-Za-z0-9_-]{43}$`));
          const ttl = await admin.pttl(key);
          expect(ttl).toBeGreaterThan(0);
          expect(ttl).toBeLessThanOrEqual(60_000);
        }
      } finally {
        admin.disconnect();
      }
    } finally {
      await close();
    }
  });
});

describe.skipIf(!redisServerInstalled)('when Redis fails', () => {
  it('starts and counts per process while Redis is unreachable, and shares again once it answers', async () => {
    const port = await freePort();
    let redis: ChildProcess | null = null;
    const { one, two, close } = await startTwo({
      redisUrl: `redis://127.0.0.1:${port}`,
      redisKeyPrefix: newPrefix(),
    });
    try {
      // Started without Redis: start-up did not wait for it.
      expect(redisOf(one).status).not.toBe('ready');
      const email = newEmail();
      const first = await tries(one, email, 4);
      const second = await tries(two, email, 4);
      // Never "no limit", never 5xx: each process refuses past its own count.
      expect(first.statuses).toEqual([401, 401, 401, 429]);
      expect(second.statuses).toEqual([401, 401, 401, 429]);
      expect(first.slowest).toBeLessThan(2000);
      expect(second.slowest).toBeLessThan(2000);

      redis = await startRedisServer(port);
      await ready(one, two);
      const again = newEmail();
      const statuses = [
        (await signin(one, again)).status,
        (await signin(two, again)).status,
        (await signin(one, again)).status,
        (await signin(two, again)).status,
        (await signin(one, again)).status,
      ];
      expect(statuses).toEqual([401, 401, 401, 429, 429]);

      // One warning for the whole outage (the client failed to connect many times), one line
      // when it ended.
      for (const server of [one, two]) {
        expect(outageWarnings(server)).toHaveLength(1);
        expect(backLines(server)).toHaveLength(1);
      }
    } finally {
      await close();
      await stopRedisServer(redis);
    }
  });

  it('answers within its time-out and counts per process while Redis is stopped, then shares again', async () => {
    const port = await freePort();
    const redis = await startRedisServer(port);
    const { one, two, close } = await startTwo({
      redisUrl: `redis://127.0.0.1:${port}`,
      redisKeyPrefix: newPrefix(),
    });
    try {
      await ready(one, two);
      const email = newEmail();
      const shared = [
        (await signin(one, email)).status,
        (await signin(one, email)).status,
        (await signin(two, email)).status,
      ];
      expect(shared).toEqual([401, 401, 401]);

      // Redis stops answering (its connections stay open).
      redis.kill('SIGSTOP');
      const first = await tries(one, email, 2);
      const second = await tries(two, email, 3);
      // Each process goes on from what it counted itself: the first had let 2 tries through, so
      // 1 more; the second had let 1 through, so 2 more. No request waits for Redis for long.
      expect(first.statuses).toEqual([401, 429]);
      expect(second.statuses).toEqual([401, 401, 429]);
      expect(first.slowest).toBeLessThan(2000);
      expect(second.slowest).toBeLessThan(2000);
      expect((await tries(one, newEmail(), 4)).statuses).toEqual([401, 401, 401, 429]);

      redis.kill('SIGCONT');
      await until('both servers reach Redis again', async () => {
        const answers = await Promise.all(
          [one, two].map((server) =>
            redisOf(server)
              .ping()
              .then(
                () => true,
                () => false,
              ),
          ),
        );
        return answers.every(Boolean);
      });
      // A failed command keeps counters in memory for 1 s (lib/redis.ts).
      await sleep(1100);
      const again = newEmail();
      const statuses = [
        (await signin(two, again)).status,
        (await signin(one, again)).status,
        (await signin(two, again)).status,
        (await signin(one, again)).status,
        (await signin(two, again)).status,
      ];
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      // An outage is logged once, not once per request: a few lines at most (on a loaded machine
      // the first commands after SIGCONT can time out too, a second short outage), and each one
      // is followed by its line saying Redis is back.
      for (const server of [one, two]) {
        const warnings = outageWarnings(server).length;
        expect(warnings).toBeGreaterThanOrEqual(1);
        expect(warnings).toBeLessThanOrEqual(3);
        expect(backLines(server)).toHaveLength(warnings);
      }
    } finally {
      await close();
      await stopRedisServer(redis);
    }
  });
});

describe('when Redis accepts connections and never answers', () => {
  it('starts, answers every request, and keeps the limit in memory', async () => {
    const sockets = new Set<net.Socket>();
    let connections = 0;
    const silent = net.createServer((socket) => {
      connections += 1;
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const server = await startTestServer({
      rateLimits: limits,
      redisUrl: `redis://127.0.0.1:${port}`,
    });
    try {
      const { statuses, slowest } = await tries(server, newEmail(), 4);
      expect(statuses).toEqual([401, 401, 401, 429]);
      expect(slowest).toBeLessThan(2000);
      // The client tried, gave up on each connection and opened another.
      await until('the client has connected twice', () => connections >= 2);
      expect(redisOf(server).status).not.toBe('ready');
      expect(outageWarnings(server)).toHaveLength(1);
      expect(backLines(server)).toHaveLength(0);
    } finally {
      await server.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
