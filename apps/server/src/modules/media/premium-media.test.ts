import { mkdir, readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { videos } from '../../db/schema';
import { isPremiumMedia } from './media-urls';
import { freshDatabase } from '../../test/database';
import {
  createCourse,
  createLesson,
  createSubLesson,
  enrol,
  SETUP_TIMEOUT,
} from '../../test/content';
import { createUser } from '../../test/factories';
import type { TestUser } from '../../test/factories';
import { videoFile } from '../../test/media';
import { startTestServer, testConfig } from '../../test/server';
import type { TestServer } from '../../test/server';

let server: TestServer;
let admin: TestUser;
let enrolled: TestUser;
let learner: TestUser;
let premiumId: string;
let freeId: string;
let freeVideoUrl: string;
/** The stored path of the premium lesson's and sub-lesson's videos (no signature). */
let barePaths: string[];

const clip = async () => ({
  field: 'videoUrl',
  name: 'clip.mp4',
  type: 'video/mp4',
  data: await videoFile('mp4'),
});

/** Every video URL a caller is given for the course, by the two endpoints that give them. */
async function videoUrlsFor(courseId: string, token?: string): Promise<string[]> {
  const single = await server.request('GET', `/api/course/single/${courseId}`, { token });
  const byCourse = await server.request('GET', `/api/lesson/byCourse/${courseId}`, { token });
  expect(single.status).toBe(200);
  expect(byCourse.status).toBe(200);
  const urls: string[] = [];
  for (const lesson of [...single.body.data.lessons, ...byCourse.body.data]) {
    if (lesson.videoUrl) urls.push(lesson.videoUrl);
    for (const sub of lesson.subLessons) if (sub.videoUrl) urls.push(sub.videoUrl);
  }
  return urls;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await createUser(server, { role: 'admin' });
  enrolled = await createUser(server);
  learner = await createUser(server);
  const premium = await createCourse(server, admin, { courseType: 'premium' });
  premiumId = premium.id;
  const lesson = await createLesson(server, admin, premium.id, {}, await clip());
  await createSubLesson(server, admin, lesson.id, {}, await clip());
  await enrol(server, enrolled.id, premium.id);
  const free = await createCourse(server, admin, { courseType: 'free' });
  freeId = free.id;
  const freeLesson = await createLesson(server, admin, free.id, {}, await clip());
  freeVideoUrl = freeLesson.videoUrl!;
  const rows = (await server.ctx.database.db.execute(
    sql`select i.video_url from course_items i where i.course_id = ${premium.id}`,
  )) as unknown as { rows: { video_url: string }[] };
  barePaths = rows.rows.map((row) => row.video_url);
  // The videos' small copies are made: lessons now play their 240p rendition.
  await server.ctx.jobs.kick();
}, SETUP_TIMEOUT);

afterAll(() => server?.close());

