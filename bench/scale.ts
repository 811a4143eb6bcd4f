/**
 * Scale benchmark (issue 13, point 1): the API on PostgreSQL with a school of 100k learners
 * (100k users, 10k courses with 50k lessons, 200k enrolments, 1M progress rows, 50k
 * certificates, 2k blog posts, 20k subscribers), against the same reads on a small school (the
 * demo catalogue) in the same run. Reports p50/p95 per read (10 connections, a few seconds
 * each), and /api/health's p99 alone and while an admin keeps loading the heaviest list.
 * Signed-in reads bypass the public read cache, so the database is measured (except
 * user/profile, kept per user after its first read: lib/own-read-cache.ts).
 *
 *   npm run bench -- scale                (or: npx tsx bench/scale.ts)
 *   BENCH_USERS=100000 BENCH_SECONDS=5 BENCH_DATABASE_URL=postgres://…/postgres
 *   BENCH_READS=health      only /api/health, alone and beside the heavy list
 *   BENCH_PROFILE=DIR       the server writes a CPU profile (node --cpu-prof) into DIR
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

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const userCount = Number(process.env.BENCH_USERS ?? 100_000);
const healthOnly = process.env.BENCH_READS === 'health';
const profileDir = process.env.BENCH_PROFILE;

interface Ready {
  port: number;
  adminToken: string;
  learnerToken: string;
  courseId: string;
}

// ---------------------------------------------------------------- the data set

/** Fills a migrated database in bulk, in SQL (the API would take hours). */
async function fill(url: string, users: number) {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  const courses = Math.max(10, Math.round(users / 10));
  const started = performance.now();
  const steps: [string, string][] = [
    [
      'users',
      `insert into users (id, email, first_name, last_name, password_hash, role, created_at)
       select gen_random_uuid(), 'learner' || g || '@example.rw', 'First' || g, 'Last' || (g % 997),
              'not-used', case when g % 100 = 0 then 'instructor' else 'learner' end,
              now() - (g || ' seconds')::interval
       from generate_series(1, ${users}) g`,
    ],
    [
      'courses',
      `insert into courses (id, title, description, course_type, owner_id, created_at)
       select gen_random_uuid(), 'Course ' || g || ' on Kigali topic ' || (g % 53),
              'What course ' || g || ' teaches, in a sentence or two.',
              case when g % 2 = 0 then 'free' else 'premium' end, null,
              now() - (g || ' minutes')::interval
       from generate_series(1, ${courses}) g`,
    ],
    [
      'lessons',
      `insert into course_items (id, course_id, title, description, content_type, content, position)
       select gen_random_uuid(), c.id, 'Lesson ' || p, '', 'text', repeat('Read this. ', 40), p
       from courses c cross join generate_series(1, 5) p`,
    ],
    [
      'enrolments',
      `insert into enrolments (user_id, course_id)
       select u.id, c.id from
         (select id, row_number() over () as n from users) u
         cross join generate_series(0, 1) k(k)
         join (select id, row_number() over () as n from courses) c
           on c.n = 1 + ((u.n * 7 + k.k * 131) % ${courses})
       on conflict do nothing`,
    ],
    [
      'progress',
      `insert into progress (user_id, course_id, item_id, progress, completed, completed_at)
       select e.user_id, e.course_id, l.id, 100, true, now()
       from enrolments e join course_items l on l.course_id = e.course_id
       on conflict do nothing`,
    ],
    [
      'certificates',
      `insert into certificates (id, certificate_code, user_id, course_id, learner_name,
                                 course_title, course_type, created_at)
       select gen_random_uuid(), 'ISH-' || upper(substr(md5(e.user_id::text || e.course_id::text), 1, 12)),
              e.user_id, e.course_id, 'Learner ' || row_number() over (), 'A course', 'premium',
              now() - (row_number() over () || ' seconds')::interval
       from (select * from enrolments limit ${Math.round(users / 2)}) e`,
    ],
    [
      'blogs',
      `insert into blogs (id, title, content, created_at)
       select gen_random_uuid(), 'News ' || g, repeat('Something happened in Kigali. ', 30),
              now() - (g || ' hours')::interval
       from generate_series(1, ${Math.round(users / 50)}) g`,
    ],
    [
      'subscribers',
      `insert into subscribers (id, email, confirmed_at)
       select gen_random_uuid(), 'reader' || g || '@example.rw', now()
       from generate_series(1, ${Math.round(users / 5)}) g`,
    ],
  ];
  for (const [name, statement] of steps) {
    const t = performance.now();
    const result = await client.query(statement);
    console.log(`  ${name}: ${result.rowCount} rows in ${Math.round(performance.now() - t)} ms`);
  }
  await client.query('analyze');
  await client.end();
  console.log(`  filled in ${Math.round((performance.now() - started) / 1000)} s`);
}

