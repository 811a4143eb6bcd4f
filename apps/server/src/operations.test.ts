import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { jobs } from './db/schema';
import { uuidv7 } from './lib/ids';
import { queueMail } from './modules/mail/mail.jobs';
import { createUser } from './test/factories';
import type { TestUser } from './test/factories';
import { freshDatabase } from './test/database';
import { startTestServer, testConfig } from './test/server';
import type { TestServer } from './test/server';
import { startSmtp } from './test/smtp';
import type { TestSmtp } from './test/smtp';

/**
 * Operations: readiness (GET /api/ready), Prometheus metrics (GET /metrics), request ids, and
 * the admin's System screen (GET /api/admin/system). Graceful shutdown is in shutdown.test.ts
 * (it needs the real process).
 */

const METRICS_TOKEN = 'a-scraper-token-of-32-characters';
const A_UUID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';

/** The value of one series of a metrics text, or undefined when it is not there. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('readiness', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 200 naming each check when the database and the storage answer', async () => {
    const answer = await server.request('GET', '/api/ready');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({
      data: {
        status: 'ready',
        checks: { database: 'ok', storage: 'ok', redis: 'not configured' },
      },
    });
    expect(answer.headers.get('cache-control')).toBe('no-cache');
  });

  it('keeps /api/health as the liveness check', async () => {
    const answer = await server.request('GET', '/api/health');
    expect(answer.status).toBe(200);
    expect(answer.body.data.status).toBe('ok');
  });

  it('checks Redis when it is configured: ok when it answers', async () => {
    const withRedis = await startTestServer({
      redisUrl: 'redis://127.0.0.1:6379',
      redisKeyPrefix: `ishuri-test-${uuidv7()}:`,
    });
    try {
      // The client connects in the background, and the process is ready without it: asked
      // until Redis has answered.
      await expect
        .poll(async () => (await withRedis.request('GET', '/api/ready')).body.data?.checks?.redis, {
          timeout: 10_000,
        })
        .toBe('ok');
      const answer = await withRedis.request('GET', '/api/ready');
      expect(answer.body.data.checks).toEqual({ database: 'ok', storage: 'ok', redis: 'ok' });
    } finally {
      await withRedis.close();
    }
  });

  it('stays ready when Redis does not answer, and says so (limits count in memory then)', async () => {
    // Nothing listens on port 1.
    const noRedis = await startTestServer({ redisUrl: 'redis://127.0.0.1:1' });
    try {
      const answer = await noRedis.request('GET', '/api/ready');
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body).toEqual({
        data: {
          status: 'ready',
          checks: { database: 'ok', storage: 'ok', redis: 'unavailable' },
        },
      });
      expect((await noRedis.request('GET', '/api/health')).status).toBe(200);
    } finally {
      await noRedis.close();
    }
  });
});

describe('request ids', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('gives every answer a fresh id when the request has none', async () => {
    const first = await server.request('GET', '/api/health');
    const second = await server.request('GET', '/api/health');
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    expect(first.headers.get('x-request-id')).toMatch(uuid);
    expect(second.headers.get('x-request-id')).toMatch(uuid);
    expect(first.headers.get('x-request-id')).not.toBe(second.headers.get('x-request-id'));
  });

  it("keeps a balancer's well-formed id", async () => {
    const answer = await server.request('GET', '/api/health', {
      headers: { 'x-request-id': 'lb-7f3a.01:edge_2' },
    });
    expect(answer.headers.get('x-request-id')).toBe('lb-7f3a.01:edge_2');
  });

  it('replaces an id that is too long or holds other characters', async () => {
    for (const bad of ['a'.repeat(65), 'two words', 'x"}\\ninjected', '']) {
      const answer = await server.request('GET', '/api/health', {
        headers: { 'x-request-id': bad },
      });
      const id = answer.headers.get('x-request-id');
      expect(id).not.toBe(bad);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  // The test client checks every error body's id against its header (test/server.ts) and sets
  // it aside; these read the bodies as they came.
  const raw = (answer: { text: string }) => JSON.parse(answer.text) as Record<string, unknown>;

  it('puts the id in every error body: a 404, a 401, a validation error', async () => {
    const notFound = await server.request('GET', `/api/course/single/${A_UUID}`, {
      headers: { 'x-request-id': 'trace-404' },
    });
    expect(notFound.status).toBe(404);
    expect(raw(notFound)).toEqual({
      error: 'Course Not Found',
      code: 'COURSE_NOT_FOUND',
      requestId: 'trace-404',
    });
    const unknownRoute = await server.request('GET', '/api/no-such-thing', {
      headers: { 'x-request-id': 'trace-route' },
    });
    expect(unknownRoute.status).toBe(404);
    expect(raw(unknownRoute).requestId).toBe('trace-route');
    const noToken = await server.request('GET', '/api/user/profile', {
      headers: { 'x-request-id': 'trace-401' },
    });
    expect(noToken.status).toBe(401);
    expect(raw(noToken).requestId).toBe('trace-401');
    const invalid = await server.request('POST', '/api/auth/signin', {
      body: { email: 'not-an-address', password: 'x' },
      headers: { 'x-request-id': 'trace-400' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe('VALIDATION_FAILED');
    expect(raw(invalid).requestId).toBe('trace-400');
  });

  it('leaves success bodies as they were', async () => {
    const answer = await server.request('GET', '/api/course/free', {
      headers: { 'x-request-id': 'trace-ok' },
    });
    expect(answer.status).toBe(200);
    expect(raw(answer)).toEqual({ data: [], total: 0 });
  });

  it('writes the id into the log lines of the request', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ishuri-ops-log-'));
    const { database, drop } = await freshDatabase();
    const lines: string[] = [];
    const app = await buildApp(testConfig(dataDir, { logLevel: 'info' }), {
      database,
      logStream: { write: (line) => lines.push(line) },
    });
    try {
      const answer = await app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': 'trace-in-the-log' },
      });
      expect(answer.headers['x-request-id']).toBe('trace-in-the-log');
      const ofRequest = lines
        .map((line) => JSON.parse(line) as { reqId?: string; msg?: string })
        .filter((entry) => entry.reqId === 'trace-in-the-log');
      expect(ofRequest.map((entry) => entry.msg)).toEqual([
        'incoming request',
        'request completed',
      ]);
    } finally {
      await app.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('metrics', () => {
  let server: TestServer;
  let smtp: TestSmtp;
  beforeAll(async () => {
    // A mail server that refuses every recipient: each mail fails, permanently.
    smtp = await startSmtp({ rejects: () => true });
    server = await startTestServer({ metricsToken: METRICS_TOKEN, smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const scrape = () =>
    server.request('GET', '/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });

  it('refuses a scrape without the token, or with a wrong one, with 401', async () => {
    const none = await server.request('GET', '/metrics');
    expect(none.status).toBe(401);
    expect(none.body.code).toBe('UNAUTHENTICATED');
    const wrong = await server.request('GET', '/metrics', {
      headers: { authorization: 'Bearer a-scraper-token-of-32-characterz' },
    });
    expect(wrong.status).toBe(401);
    const shorter = await server.request('GET', '/metrics', {
      headers: { authorization: 'Bearer a-scraper' },
    });
    expect(shorter.status).toBe(401);
    const notBearer = await server.request('GET', '/metrics', {
      headers: { authorization: METRICS_TOKEN },
    });
    expect(notBearer.status).toBe(401);
  });

  it('serves the text exposition with the product metrics and the process metrics', async () => {
    const answer = await scrape();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    for (const name of [
      '# TYPE ishuri_http_requests_total counter',
      '# TYPE ishuri_http_request_duration_seconds histogram',
      '# TYPE ishuri_job_queue_depth gauge',
      '# TYPE ishuri_job_failures_total counter',
      '# TYPE ishuri_mail_failures_total counter',
      '# TYPE ishuri_process_cpu_seconds_total counter',
      '# TYPE ishuri_process_resident_memory_bytes gauge',
      '# TYPE ishuri_nodejs_eventloop_lag_seconds gauge',
      '# TYPE ishuri_nodejs_heap_size_used_bytes gauge',
    ]) {
      expect(answer.text).toContain(name);
    }
  });

  it('counts a request under its route pattern, never its URL', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect((await server.request('GET', `/api/course/single/${A_UUID}`)).status).toBe(404);
    }
    expect((await server.request('GET', '/api/course/free')).status).toBe(200);
    const text = (await scrape()).text;
    expect(
      sample(
        text,
        'ishuri_http_requests_total{method="GET",route="/api/course/single/:id",status="404"}',
      ),
    ).toBe(3);
    expect(
      sample(
        text,
        'ishuri_http_requests_total{method="GET",route="/api/course/free",status="200"}',
      ),
    ).toBe(1);
    expect(
      sample(
        text,
        'ishuri_http_request_duration_seconds_count{method="GET",route="/api/course/single/:id"}',
      ),
    ).toBe(3);
    expect(text).not.toContain(A_UUID);
  });

  it('counts job failures, retried and final, and reads the queue depth from the table', async () => {
    const { ctx } = server;
    ctx.jobs.register('test-always-fails', async () => {
      throw new Error('this job always fails');
    });
    await ctx.database.db.transaction(async (tx) => {
      await ctx.jobs.enqueue(tx, 'test-always-fails', { n: 1 }, { maxAttempts: 1 });
      await ctx.jobs.enqueue(tx, 'test-always-fails', { n: 2 }, { maxAttempts: 5 });
    });
    await ctx.jobs.kick();
    const text = (await scrape()).text;
    expect(sample(text, 'ishuri_job_failures_total{type="test-always-fails",final="true"}')).toBe(
      1,
    );
    expect(sample(text, 'ishuri_job_failures_total{type="test-always-fails",final="false"}')).toBe(
      1,
    );
    // One given up (failed), one waiting for its retry (pending).
    expect(sample(text, 'ishuri_job_queue_depth{state="failed",type="test-always-fails"}')).toBe(1);
    expect(sample(text, 'ishuri_job_queue_depth{state="pending",type="test-always-fails"}')).toBe(
      1,
    );
  });

  it('counts a mail the mail server refused', async () => {
    const before = sample((await scrape()).text, 'ishuri_mail_failures_total');
    expect(before).toBe(0);
    const { ctx } = server;
    await ctx.database.db.transaction((tx) =>
      queueMail(ctx, tx, {
        to: 'nobody@example.rw',
        subject: 'Hello',
        text: 'Hello.',
        html: '<p>Hello.</p>',
      }),
    );
    await ctx.jobs.kick();
    const text = (await scrape()).text;
    expect(sample(text, 'ishuri_mail_failures_total')).toBe(1);
    // A 550 answer is permanent: the mail job is given up at once.
    expect(sample(text, 'ishuri_job_failures_total{type="mail",final="true"}')).toBe(1);
  });

  it('answers 404 when no METRICS_TOKEN is configured', async () => {
    const plain = await startTestServer();
    try {
      const answer = await plain.request('GET', '/metrics', {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(answer.status).toBe(404);
      expect(answer.body.code).toBe('ROUTE_NOT_FOUND');
    } finally {
      await plain.close();
    }
  });
});

describe('the System screen (GET /api/admin/system)', () => {
  let server: TestServer;
  let admin: TestUser;
  let learner: TestUser;
  const later = () => new Date(Date.now() + 24 * 60 * 60 * 1000);

  beforeAll(async () => {
    server = await startTestServer();
    admin = await createUser(server, { role: 'admin' });
    learner = await createUser(server);
    // Jobs as the queue leaves them; the waiting ones are due tomorrow, so none runs now.
    const row = (type: string, status: 'pending' | 'failed' | 'done') => ({
      id: uuidv7(),
      type,
      payload: {},
      status,
      runAt: later(),
    });
    await server.ctx.database.db
      .insert(jobs)
      .values([
        row('mail', 'pending'),
        row('mail', 'pending'),
        row('mail', 'failed'),
        row('certificate', 'done'),
        row('certificate', 'pending'),
      ]);
    await server.ctx.files.put('blog/one.webp', Buffer.alloc(1500, 1));
    await server.ctx.privateFiles.put('certificates/a.pdf', Buffer.alloc(2048, 2));
    await server.ctx.privateFiles.put('certificates/b.pdf', Buffer.alloc(100, 3));
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers the jobs, the storage used, the database, Redis and the process to an admin', async () => {
    const answer = await server.request('GET', '/api/admin/system', { token: admin.token });
    expect(answer.status, answer.text).toBe(200);
    const { data } = answer.body;
    // The rows written above, by type; beside them, the periodic clean-ups are jobs too (issue
    // 31, point 5), so they show on this screen with the state of their latest runs.
    const written = ['certificate', 'mail'];
    expect(data.jobs.byType.filter((t: { type: string }) => written.includes(t.type))).toEqual([
      { type: 'certificate', pending: 1, running: 0, failed: 0, done: 1 },
      { type: 'mail', pending: 2, running: 0, failed: 1, done: 0 },
    ]);
    // Scheduled jobs are written in the background once the app is up: asked until they are.
    await expect
      .poll(
        async () =>
          (
            await server.request('GET', '/api/admin/system', { token: admin.token })
          ).body.data.jobs.byType.map((t: { type: string }) => t.type),
        { timeout: 20_000, interval: 200 },
      )
      .toEqual(
        expect.arrayContaining([
          'premium-reminders',
          'resumable-uploads-sweep',
          'upload-leftovers',
          'video-upkeep',
        ]),
      );
    expect(data.jobs.byState.failed).toBe(1);
    expect(data.storage.public).toEqual({ files: 1, bytes: 1500, complete: true });
    expect(data.storage.private).toEqual({ files: 2, bytes: 2148, complete: true });
    expect(data.database).toEqual({
      kind: process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite',
    });
    expect(data.redis).toEqual({ configured: false, reachable: null });
    expect(data.process.version).toBe('0.1.0');
    expect(data.process.node).toMatch(/^v20\./);
    expect(Number.isInteger(data.process.uptimeSeconds)).toBe(true);
    expect(Object.keys(data).sort()).toEqual(['database', 'jobs', 'process', 'redis', 'storage']);
  });

  it('keeps the file count a minute: a new file shows in the next count, not at once', async () => {
    const first = await server.request('GET', '/api/admin/system', { token: admin.token });
    await server.ctx.files.put('blog/two.webp', Buffer.alloc(500, 4));
    const second = await server.request('GET', '/api/admin/system', { token: admin.token });
    expect(second.body.data.storage).toEqual(first.body.data.storage);
    expect(second.body.data.storage.public.files).toBe(1);
  });

  it('refuses a learner (403) and a visitor (401)', async () => {
    const asLearner = await server.request('GET', '/api/admin/system', { token: learner.token });
    expect(asLearner.status).toBe(403);
    expect(asLearner.body.code).toBe('FORBIDDEN');
    const asVisitor = await server.request('GET', '/api/admin/system');
    expect(asVisitor.status).toBe(401);
    expect(asVisitor.body.code).toBe('UNAUTHENTICATED');
  });
});
