import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseItems, jobs, videos } from '../../db/schema';
import { SETUP_TIMEOUT, createCourse, createLesson } from '../../test/content';
import { createUser } from '../../test/factories';
import type { TestUser } from '../../test/factories';
import { formOf, lectureVideo } from '../../test/media';
import { startTestServer, uploadedPath } from '../../test/server';
import type { TestServer } from '../../test/server';
import { uuidv7 } from '../../lib/ids';
import { RENDITIONS_JOB } from './renditions';
import { SWEEP_BATCH, dropOriginal, sweepOriginals } from './video-originals';
import { requestMissingRenditions } from './video-upkeep';

// The uploaded file of a lesson video is kept only when configured (KEEP_ORIGINAL_VIDEOS):
// by default it is deleted once every rendition is made, and everything still plays.
const run = promisify(execFile);
/** Tests that transcode: ffmpeg runs at a low priority, and a busy machine starves it. */
const SLOW = 240_000;

let server: TestServer;
let admin: TestUser;
let freeId: string;
let premiumId: string;
/** A 2-second 640×360 lecture with sound. */
let lecture: Buffer;

const keyOf = (url: string) => url.replace(/^\/uploads\//, '').replace(/\?.*$/, '');
const onDisk = (s: TestServer, url: string) =>
  existsSync(path.join(s.ctx.config.dataDir, 'uploads', keyOf(url)));
const videoRow = async (s: TestServer, sourceUrl: string) =>
  (await s.ctx.database.db.select().from(videos).where(eq(videos.sourceUrl, sourceUrl)))[0];

const lectureFile = () => ({
  field: 'videoUrl',
  name: 'lecture.mp4',
  type: 'video/mp4',
  data: lecture,
});

/** The course's item as an admin reads it (GET /api/course/single). */
async function readLesson(s: TestServer, token: string, courseId: string, id: string) {
  const read = await s.request('GET', `/api/course/single/${courseId}`, { token });
  expect(read.status).toBe(200);
  return read.body.data.lessons.find((item: { id: string }) => item.id === id);
}

/** An MP4 with sound only: accepted as an MP4 upload, but no picture to make renditions of. */
async function soundOnlyMp4(): Promise<Buffer> {
  const ffmpeg = ((await import('@ffmpeg-installer/ffmpeg')) as { default: { path: string } })
    .default.path;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ishuri-sound-'));
  const out = path.join(dir, 'sound.mp4');
  try {
    await run(ffmpeg, [
      ...['-y', '-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2'],
      ...['-c:a', 'aac', out],
    ]);
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Waits until the video's row has this status, running due jobs (a busy machine is slow). */
async function until(s: TestServer, sourceUrl: string, status: string) {
  await expect
    .poll(
      async () => {
        await s.ctx.jobs.kick();
        return (await videoRow(s, sourceUrl))?.status;
      },
      { timeout: 180_000, interval: 100 },
    )
    .toBe(status);
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await createUser(server, { role: 'admin' });
  freeId = (await createCourse(server, admin, { courseType: 'free' })).id;
  premiumId = (await createCourse(server, admin, { courseType: 'premium' })).id;
  lecture = await lectureVideo(2);
}, SETUP_TIMEOUT);

afterAll(async () => {
  await server?.close();
});

/**
 * The video upkeep runs once a period across processes (a scheduled job): a start within the
 * period of an earlier run does not run it again. Forgetting the period's job is as if the next
 * period had come.
 */
async function nextUpkeepPeriod() {
  await server.ctx.database.db.delete(jobs).where(like(jobs.dedupeKey, 'every:video-upkeep:%'));
}

describe('with KEEP_ORIGINAL_VIDEOS off (the default)', () => {
  let lessonId: string;
  let sourceUrl: string;

  it(
    'the upload is deleted once made small; the lesson plays its rendition, ranges included',
    async () => {
      expect(server.ctx.config.keepOriginalVideos).toBe(false);
      const created = await createLesson(server, admin, freeId, {}, lectureFile());
      lessonId = created.id;
      sourceUrl = created.videoUrl!;
      expect(sourceUrl).toMatch(/^\/uploads\/videos\/[0-9a-f-]{36}\.mp4$/);
      await until(server, sourceUrl, 'ready');
      expect(onDisk(server, sourceUrl)).toBe(false);
      // The row keeps the upload's URL and names its lesson, and the lesson keeps the URL.
      const [stored] = await server.ctx.database.db
        .select({ videoUrl: courseItems.videoUrl })
        .from(courseItems)
        .where(eq(courseItems.id, lessonId));
      expect(stored!.videoUrl).toBe(sourceUrl);
      expect((await videoRow(server, sourceUrl))!.itemId).toBe(lessonId);

      const lesson = await readLesson(server, admin.token, freeId, lessonId);
      expect(lesson.videoUrl).toBe(sourceUrl.replace(/\.mp4$/, '/240p.mp4'));
      expect(lesson.video.status).toBe('ready');
      const whole = await fetch(server.baseUrl + lesson.videoUrl);
      expect(whole.status).toBe(200);
      expect(whole.headers.get('content-type')).toBe('video/mp4');
      const bytes = Buffer.from(await whole.arrayBuffer());
      expect(bytes.length).toBe(lesson.video.renditions[0].bytes);
      const part = await fetch(server.baseUrl + lesson.videoUrl, {
        headers: { range: 'bytes=100-199' },
      });
      expect(part.status).toBe(206);
      expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);
      // The upload's own address answers nothing now.
      expect((await fetch(server.baseUrl + sourceUrl)).status).toBe(404);

      // An edit that keeps the video answers the rendition too, not the gone upload.
      const edited = await server.request('PUT', `/api/lesson/update/${lessonId}`, {
        token: admin.token,
        form: formOf({ title: 'Renamed' }),
      });
      expect(edited.status, edited.text).toBe(200);
      expect(edited.body.data.videoUrl).toBe(lesson.videoUrl);
      expect(edited.body.data.video.status).toBe('ready');
    },
    SLOW,
  );

  it(
    'a premium lesson plays its signed rendition, ranges included, without its upload',
    async () => {
      const created = await createLesson(server, admin, premiumId, {}, lectureFile());
      // Answered signed; stored (and keyed) without the signature.
      const url = created.videoUrl!.replace(/\?.*$/, '');
      await until(server, url, 'ready');
      expect(onDisk(server, url)).toBe(false);
      const lesson = await readLesson(server, admin.token, premiumId, created.id);
      expect(lesson.videoUrl).toMatch(/^\/uploads\/videos\/[0-9a-f-]{36}\/240p\.mp4\?exp=\d+&sig=/);
      expect((await fetch(server.baseUrl + lesson.videoUrl)).status).toBe(200);
      const part = await fetch(server.baseUrl + lesson.videoUrl, {
        headers: { range: 'bytes=0-99' },
      });
      expect(part.status).toBe(206);
      expect(part.headers.get('cache-control')).toMatch(/^private/);
      // Without a signature, still refused (the rule is read from the lesson's row).
      const bare = `/uploads/${keyOf(lesson.videoUrl)}`;
      expect((await fetch(server.baseUrl + bare)).status).toBe(403);
    },
    SLOW,
  );

  it('a crash after "ready" but before the deletion: the job taken up again deletes it', async () => {
    const row = await videoRow(server, sourceUrl);
    const made = row!.renditions.map((rendition) => rendition.key);
    const mtimes = await Promise.all(
      made.map(async (key) => (await stat(uploadedPath(server, key))).mtimeMs),
    );
    // What a process that died between the two leaves: the row ready, the upload still there,
    // and its job running under a lease that ran out.
    await server.ctx.files.put(keyOf(sourceUrl), lecture);
    await server.ctx.database.db
      .update(jobs)
      .set({ status: 'running', lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(jobs.dedupeKey, `renditions:${sourceUrl}`));
    await server.ctx.jobs.kick();
    expect(onDisk(server, sourceUrl)).toBe(false);
    const [job] = await server.ctx.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `renditions:${sourceUrl}`));
    expect(job?.status).toBe('done');
    // Nothing was made again.
    expect((await videoRow(server, sourceUrl))?.renditions).toEqual(row!.renditions);
    for (const [i, key] of made.entries()) {
      expect((await stat(uploadedPath(server, key))).mtimeMs).toBe(mtimes[i]);
    }
  });

  it(
    '… or the sweep at the next start does',
    async () => {
      await server.ctx.files.put(keyOf(sourceUrl), lecture);
      // A process kept uploads until now: it leaves the file.
      const keeping = await startTestServer(
        { dataDir: server.ctx.config.dataDir, keepOriginalVideos: true },
        { sameDatabaseAs: server },
      );
      try {
        expect(await sweepOriginals(keeping.ctx)).toBe(0);
        expect(await dropOriginal(keeping.ctx, sourceUrl)).toBe(false);
        expect(onDisk(server, sourceUrl)).toBe(true);
      } finally {
        await keeping.close();
      }
      // A process starting with the default deletes it, in the background, at the upkeep's next
      // period (a scheduled job, once across processes: this hour's already ran).
      await nextUpkeepPeriod();
      const next = await startTestServer(
        { dataDir: server.ctx.config.dataDir },
        { sameDatabaseAs: server },
      );
      try {
        await expect.poll(() => onDisk(server, sourceUrl), { timeout: 20_000 }).toBe(false);
      } finally {
        await next.close();
      }
      expect((await videoRow(server, sourceUrl))?.status).toBe('ready');
    },
    SLOW,
  );

  it('never deletes an upload whose renditions are not all recorded', async () => {
    const url = `/uploads/videos/${uuidv7()}.mp4`;
    await server.ctx.files.put(keyOf(url), lecture);
    const db = server.ctx.database.db;
    const small = { quality: '240p', width: 426, height: 240, bytes: 1, key: 'videos/x/240p.mp4' };
    const sound = { quality: 'audio', width: 0, height: 0, bytes: 1, key: 'videos/x/audio.m4a' };
    // Still being made, one rendition recorded.
    await db
      .insert(videos)
      .values({ id: uuidv7(), sourceUrl: url, status: 'processing', renditions: [small] });
    expect(await sweepOriginals(server.ctx)).toBe(0);
    expect(await dropOriginal(server.ctx, url)).toBe(false);
    expect(onDisk(server, url)).toBe(true);
    // Failed: the upload is all there is.
    await db.update(videos).set({ status: 'failed' }).where(eq(videos.sourceUrl, url));
    expect(await sweepOriginals(server.ctx)).toBe(0);
    expect(onDisk(server, url)).toBe(true);
    // "Ready" with no video rendition to play instead.
    await db
      .update(videos)
      .set({ status: 'ready', renditions: [sound] })
      .where(eq(videos.sourceUrl, url));
    expect(await sweepOriginals(server.ctx)).toBe(0);
    expect(onDisk(server, url)).toBe(true);
    // Every rendition recorded: now it goes.
    await db
      .update(videos)
      .set({ renditions: [small, sound] })
      .where(eq(videos.sourceUrl, url));
    expect(await sweepOriginals(server.ctx)).toBe(1);
    expect(onDisk(server, url)).toBe(false);
    await db.delete(videos).where(eq(videos.sourceUrl, url));
  });

  it(
    'a video that cannot be processed keeps its upload, and says so',
    async () => {
      const created = await createLesson(
        server,
        admin,
        freeId,
        {},
        { field: 'videoUrl', name: 'sound.mp4', type: 'video/mp4', data: await soundOnlyMp4() },
      );
      const url = created.videoUrl!;
      await until(server, url, 'failed');
      expect(onDisk(server, url)).toBe(true);
      const lesson = await readLesson(server, admin.token, freeId, created.id);
      expect(lesson.video).toMatchObject({ status: 'failed', renditions: [] });
      expect(lesson.videoUrl).toBe(url);
      expect((await fetch(server.baseUrl + url)).status).toBe(200);
      expect(await sweepOriginals(server.ctx)).toBe(0);
      expect(onDisk(server, url)).toBe(true);
    },
    SLOW,
  );

  it(
    'a lesson whose upload is already gone is replaced and deleted, renditions and all',
    async () => {
      const before = await videoRow(server, sourceUrl);
      expect(onDisk(server, sourceUrl)).toBe(false);
      // A new video replaces the old one: the old renditions go (its upload was gone already).
      const replaced = await server.request('PUT', `/api/lesson/update/${lessonId}`, {
        token: admin.token,
        form: formOf({}, lectureFile()),
      });
      expect(replaced.status, replaced.text).toBe(200);
      const second = replaced.body.data.videoUrl as string;
      expect(second).not.toBe(sourceUrl);
      expect(await videoRow(server, sourceUrl)).toBeUndefined();
      for (const made of before!.renditions) {
        expect(existsSync(uploadedPath(server, made.key)), made.key).toBe(false);
      }
      await until(server, second, 'ready');
      expect(onDisk(server, second)).toBe(false);
      const made = (await videoRow(server, second))!.renditions.map((r) => r.key);
      // Deleted with its upload gone: no error, nothing left.
      const removed = await server.request('DELETE', `/api/lesson/delete/${lessonId}`, {
        token: admin.token,
      });
      expect(removed.status, removed.text).toBe(200);
      expect(await videoRow(server, second)).toBeUndefined();
      for (const key of made) expect(existsSync(uploadedPath(server, key)), key).toBe(false);
    },
    SLOW,
  );
});

