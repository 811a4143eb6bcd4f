/**
 * API throughput benchmark (issue 13, point 2): the reads a learner's phone makes most, against
 * a bare Fastify 5 hello-world built from our own node_modules, in the same run (the anchor is
 * measured just before each read, and each ratio uses its own anchor). Each target runs in its
 * own child process with the demo catalogue (text items, no ffmpeg), one learner enrolled in a
 * free course with its first item complete; autocannon drives it from this process.
 *
 *   npm run bench -- api                  (or: npx tsx bench/api.ts)
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=100 BENCH_DATABASE_URL=postgres://…/postgres
 *
 * Each of the three in-memory caches is then switched off in turn (issue 31, point 4: a cache is
 * kept only for a figure), and the reads it serves measured again against their own anchors:
 * the public read cache (answers of public reads and the content memos), the session cache
 * (checked tokens) and the own-read cache (a signed-in user's profile and progress).
 * BENCH_CACHES=0 skips these runs.
 */
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Ready {
  type: 'ready';
  port: number;
  token?: string;
  courseId?: string;
  blogId?: string;
}

// ---------------------------------------------------------------- the servers (child processes)

async function runAnchor() {
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.send!({ type: 'ready', port: (app.server.address() as AddressInfo).port } as Ready);
}

async function runServer(databaseUrl: string | undefined) {
  const { buildApp } = await import('../apps/server/src/app');
  const { testConfig } = await import('../apps/server/src/test/server');
  const { openDatabase } = await import('../apps/server/src/db/client');
  const { seedDemo } = await import('../apps/server/src/demo/seed-demo');
  const { courses, enrolments, courseItems, progress, users, blogs } =
    await import('../apps/server/src/db/schema');
  const { uuidv7 } = await import('../apps/server/src/lib/ids');
  const { and, asc, eq, isNull } = await import('drizzle-orm');

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ishuri-bench-api-'));
  // On PGlite, a data folder as npm start has (its settings apply there).
  const database = openDatabase(
    databaseUrl ? { url: databaseUrl } : { dataDir: path.join(dataDir, 'db') },
  );
  await database.migrate();
  const off = new Set((process.env.BENCH_CACHE_OFF ?? '').split(',').filter(Boolean));
  const app = await buildApp(
    testConfig(dataDir, {
      logLevel: 'silent',
      // Off: no answer fits and every memo expires at once; a time of 0 switches the others off.
      ...(off.has('read') ? { readCache: { maxEntryBytes: 1, ttlMs: 1 } } : {}),
      ...(off.has('session') ? { sessionCache: { ttlMs: 0 } } : {}),
      ...(off.has('own') ? { ownReadCache: { ttlMs: 0 } } : {}),
    }),
    { database },
  );
  await seedDemo(app.ctx, { ffmpeg: null });
  const db = database.db;
  const [learner] = await db
    .insert(users)
    .values({
      id: uuidv7(),
      email: 'bench-learner@example.com',
      firstName: 'Bench',
      lastName: 'Learner',
      role: 'learner',
      passwordHash: 'not-used',
    })
    .returning();
  const [course] = await db
    .select()
    .from(courses)
    .where(eq(courses.courseType, 'free'))
    .orderBy(asc(courses.createdAt))
    .limit(1);
  const [lesson] = await db
    .select()
    .from(courseItems)
    .where(and(eq(courseItems.courseId, course!.id), isNull(courseItems.parentId)))
    .orderBy(asc(courseItems.position))
    .limit(1);
  await db.insert(enrolments).values({ userId: learner!.id, courseId: course!.id });
  await db.insert(progress).values({
    userId: learner!.id,
    courseId: course!.id,
    itemId: lesson!.id,
    progress: 100,
    completed: true,
    completedAt: new Date(),
  });
  const [blog] = await db.select().from(blogs).limit(1);
  const { token } = await app.ctx.tokens.issue(learner!);
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.on('message', async (message: { type: string }) => {
    if (message.type !== 'stop') return;
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
  process.send!({
    type: 'ready',
    port: (app.server.address() as AddressInfo).port,
    token,
    courseId: course!.id,
    blogId: blog!.id,
  } as Ready);
}

// ---------------------------------------------------------------- the client (this process)

function start(args: string[], env: Record<string, string> = {}) {
  const child = fork(fileURLToPath(import.meta.url), args, {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise<{ child: ChildProcess; ready: Ready }>((resolve, reject) => {
    child.once('message', (ready: Ready) => resolve({ child, ready }));
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
  });
}

async function stop(child: ChildProcess) {
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.send({ type: 'stop' });
  setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  await gone;
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  bytes: number;
  non2xx: number;
}

async function load(url: string, headers: Record<string, string> = {}): Promise<Figures> {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: result.throughput.average / Math.max(result.requests.average, 1),
    non2xx: result.non2xx,
  };
}

async function measure(
  label: string,
  env: Record<string, string>,
  anchorUrl: string,
  only: (name: string) => boolean = () => true,
) {
  const { child, ready } = await start(['server'], env);
  const base = `http://127.0.0.1:${ready.port}`;
  const bearer = { authorization: `Bearer ${ready.token}` };
  const free = `${base}/api/course/free?page=1&pageSize=12`;
  const etag = (await fetch(free)).headers.get('etag');
  const reads: [string, string, Record<string, string>][] = [
    ['GET /api/health', `${base}/api/health`, {}],
    ['GET /api/course/free (12)', free, { 'accept-encoding': 'gzip, br' }],
    ['  same, If-None-Match (304)', free, { 'if-none-match': etag ?? '' }],
    ['GET /api/course/single/{id}', `${base}/api/course/single/${ready.courseId}`, {}],
    ['GET /api/blog/all (12)', `${base}/api/blog/all?page=1&pageSize=12`, {}],
    ['GET /api/user/profile', `${base}/api/user/profile`, bearer],
    ['GET /api/progress/{courseId}', `${base}/api/progress/${ready.courseId}`, bearer],
  ];
  // Each read right after its own anchor run: this machine's speed drifts within minutes, so a
  // ratio is taken against the anchor measured next to it.
  const rows: [string, Figures, number][] = [];
  for (const [name, url, headers] of reads.filter(([name]) => only(name))) {
    const anchor = await load(anchorUrl);
    rows.push([name, await load(url, headers), anchor.rps]);
  }
  await stop(child);
  return { label, rows };
}

async function main() {
  console.log(`${connections} connections, ${seconds} s per read`);
  const { child: anchorChild, ready: anchorReady } = await start(['anchor']);
  const anchorUrl = `http://127.0.0.1:${anchorReady.port}/`;
  const runs = [await measure('PGlite', {}, anchorUrl)];
  const admin = new pg.Client({ connectionString: adminUrl });
  let name: string | null = null;
  try {
    await admin.connect();
    name = `ishuri_bench_${randomBytes(4).toString('hex')}`;
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    runs.push(await measure('PostgreSQL', { BENCH_TARGET_URL: url.toString() }, anchorUrl));
    if (process.env.BENCH_CACHES !== '0') {
      // Each cache off in turn, on PostgreSQL (where a read that is not kept costs a round trip
      // to another process), for the reads it serves.
      const target = { BENCH_TARGET_URL: url.toString() };
      const isPublic = (read: string) => /course|blog/.test(read) && !read.includes('progress');
      const isOwn = (read: string) => /profile|progress/.test(read);
      for (const [cache, only] of [
        ['read', isPublic],
        ['session', isOwn],
        ['own', isOwn],
        ['session,own', isOwn],
      ] as const) {
        await admin.query(`drop database ${name} with (force)`);
        await admin.query(`create database ${name}`);
        runs.push(
          await measure(
            `PostgreSQL, without the ${cache} cache${cache.includes(',') ? 's' : ''}`,
            { ...target, BENCH_CACHE_OFF: cache },
            anchorUrl,
            only,
          ),
        );
      }
    }
  } catch (error) {
    console.log(`PostgreSQL skipped: ${(error as Error).message}`);
  } finally {
    if (name) await admin.query(`drop database ${name} with (force)`);
    await admin.end().catch(() => undefined);
  }
  await stop(anchorChild);
  console.log('\nanchor: a Fastify hello-world, run just before each read');
  for (const { label, rows } of runs) {
    console.log(`\n${label}`);
    console.log(
      'read                          |   req/s | anchor | × anchor | p50 ms | p99 ms | bytes',
    );
    for (const [name, f, anchor] of rows) {
      const errors = f.non2xx > 0 && !name.includes('304') ? `  (${f.non2xx} not 2xx)` : '';
      console.log(
        `${name.padEnd(29)} | ${String(Math.round(f.rps)).padStart(7)} | ${String(
          Math.round(anchor),
        ).padStart(6)} | ${(f.rps / anchor).toFixed(3).padStart(8)} | ${String(f.p50).padStart(
          6,
        )} | ${String(f.p99).padStart(6)} | ${String(Math.round(f.bytes)).padStart(5)}${errors}`,
      );
    }
  }
}

const [role] = process.argv.slice(2);
if (role === 'anchor') await runAnchor();
else if (role === 'server') await runServer(process.env.BENCH_TARGET_URL);
else await main();
