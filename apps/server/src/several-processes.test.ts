import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client';
import type { Database } from './db/client';
import { certificates, jobs, users } from './db/schema';
import { TokenService } from './modules/auth/tokens';
import { CERTIFICATE_JOB } from './modules/certificates/certificates.service';
import { buildBundle, startBuilt, stopBuilt, untilAnswers } from './test/built-server';
import type { BuiltServer } from './test/built-server';
import { createCourse, createLesson, SETUP_TIMEOUT } from './test/content';
import { createUser } from './test/factories';
import type { TestUser } from './test/factories';
import { createCourseWithItems, enrol } from './test/learning-factories';
import { formOf, lectureVideo } from './test/media';
import { redisAnswers, TEST_REDIS_URL } from './test/redis';
import { startS3Server } from './test/s3';
import type { TestS3 } from './test/s3';
import { requestAt } from './test/server';
import type { TestServer } from './test/server';

// Issue 18, "several processes": two product processes — the built server, as `npm start` and
// the container run it — on one PostgreSQL database, one Redis and one S3-compatible store
// (s3rver), with one shared data folder (as the deployment's shared volume). They start at the
// same moment on an empty database, so they also show that start-up work takes turns.

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = TEST_REDIS_URL;

const onPostgres = process.env.TEST_DB === 'postgres' && databaseUrl !== undefined;
const withRedis = onPostgres && (await redisAnswers(redisUrl));
if (!onPostgres) {
  console.log(
    'several-processes.test.ts: skipped in this project: it runs in the postgres project ' +
      '(TEST_DATABASE_URL), since several processes need PostgreSQL',
  );
} else if (!withRedis) {
  console.log(`several-processes.test.ts: skipped: no Redis answers at ${redisUrl}`);
}

interface Process extends BuiltServer {
  name: string;
}