describe('with KEEP_ORIGINAL_VIDEOS on', () => {
  it(
    'the upload stays beside its renditions, and still plays',
    async () => {
      const keeping = await startTestServer({ keepOriginalVideos: true });
      try {
        const owner = await createUser(keeping, { role: 'admin' });
        const course = await createCourse(keeping, owner, { courseType: 'free' });
        const created = await createLesson(keeping, owner, course.id, {}, lectureFile());
        const url = created.videoUrl!;
        await until(keeping, url, 'ready');
        expect(onDisk(keeping, url)).toBe(true);
        const lesson = await readLesson(keeping, owner.token, course.id, created.id);
        expect(lesson.videoUrl).toBe(url.replace(/\.mp4$/, '/240p.mp4'));
        const original = await fetch(keeping.baseUrl + url);
        expect(original.status).toBe(200);
        expect(Buffer.from(await original.arrayBuffer()).equals(lecture)).toBe(true);
      } finally {
        await keeping.close();
      }
    },
    SLOW,
  );
});

describe('videos stored before renditions existed', () => {
  it(
    'get their renditions asked for at start, and made',
    async () => {
      const db = server.ctx.database.db;
      const lessonUrl = `/uploads/videos/${uuidv7()}.mp4`;
      const subUrl = `/uploads/videos/${uuidv7()}.mp4`;
      await server.ctx.files.put(keyOf(lessonUrl), lecture);
      await server.ctx.files.put(keyOf(subUrl), lecture);
      // Rows as an older version wrote them: no `videos` row, no job.
      const lessonId = uuidv7();
      await db.insert(courseItems).values({
        id: lessonId,
        courseId: freeId,
        title: 'Recorded last year',
        description: '',
        contentType: 'video',
        videoUrl: lessonUrl,
        position: 50,
      });
      await db.insert(courseItems).values({
        id: uuidv7(),
        courseId: freeId,
        parentId: lessonId,
        title: 'Its second part',
        description: '',
        contentType: 'video',
        videoUrl: subUrl,
        position: 1,
      });
      expect(await videoRow(server, lessonUrl)).toBeUndefined();

      await nextUpkeepPeriod();
      const next = await startTestServer(
        { dataDir: server.ctx.config.dataDir },
        { sameDatabaseAs: server },
      );
      try {
        await until(next, lessonUrl, 'ready');
        await until(next, subUrl, 'ready');
      } finally {
        await next.close();
      }
      for (const url of [lessonUrl, subUrl]) {
        const row = await videoRow(server, url);
        expect(row!.renditions.map((made) => made.quality).sort()).toEqual([
          '240p',
          '360p',
          'audio',
        ]);
        for (const made of row!.renditions) {
          expect(existsSync(uploadedPath(server, made.key)), made.key).toBe(true);
        }
        // Made small like any upload: the original went too.
        expect(onDisk(server, url)).toBe(false);
      }
      const lesson = await readLesson(server, admin.token, freeId, lessonId);
      expect(lesson.videoUrl).toBe(lessonUrl.replace(/\.mp4$/, '/240p.mp4'));
      expect(lesson.subLessons[0].videoUrl).toBe(subUrl.replace(/\.mp4$/, '/240p.mp4'));
    },
    SLOW,
  );

  it(
    'are asked for in batches until none is left, once each',
    async () => {
      const db = server.ctx.database.db;
      const count = SWEEP_BATCH + 30;
      const urls = Array.from({ length: count }, () => `/uploads/videos/${uuidv7()}.webm`);
      await db.insert(courseItems).values(
        urls.map((videoUrl, i) => ({
          id: uuidv7(),
          courseId: premiumId,
          title: `Old ${i}`,
          description: '',
          contentType: 'video' as const,
          videoUrl,
          position: 100 + i,
        })),
      );
      expect(await requestMissingRenditions(server.ctx)).toBe(count);
      const asked = await db
        .select({ dedupeKey: jobs.dedupeKey })
        .from(jobs)
        .where(and(eq(jobs.type, RENDITIONS_JOB), like(jobs.dedupeKey, 'renditions:%.webm')));
      expect(asked.map((job) => job.dedupeKey).sort()).toEqual(
        urls.map((url) => `renditions:${url}`).sort(),
      );
      // Nothing left: a second start asks for nothing more.
      expect(await requestMissingRenditions(server.ctx)).toBe(0);
      // These files never existed: their videos end up failed, not processing for ever.
      await until(server, urls.at(-1)!, 'failed');
    },
    SLOW,
  );
});