// ---------------------------------------------------------------- the server (child process)

async function runServer(url: string, big: boolean) {
  const { buildApp } = await import('../apps/server/src/app');
  const { testConfig } = await import('../apps/server/src/test/server');
  const { openDatabase } = await import('../apps/server/src/db/client');
  const { seedDemo } = await import('../apps/server/src/demo/seed-demo');
  const { courses, enrolments, users } = await import('../apps/server/src/db/schema');
  const { uuidv7 } = await import('../apps/server/src/lib/ids');
  const { eq } = await import('drizzle-orm');

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ishuri-bench-scale-'));
  const database = openDatabase({ url, poolSize: 10 });
  await database.migrate();
  const app = await buildApp(testConfig(dataDir, { logLevel: 'silent' }), { database });
  if (!big) await seedDemo(app.ctx, { ffmpeg: null });
  const person = (role: 'admin' | 'learner') => ({
    id: uuidv7(),
    email: `bench-${role}-${randomBytes(3).toString('hex')}@example.com`,
    firstName: 'Bench',
    lastName: role,
    role,
    passwordHash: 'not-used',
  });
  const [admin] = await database.db.insert(users).values(person('admin')).returning();
  const [learner] = await database.db.insert(users).values(person('learner')).returning();
  const [course] = await database.db
    .select()
    .from(courses)
    .where(eq(courses.courseType, 'free'))
    .limit(1);
  await database.db.insert(enrolments).values({ userId: learner!.id, courseId: course!.id });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.on('message', async () => {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
  process.send!({
    port: (app.server.address() as AddressInfo).port,
    adminToken: (await app.ctx.tokens.issue(admin!)).token,
    learnerToken: (await app.ctx.tokens.issue(learner!)).token,
    courseId: course!.id,
  } satisfies Ready);
}

// ---------------------------------------------------------------- the client (this process)

function start(url: string, big: boolean) {
  const child = fork(fileURLToPath(import.meta.url), ['server', url, big ? 'big' : 'small'], {
    execArgv: [
      '--import',
      'tsx',
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
    ],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise<{ child: ChildProcess; ready: Ready }>((resolve, reject) => {
    child.once('message', (ready: Ready) => resolve({ child, ready }));
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
}

interface Figures {
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  errors: number;
}

async function load(url: string, token: string | null, connections = 10): Promise<Figures> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return {
    p50: result.latency.p50,
    // autocannon reports p90 and p97.5; p95 lies between them.
    p95: (result.latency.p90 + result.latency.p97_5) / 2,
    p99: result.latency.p99,
    rps: result.requests.average,
    errors: result.non2xx + result.errors,
  };
}

async function measure(url: string, big: boolean) {
  const { child, ready } = await start(url, big);
  const base = `http://127.0.0.1:${ready.port}`;
  const admin = ready.adminToken;
  const learner = ready.learnerToken;
  const reads: [string, string, string | null][] = [
    ['course/free page 1 (learner)', '/api/course/free?page=1&pageSize=12', learner],
    ['course/free page 400 (learner)', '/api/course/free?page=400&pageSize=12', learner],
    ['course/free q=kigali (learner)', '/api/course/free?q=kigali&pageSize=12', learner],
    ['course/single (learner)', `/api/course/single/${ready.courseId}`, learner],
    ['blog/all page 1 (visitor)', '/api/blog/all?page=1&pageSize=12', null],
    ['user/profile', '/api/user/profile', learner],
    ['progress/courses (My courses)', '/api/progress/courses?page=1&pageSize=6', learner],
    ['enroll/byUser', '/api/enroll/byUser', learner],
    ['user/all page 1 (admin)', '/api/user/all?page=1&pageSize=20', admin],
    ['user/all q=last99 (admin)', '/api/user/all?q=last99&pageSize=20', admin],
    ['user/all sort=email (admin)', '/api/user/all?sort=email:asc&pageSize=20', admin],
    ['certificate/all page 1 (admin)', '/api/certificate/all?page=1&pageSize=20', admin],
    ['sub/subscribers q=reader77 (admin)', '/api/sub/subscribers?q=reader77&pageSize=20', admin],
  ];
  const rows: [string, Figures][] = [];
  for (const [name, path, token] of healthOnly ? [] : reads) {
    rows.push([name, await load(base + path, token)]);
  }
  const healthAlone = await load(`${base}/api/health`, null, 10);
  // An admin loading the largest list there is (unpaged: at most 1,000 users) all the time.
  const heavy = load(`${base}/api/user/all`, admin, 2);
  const healthUnderLoad = await load(`${base}/api/health`, null, 10);
  const heavyList = await heavy;
  child.send('stop');
  await new Promise((resolve) => child.once('exit', resolve));
  return { rows, healthAlone, healthUnderLoad, heavyList };
}

async function main() {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const names = {
    small: `ishuri_scale_small_${randomBytes(3).toString('hex')}`,
    big: `ishuri_scale_big_${randomBytes(3).toString('hex')}`,
  };
  const urlOf = (name: string) => {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  try {
    for (const name of Object.values(names)) await admin.query(`create database ${name}`);
    // Migrate the big one through the server's own migrations, then fill it.
    const { openDatabase } = await import('../apps/server/src/db/client');
    const migrated = openDatabase({ url: urlOf(names.big) });
    await migrated.migrate();
    await migrated.close();
    console.log(`filling ${userCount} users …`);
    await fill(urlOf(names.big), userCount);

    const small = await measure(urlOf(names.small), false);
    const big = await measure(urlOf(names.big), true);
    console.log(`\n10 connections, ${seconds} s per read; ms`);
    console.log(
      'read                               | small p50 | small p95 | big p50 | big p95 | big/small p95',
    );
    for (let i = 0; i < small.rows.length; i += 1) {
      const [name, s] = small.rows[i]!;
      const [, b] = big.rows[i]!;
      const errors = s.errors + b.errors > 0 ? `  (${s.errors}/${b.errors} not 2xx)` : '';
      console.log(
        `${name.padEnd(34)} | ${String(s.p50).padStart(9)} | ${s.p95.toFixed(1).padStart(9)} | ${String(
          b.p50,
        ).padStart(7)} | ${b.p95.toFixed(1).padStart(7)} | ${(b.p95 / Math.max(s.p95, 0.5))
          .toFixed(2)
          .padStart(13)}${errors}`,
      );
    }
    for (const [label, run] of [
      ['small', small],
      ['big', big],
    ] as const) {
      console.log(
        `/api/health p99 (${label}): ${run.healthAlone.p99} ms alone, ` +
          `${run.healthUnderLoad.p99} ms while an admin loads the whole user list ` +
          `(that list meanwhile: ${run.heavyList.rps.toFixed(0)} req/s, ` +
          `p50 ${run.heavyList.p50} ms, ${run.heavyList.errors} errors)`,
      );
    }
  } finally {
    for (const name of Object.values(names)) {
      await admin.query(`drop database if exists ${name} with (force)`);
    }
    await admin.end();
  }
}

const [role, url, size] = process.argv.slice(2);
if (role === 'server') await runServer(url!, size === 'big');
else await main();