let outDir = '';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ishuri-two-'));
const jwtSecret = randomBytes(32).toString('hex');
const databaseName = `ishuri_two_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
/** This run's own counters in the machine's Redis (rate limits count for up to an hour). */
const redisPrefix = `ishuri-test-${randomBytes(4).toString('hex')}:`;
/** Rate limits count per address for an hour: a run's own address, never a past run's count. */
const contactEmail = `aline.${randomBytes(4).toString('hex')}@example.com`;

let s3: TestS3;
let database: Database;
let one: Process;
let two: Process;
let admin: TestUser;

async function start(name: string, url: string): Promise<Process> {
  const server = await startBuilt(outDir, {
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    JWT_SECRET: jwtSecret,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: redisPrefix,
    S3_BUCKET: s3.config.bucket,
    S3_ENDPOINT: s3.config.endpoint,
    S3_REGION: s3.config.region,
    S3_ACCESS_KEY_ID: s3.config.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    S3_PREFIX: s3.config.prefix,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: 'first-admin@ishuri.test',
    ADMIN_PASSWORD: 'first-admin-password',
  });
  return { ...server, name };
}

async function untilReady(target: Process) {
  if (!(await untilAnswers(target))) {
    throw new Error(`${target.name} did not become ready:\n${target.output()}`);
  }
}

/** A product process as the shared test helpers see a server: HTTP to it, the database beside. */
function asServer(target: Process): TestServer {
  const tokens = new TokenService(jwtSecret);
  return {
    baseUrl: target.baseUrl,
    ctx: { database, tokens },
    request: requestAt(target.baseUrl),
  } as unknown as TestServer;
}

const until = async <T>(read: () => Promise<T | undefined>, what: string, ms = 60_000) => {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe.runIf(withRedis)('two product processes on one PostgreSQL, Redis and S3 store', () => {
  beforeAll(async () => {
    outDir = buildBundle('two');
    s3 = await startS3Server();
    const maintenance = new pg.Client({ connectionString: databaseUrl });
    await maintenance.connect();
    await maintenance.query(`create database "${databaseName}"`);
    await maintenance.end();
    const target = new URL(databaseUrl!);
    target.pathname = `/${databaseName}`;
    // Both at once, on an empty database: each would migrate and make the first admin.
    [one, two] = await Promise.all([
      start('one', target.toString()),
      start('two', target.toString()),
    ]);
    await Promise.all([untilReady(one), untilReady(two)]);
    database = openDatabase({ url: target.toString(), poolSize: 3 });
    admin = await createUser(asServer(one), { role: 'admin' });
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await Promise.all([stopBuilt(one), stopBuilt(two)]);
    await database?.close();
    await s3?.close();
    const maintenance = new pg.Client({ connectionString: databaseUrl });
    await maintenance.connect();
    await maintenance.query(`drop database if exists "${databaseName}" with (force)`);
    await maintenance.end();
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${redisPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    if (outDir) rmSync(outDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('started together on an empty database, they migrated once and made one first admin', async () => {
    const admins = await database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.email, 'first-admin@ishuri.test'));
    expect(admins).toEqual([{ email: 'first-admin@ishuri.test' }]);
    const printed = [one.output(), two.output()].join('\n');
    expect(printed.match(/First start: an admin account was created\./g)).toHaveLength(1);
    for (const target of [one, two]) {
      const ready = await fetch(`${target.baseUrl}/api/ready`);
      expect(await ready.json()).toEqual({
        data: { status: 'ready', checks: { database: 'ok', storage: 'ok', redis: 'ok' } },
      });
    }
  });

  it('a video uploaded through one plays from the other, from the object store', async () => {
    const course = await createCourse(asServer(one), admin, {
      title: 'Two processes',
      courseType: 'free',
    });
    const lecture = await lectureVideo(2);
    const lesson = await createLesson(
      asServer(one),
      admin,
      course.id,
      { title: 'Watch', contentType: 'video' },
      { field: 'videoUrl', name: 'lecture.mp4', type: 'video/mp4', data: lecture },
    );
    const uploaded = lesson.videoUrl!;
    expect(uploaded).toMatch(/^\/uploads\/videos\/.+\.mp4$/);
    // Nothing of it on either process's disk: it is in the bucket.
    const keys = await s3.keys();
    expect(keys).toContain(`site/uploads/${uploaded.slice('/uploads/'.length)}`);
    expect(readdirSync(dataDir)).not.toContain('uploads');

    const whole = await fetch(two.baseUrl + uploaded);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(lecture)).toBe(true);
    const part = await fetch(two.baseUrl + uploaded, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${lecture.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(lecture.subarray(100, 200))).toBe(true);

    // Its renditions are made by whichever process claims the job, and both serve them.
    const video = await until(async () => {
      const read = await asServer(two).request('GET', `/api/course/single/${course.id}`);
      const found = read.body.data.lessons[0].video;
      return found.status === 'ready' ? found : undefined;
    }, 'the renditions');
    const small = video.renditions.find((made: { quality: string }) => made.quality === '240p');
    for (const target of [one, two]) {
      const file = await fetch(target.baseUrl + small.url);
      expect(file.status).toBe(200);
      expect((await file.arrayBuffer()).byteLength).toBe(small.bytes);
    }
  });

  it('a rate limit counts requests to both', async () => {
    // Contact messages: 5 per e-mail address an hour (config.ts), whichever process takes them.
    const send = (target: Process, n: number) =>
      asServer(target).request('POST', '/api/contact/send', {
        body: {
          FullName: 'Aline Uwase',
          email: contactEmail,
          subject: `Question ${n}`,
          message: 'Hello.',
        },
      });
    const statuses = [];
    for (const [n, target] of [one, two, one, two, one].entries()) {
      statuses.push((await send(target, n)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const sixth = await send(two, 6);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await send(one, 7)).status).toBe(429);
  });

  it("a learner's certificate job runs once, on one of them", async () => {
    const course = await createCourseWithItems(asServer(one), [0], { courseType: 'premium' });
    const learner = await createUser(asServer(one));
    await enrol(asServer(one), learner.id, course.id);
    const done = await asServer(two).request('POST', '/api/progress/complete', {
      token: learner.token,
      body: { courseId: course.id, lessonId: course.items[0] },
    });
    expect(done.status, done.text).toBe(200);
    const issued = await until(async () => {
      const rows = await database.db
        .select()
        .from(certificates)
        .where(and(eq(certificates.userId, learner.id), eq(certificates.courseId, course.id)));
      return rows.length > 0 && rows[0]!.pdfKey ? rows : undefined;
    }, 'the certificate');
    expect(issued).toHaveLength(1);
    const ran = await until(async () => {
      const rows = await database.db.select().from(jobs).where(eq(jobs.type, CERTIFICATE_JOB));
      const mine = rows.filter(
        (row) => (row.payload as { certificateId?: string }).certificateId === issued[0]!.id,
      );
      return mine.length > 0 && mine.every((row) => row.status === 'done') ? mine : undefined;
    }, 'the certificate job');
    expect(ran.map((row) => [row.status, row.attempts])).toEqual([['done', 1]]);
    // One mail, written once to the shared data folder, whichever process sent it.
    const mails = await until(async () => {
      const found = readdirSync(path.join(dataDir, 'mail'))
        .map((name) => readFileSync(path.join(dataDir, 'mail', name), 'utf8'))
        .filter((text) => text.includes(learner.email) && /certificate/i.test(text));
      return found.length > 0 ? found : undefined;
    }, 'the certificate mail');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(mails).toHaveLength(1);
    expect(await s3.keys()).toContain(`site/private/${issued[0]!.pdfKey}`);
  });

  it('a course edited through one is seen at once through the other, cache and all', async () => {
    const course = await createCourse(asServer(one), admin, {
      title: 'Before',
      courseType: 'free',
    });
    const title = async () =>
      (await asServer(two).request('GET', `/api/course/single/${course.id}`)).body.data.title;
    expect(await title()).toBe('Before');
    expect(await title()).toBe('Before');
    const edited = await asServer(one).request('PUT', `/api/course/update/${course.id}`, {
      token: admin.token,
      form: formOf({ title: 'After' }),
    });
    expect(edited.status, edited.text).toBe(200);
    expect(
      await until(
        async () => ((await title()) === 'After' ? 'After' : undefined),
        'the edit',
        2000,
      ),
    ).toBe('After');
  });
});