describe('premium lesson videos', () => {
  it('are not served by their stored path, to anyone', async () => {
    expect(barePaths).toHaveLength(2);
    for (const bare of barePaths) {
      expect(bare).toMatch(/^\/uploads\/videos\/[0-9a-f-]{36}\.mp4$/);
      const answer = await fetch(server.baseUrl + bare);
      expect(answer.status).toBe(403);
      expect(((await answer.json()) as { code: string }).code).toBe('MEDIA_LINK_INVALID');
      const ranged = await fetch(server.baseUrl + bare, { headers: { range: 'bytes=0-99' } });
      expect(ranged.status).toBe(403);
    }
  });

  it('reach an enrolled learner through signed URLs that play, seek and are never public', async () => {
    const urls = await videoUrlsFor(premiumId, enrolled.token);
    expect(urls).toHaveLength(4); // lesson and sub-lesson, from both endpoints
    for (const url of urls) {
      expect(url).toMatch(/^\/uploads\/videos\/[0-9a-f-]{36}\/240p\.mp4\?exp=\d+&sig=[\w-]+$/);
      const whole = await fetch(server.baseUrl + url);
      expect(whole.status).toBe(200);
      expect(whole.headers.get('content-type')).toBe('video/mp4');
      const cache = whole.headers.get('cache-control') ?? '';
      expect(cache).toMatch(/^private, max-age=\d+$/);
      expect(Number(cache.split('=')[1])).toBeLessThanOrEqual(3600);
      const stored = await readFile(
        path.join(server.dataDir, 'uploads', new URL(url, server.baseUrl).pathname.slice(9)),
      );
      expect(Buffer.from(await whole.arrayBuffer()).equals(stored)).toBe(true);
      const part = await fetch(server.baseUrl + url, { headers: { range: 'bytes=10-109' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toMatch(/^bytes 10-109\/\d+$/);
      expect((await part.arrayBuffer()).byteLength).toBe(100);
      expect(part.headers.get('cache-control')).toMatch(/^private/);
    }
  });

  it("keep their renditions and poster behind signatures too; a free video's are public", async () => {
    await server.ctx.jobs.kick();
    const made = await server.ctx.database.db.select().from(videos);
    const keysOf = (sourceUrl: string) => {
      const row = made.find((video) => video.sourceUrl === sourceUrl);
      expect(row?.status, sourceUrl).toBe('ready');
      return [...row!.renditions.map((rendition) => rendition.key), row!.posterKey!];
    };
    for (const bare of barePaths) {
      for (const key of keysOf(bare)) {
        const answer = await fetch(`${server.baseUrl}/uploads/${key}`);
        expect(answer.status, key).toBe(403);
        const signed = await fetch(server.baseUrl + server.ctx.media.sign(`/uploads/${key}`));
        expect(signed.status, key).toBe(200);
        expect(signed.headers.get('cache-control')).toMatch(/^private/);
      }
    }
    for (const key of keysOf(freeVideoUrl)) {
      const answer = await fetch(`${server.baseUrl}/uploads/${key}`);
      expect(answer.status, key).toBe(200);
    }
  });

  it("count a demo clip's renditions as premium too (its name is a digest, not a uuid)", async () => {
    const name = `demo-${'ab12'.repeat(8)}`;
    const [lesson] = (
      (await server.ctx.database.db.execute(
        sql`select id from course_items where course_id = ${premiumId} and parent_id is null
          order by position limit 1`,
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    await server.ctx.database.db.execute(
      sql`update course_items set video_url = ${`/uploads/videos/${name}.webm`} where id = ${lesson!.id}`,
    );
    const db = server.ctx.database.db;
    expect(await isPremiumMedia(db, `/uploads/videos/${name}/240p.mp4`)).toBe(true);
    expect(await isPremiumMedia(db, `/uploads/videos/${name}/poster.webp`)).toBe(true);
    expect(await isPremiumMedia(db, `/uploads/videos/demo-${'cd34'.repeat(8)}/240p.mp4`)).toBe(
      false,
    );
    await server.ctx.database.db.execute(
      sql`update course_items set video_url = ${barePaths[0]} where id = ${lesson!.id}`,
    );
  });

  it('are never given to a visitor or a learner who is not enrolled', async () => {
    expect(await videoUrlsFor(premiumId)).toEqual([]);
    expect(await videoUrlsFor(premiumId, learner.token)).toEqual([]);
  });

  it('refuse a tampered, borrowed or expired signature', async () => {
    const [url] = await videoUrlsFor(premiumId, enrolled.token);
    const parsed = new URL(url!, server.baseUrl);
    const sig = parsed.searchParams.get('sig')!;
    const exp = Number(parsed.searchParams.get('exp'));
    const other = barePaths.find((bare) => bare !== parsed.pathname)!;
    const tries = [
      `${parsed.pathname}?exp=${exp}&sig=${sig.slice(0, -2)}xx`, // tampered
      `${parsed.pathname}?exp=${exp + 3600}&sig=${sig}`, // a longer life it was not given
      `${other}?exp=${exp}&sig=${sig}`, // another file's signature
      `${parsed.pathname}?exp=${exp}`, // no signature
      `${parsed.pathname}?exp=abc&sig=${sig}`,
    ];
    for (const attempt of tries) {
      expect((await fetch(server.baseUrl + attempt)).status, attempt).toBe(403);
    }
    // A signature made two days ago, with its expiry long past.
    const stale = server.ctx.media.sign(parsed.pathname, Date.now() - 2 * 24 * 60 * 60 * 1000);
    const answer = await fetch(server.baseUrl + stale);
    expect(answer.status).toBe(403);
    expect(((await answer.json()) as { error: string }).error).toBe(
      'This video link has expired. Please open the lesson again to watch it.',
    );
  });
});

describe('free lesson videos', () => {
  it('stay public and cacheable for a year, ranges included', async () => {
    expect(freeVideoUrl).toMatch(/^\/uploads\/videos\/[0-9a-f-]{36}\.mp4$/);
    // Made small (above): the lesson plays its rendition, the upload itself is gone.
    const [played] = await videoUrlsFor(freeId);
    expect(played).toBe(freeVideoUrl.replace(/\.mp4$/, '/240p.mp4'));
    expect((await fetch(server.baseUrl + freeVideoUrl)).status).toBe(404);
    const answer = await fetch(server.baseUrl + played);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const part = await fetch(server.baseUrl + played, { headers: { range: 'bytes=0-9' } });
    expect(part.status).toBe(206);
  });
});

describe('a crash during an upload', () => {
  it('leaves no temporary file once the next start has run its clean-up; files and live uploads stay', async () => {
    const dataDir = server.dataDir;
    const videos = path.join(dataDir, 'uploads', 'videos');
    const images = path.join(dataDir, 'private', 'certificates');
    await mkdir(images, { recursive: true });
    const cutOff = path.join(videos, '.0190d0a1-0000-7000-8000-000000000001.part');
    const cutOffPrivate = path.join(images, '.0190d0a1-0000-7000-8000-000000000002.part');
    const live = path.join(videos, '.0190d0a1-0000-7000-8000-000000000003.part');
    const kept = path.join(videos, 'kept.mp4');
    for (const file of [cutOff, cutOffPrivate, live, kept]) await writeFile(file, 'bytes');
    const anHourAgo = new Date(Date.now() - 60 * 60 * 1000);
    for (const file of [cutOff, cutOffPrivate, kept]) await utimes(file, anHourAgo, anHourAgo);

    // A second process starts on the same data folder; its queue runs the clean-up of this
    // period (a scheduled job, issue 31 point 5) on its first turn.
    const { database, drop } = await freshDatabase();
    const app = await buildApp(testConfig(dataDir), { database, pollJobs: true });
    await app.ready();
    try {
      const exists = async (file: string) => (await stat(file).catch(() => null)) !== null;
      // The job cleans the public files, then the private ones: wait for the last of them.
      for (let i = 0; i < 200 && ((await exists(cutOff)) || (await exists(cutOffPrivate))); i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await exists(cutOff)).toBe(false);
      expect(await exists(cutOffPrivate)).toBe(false);
      expect(await exists(live)).toBe(true); // written to a moment ago: an upload in progress
      expect(await exists(kept)).toBe(true);
    } finally {
      await app.close();
      await drop();
    }
  });

  it('never takes a stalled upload of this process for a leftover', async () => {
    const videos = path.join(server.dataDir, 'uploads', 'videos');
    const before = new Set(await readdir(videos));
    const body = new PassThrough();
    const stored = server.ctx.files.put('videos/stalled.mp4', body);
    body.write(Buffer.alloc(1024));
    let temp: string | undefined;
    for (let i = 0; i < 50 && !temp; i++) {
      temp = (await readdir(videos)).find((name) => name.endsWith('.part') && !before.has(name));
      if (!temp) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(temp).toBeDefined();
    // Its client went quiet an hour ago.
    const anHourAgo = new Date(Date.now() - 60 * 60 * 1000);
    await utimes(path.join(videos, temp!), anHourAgo, anHourAgo);
    expect(await server.ctx.files.removeLeftovers(15 * 60 * 1000)).toBe(0);
    body.end(Buffer.alloc(1024));
    expect(await stored).toEqual({ size: 2048 });
  });
});
