import { readFile, stat } from 'node:fs/promises';
import { messages, quizSchema } from '@ishuri/contract';
import { asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogs, courseItems, courses, jobs, videos } from '../db/schema';
import {
  EXPLAINER_KEY,
  EXPLAINER_POSTER_KEY,
  EXPLAINER_URL,
  ensureExplainerVideo,
} from '../modules/media/explainer-video';
import { isUuid } from '../lib/ids';
import { runStartupTasks } from '../startup';
import { createUser } from '../test/factories';
import type { TestUser } from '../test/factories';
import { startTestServer, uploadedPath } from '../test/server';
import type { TestServer } from '../test/server';
import { demoCourses } from './demo-catalogue';
import { seedDemo, videoKey } from './seed-demo';

const EBML = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

let server: TestServer;
let admin: TestUser;
const printed: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ seedDemo: true });
  admin = await createUser(server, { role: 'admin' });
  // A later admin must not become the owner: the first admin owns the catalogue.
  await createUser(server, { role: 'admin' });
  await runStartupTasks(server.ctx, { firstStart: true }, (line) => printed.push(line));
  // Real images and videos are made here: give a busy machine time.
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const keyOf = (url: string) => {
  expect(url).toMatch(/^\/uploads\/[a-z]+\/[a-z0-9-]+\.(webp|webm)$/);
  return url.slice('/uploads/'.length);
};

async function snapshot(s: TestServer) {
  const db = s.ctx.database.db;
  return {
    courses: await db.select().from(courses).orderBy(asc(courses.id)),
    lessons: await db
      .select()
      .from(courseItems)
      .where(isNull(courseItems.parentId))
      .orderBy(asc(courseItems.id)),
    // A sub-lesson's lesson is its parent.
    subLessons: (
      await db
        .select()
        .from(courseItems)
        .where(isNotNull(courseItems.parentId))
        .orderBy(asc(courseItems.id))
    ).map((row) => ({ ...row, lessonId: row.parentId! })),
    blogs: await db.select().from(blogs).orderBy(asc(blogs.id)),
  };
}

describe('the demo catalogue, created at start-up on an empty database', () => {
  it('prints one line and creates free and premium courses owned by the first admin', async () => {
    expect(printed).toHaveLength(1);
    expect(printed[0]).toMatch(/^Demo catalogue created: 3 free and 3 premium courses/);
    const { courses: rows } = await snapshot(server);
    expect(rows.filter((c) => c.courseType === 'free').length).toBeGreaterThanOrEqual(3);
    expect(rows.filter((c) => c.courseType === 'premium').length).toBeGreaterThanOrEqual(3);
    for (const course of rows) {
      expect(isUuid(course.id)).toBe(true);
      expect(course.ownerId).toBe(admin.id);
      expect(course.description.length).toBeGreaterThan(80);
    }
  });

  it('gives every course several lessons in order, with sub-lessons, text and video', async () => {
    const snap = await snapshot(server);
    const items = [...snap.lessons, ...snap.subLessons];
    for (const course of snap.courses) {
      const own = snap.lessons
        .filter((l) => l.courseId === course.id)
        .sort((a, b) => a.position - b.position);
      expect(own.length, course.title).toBeGreaterThanOrEqual(3);
      expect(own.map((l) => l.position)).toEqual(own.map((_l, i) => i));
      // Creation order and position agree.
      const byCreation = [...own].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
      expect(byCreation.map((l) => l.id)).toEqual(own.map((l) => l.id));
      const subs = snap.subLessons.filter((s) => own.some((l) => l.id === s.lessonId));
      expect(subs.length, course.title).toBeGreaterThanOrEqual(3);
      const courseItems = [...own, ...subs];
      expect(courseItems.some((i) => i.contentType === 'text')).toBe(true);
      expect(courseItems.some((i) => i.contentType === 'video')).toBe(true);
    }
    for (const lesson of snap.lessons) {
      const subs = snap.subLessons
        .filter((s) => s.lessonId === lesson.id)
        .sort((a, b) => a.position - b.position);
      expect(subs.map((s) => s.position)).toEqual(subs.map((_s, i) => i));
    }
    for (const item of items) {
      expect(item.title.trim()).not.toBe('');
      if (item.contentType === 'text') {
        expect(item.videoUrl).toBeNull();
        const paragraphs = item.content!.split('\n\n');
        expect(paragraphs.length, item.title).toBeGreaterThanOrEqual(2);
        expect(item.content!.length, item.title).toBeGreaterThan(250);
        expect(item.content!.toLowerCase()).not.toContain('lorem');
      } else if (item.contentType === 'quiz') {
        expect(item.content).toBeNull();
        expect(item.videoUrl).toBeNull();
      } else {
        expect(item.content).toBeNull();
        expect(item.videoUrl).toMatch(/^\/uploads\/videos\/demo-[a-z0-9-]+\.webm$/);
      }
    }
  });

  it('closes every course with a quiz of every kind of question, as its last item', async () => {
    const snap = await snapshot(server);
    for (const course of snap.courses) {
      const own = snap.lessons
        .filter((l) => l.courseId === course.id)
        .sort((a, b) => a.position - b.position);
      const last = own.at(-1)!;
      const closing = snap.subLessons
        .filter((s) => s.lessonId === last.id)
        .sort((a, b) => a.position - b.position)
        .at(-1)!;
      expect(closing.contentType, course.title).toBe('quiz');
      // A quiz the lesson form would accept: the schema's checks (one right answer, …) hold.
      const parsed = quizSchema.safeParse(closing.quiz);
      expect(parsed.success, `${course.title}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      expect(closing.quiz!.questions.length).toBe(3);
      const quizzes = [...own, ...snap.subLessons].filter((item) => item.contentType === 'quiz');
      expect(quizzes.filter((q) => q.id === closing.id)).toHaveLength(1);
    }
    const kinds = new Set(
      snap.subLessons.flatMap((s) => s.quiz?.questions.map((question) => question.kind) ?? []),
    );
    expect([...kinds].sort()).toEqual(['multiple', 'short', 'single', 'trueFalse']);
  });

  it('stores valid WebP covers and small WebM (EBML) clips', async () => {
    const snap = await snapshot(server);
    const images = [...snap.courses, ...snap.blogs].map((row) => row.imageUrl!);
    expect(new Set(images).size).toBe(images.length);
    for (const url of images) {
      const meta = await sharp(uploadedPath(server, keyOf(url))).metadata();
      expect(meta.format, url).toBe('webp');
      expect(meta.width).toBe(800);
      expect(meta.height).toBeGreaterThanOrEqual(400);
    }
    const videos = [...snap.lessons, ...snap.subLessons]
      .filter((i) => i.contentType === 'video')
      .map((i) => i.videoUrl!);
    expect(videos.length).toBeGreaterThanOrEqual(6);
    expect(new Set(videos).size).toBe(videos.length);
    for (const url of videos) {
      const bytes = await readFile(uploadedPath(server, keyOf(url)));
      expect(bytes.subarray(0, 4).equals(EBML), url).toBe(true);
      expect(bytes.subarray(0, 64).toString('latin1')).toContain('webm');
      expect(bytes.length).toBeGreaterThan(10_000);
      expect(bytes.length).toBeLessThan(400_000);
    }
  });

  it('names the clips so that no one can guess them: premium ones answer only signed links', async () => {
    const snap = await snapshot(server);
    const premium = new Set(
      snap.courses.filter((c) => c.courseType === 'premium').map((c) => c.id),
    );
    const premiumLessons = new Set(
      snap.lessons.filter((l) => premium.has(l.courseId)).map((l) => l.id),
    );
    const premiumVideos = [
      ...snap.lessons.filter((l) => premiumLessons.has(l.id)),
      ...snap.subLessons.filter((s) => premiumLessons.has(s.lessonId)),
    ]
      .filter((item) => item.contentType === 'video')
      .map((item) => item.videoUrl!);
    expect(premiumVideos.length).toBeGreaterThanOrEqual(1);
    for (const url of premiumVideos) {
      // 128 bits from the server's secret; no course or lesson name in it.
      expect(url).toMatch(/^\/uploads\/videos\/demo-[0-9a-f]{32}\.webm$/);
      const answer = await fetch(server.baseUrl + url);
      expect(answer.status).toBe(403);
    }
    // Another install (another secret) names the same clip otherwise.
    const [course] = demoCourses;
    const item = course!.lessons.flatMap((l) => [l, ...l.subLessons]).find((i) => i.video)!;
    expect(videoKey('a'.repeat(32), course!, item)).not.toBe(
      videoKey('b'.repeat(32), course!, item),
    );
  });

  it('adds three blog posts with images and plain-text paragraphs', async () => {
    const { blogs: rows } = await snapshot(server);
    expect(rows).toHaveLength(3);
    for (const blog of rows) {
      expect(blog.authorId).toBe(admin.id);
      expect(blog.imageUrl).toMatch(/^\/uploads\/images\/demo-blog-[a-z0-9-]+\.webp$/);
      expect(blog.content.split('\n\n').length).toBeGreaterThanOrEqual(3);
      expect(blog.content).not.toMatch(/<[a-z]/i);
    }
  });

  it('makes the landing page explainer at media/explainer.webm, once', async () => {
    expect(EXPLAINER_URL).toBe('/uploads/media/explainer.webm');
    const file = uploadedPath(server, EXPLAINER_KEY);
    const bytes = await readFile(file);
    expect(bytes.subarray(0, 4).equals(EBML)).toBe(true);
    expect(bytes.length).toBeGreaterThan(50_000);
    expect(bytes.length).toBeLessThan(1_000_000);
    const before = (await stat(file)).mtimeMs;
    expect(await ensureExplainerVideo(server.ctx)).toBe('exists');
    expect((await stat(file)).mtimeMs).toBe(before);
  });

  it('makes a small poster of the explainer, for the page that waits for play', async () => {
    const poster = await readFile(uploadedPath(server, EXPLAINER_POSTER_KEY));
    expect(poster.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(poster.subarray(8, 12).toString('latin1')).toBe('WEBP');
    const { width, height } = await sharp(poster).metadata();
    expect([width, height]).toEqual([640, 360]);
    expect(poster.length).toBeLessThan(60_000);
    const served = await fetch(`${server.baseUrl}/uploads/${EXPLAINER_POSTER_KEY}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
  });

  it('lets a learner enrol in a demo course through the API', async () => {
    const learner = await createUser(server);
    const [premium] = await server.ctx.database.db
      .select()
      .from(courses)
      .where(eq(courses.courseType, 'premium'))
      .limit(1);
    // A premium course needs a Premium pass (decisions.md §9): refused without, taken with one.
    const refused = await server.request('POST', `/api/enroll/create/${premium!.id}`, {
      token: learner.token,
    });
    expect(refused.status).toBe(402);
    expect(refused.body.code).toBe('PREMIUM_REQUIRED');
    const admin = await createUser(server, { role: 'admin' });
    const granted = await server.request('POST', '/api/admin/premium/grant', {
      token: admin.token,
      body: { action: 'grant', userId: learner.id, days: 30, reason: 'Demo' },
    });
    expect(granted.status, granted.text).toBe(200);
    const enrolled = await server.request('POST', `/api/enroll/create/${premium!.id}`, {
      token: learner.token,
    });
    expect(enrolled.status).toBe(201);
    expect(enrolled.body.message).toBe(messages.enrolled);
    const mine = await server.request('GET', '/api/enroll/byUser', { token: learner.token });
    expect(mine.status).toBe(200);
    expect(mine.body.data[0].courseId).toBe(premium!.id);
  });
});

describe('seeding again', () => {
  it('has every demo clip made small too, like an upload', async () => {
    await server.ctx.jobs.kick();
    const items = [...(await server.ctx.database.db.select().from(courseItems))].filter(
      (item) => item.videoUrl,
    );
    expect(items.length).toBeGreaterThan(0);
    const made = await server.ctx.database.db.select().from(videos);
    for (const item of items) {
      const row = made.find((video) => video.sourceUrl === item.videoUrl);
      expect(row?.status, item.title).toBe('ready');
      // The clips are 426×240 with sound: a 240p copy and audio only.
      expect(row!.renditions.map((rendition) => rendition.quality).sort()).toEqual([
        '240p',
        'audio',
      ]);
    }
  });

  it('makes no clip again, nor asks for its renditions again, once its file is gone', async () => {
    const db = server.ctx.database.db;
    const clips = demoCourses.flatMap((course) =>
      course.lessons
        .flatMap((lesson) => [lesson, ...lesson.subLessons])
        .filter((item) => item.video)
        .map((item) => videoKey(server.ctx.config.jwtSecret, course, item)),
    );
    expect(clips.length).toBeGreaterThan(0);
    // Made small (above), their uploads went (KEEP_ORIGINAL_VIDEOS is off).
    for (const key of clips) expect(await server.ctx.files.stat(key), key).toBeNull();
    const jobIds = async () =>
      (await db.select({ id: jobs.id }).from(jobs)).map((j) => j.id).sort();
    const jobsBefore = await jobIds();
    await seedDemo(server.ctx);
    await runStartupTasks(server.ctx, { firstStart: true }, () => undefined);
    for (const key of clips) expect(await server.ctx.files.stat(key), key).toBeNull();
    expect(await jobIds()).toEqual(jobsBefore);
  });

  it('adds nothing and rewrites no file, whether by seedDemo or at the next start', async () => {
    const before = await snapshot(server);
    const firstCover = uploadedPath(server, keyOf(before.courses[0]!.imageUrl!));
    const mtime = (await stat(firstCover)).mtimeMs;

    const again = await seedDemo(server.ctx);
    expect(again).toMatchObject({ courses: 0, lessons: 0, subLessons: 0, blogs: 0 });
    const lines: string[] = [];
    await runStartupTasks(server.ctx, { firstStart: true }, (line) => lines.push(line));
    expect(lines).toEqual([]);

    const after = await snapshot(server);
    expect(after).toEqual(before);
    expect((await stat(firstCover)).mtimeMs).toBe(mtime);
  });

  it('restores a demo file that went missing, without touching the rows', async () => {
    const before = await snapshot(server);
    const key = keyOf(before.blogs[0]!.imageUrl!);
    await server.ctx.files.delete(key);
    expect(await server.ctx.files.stat(key)).toBeNull();
    await seedDemo(server.ctx);
    expect((await sharp(uploadedPath(server, key)).metadata()).format).toBe('webp');
    expect(await snapshot(server)).toEqual(before);
  });
});

describe('with SEED_DEMO off, and without a working ffmpeg', () => {
  let other: TestServer;
  const broken = '/nonexistent/ffmpeg';
  beforeAll(async () => {
    other = await startTestServer({ seedDemo: false });
  }, 120_000);
  afterAll(async () => {
    await other?.close();
  });

  it('creates no catalogue at start, but still makes the explainer', async () => {
    const lines: string[] = [];
    await runStartupTasks(other.ctx, { firstStart: true }, (line) => lines.push(line));
    expect(lines).toEqual([]);
    expect((await snapshot(other)).courses).toHaveLength(0);
    expect(await other.ctx.files.stat(EXPLAINER_KEY)).not.toBeNull();
  });

  it('leaves no explainer file when ffmpeg cannot run', async () => {
    await other.ctx.files.delete(EXPLAINER_KEY);
    expect(await ensureExplainerVideo(other.ctx, broken)).toBe('unavailable');
    expect(await other.ctx.files.stat(EXPLAINER_KEY)).toBeNull();
  });

  it('makes the video items text lessons, and seeds everything else', async () => {
    const result = await seedDemo(other.ctx, { ffmpeg: broken });
    expect(result.videosAvailable).toBe(false);
    expect(result.videoItems).toBe(0);
    expect(result.freeCourses).toBeGreaterThanOrEqual(3);
    expect(result.premiumCourses).toBeGreaterThanOrEqual(3);
    expect(result.blogs).toBe(3);
    const snap = await snapshot(other);
    const items = [...snap.lessons, ...snap.subLessons];
    // Every item that would be a video is text; the quizzes stay quizzes.
    const others = items.filter((i) => i.contentType !== 'quiz');
    expect(others.every((i) => i.contentType === 'text' && i.content && !i.videoUrl)).toBe(true);
    expect(items.length - others.length).toBe(result.quizItems);
    expect(result.quizItems).toBe(snap.courses.length);
    // No admin yet: the rows are created without an owner.
    expect(snap.courses.every((c) => c.ownerId === null)).toBe(true);
    // The same catalogue keys give the same ids on every database.
    const ids = snap.courses.map((c) => c.id);
    const same = await server.ctx.database.db
      .select({ id: courses.id })
      .from(courses)
      .where(inArray(courses.id, ids));
    expect(same).toHaveLength(ids.length);
  }, 60_000);
});

describe('a later start with no courses', () => {
  let later: TestServer;
  beforeAll(async () => {
    later = await startTestServer({ seedDemo: true });
  }, 120_000);
  afterAll(async () => {
    await later?.close();
  });

  it('does not bring the demo back once the first start is over', async () => {
    const lines: string[] = [];
    await runStartupTasks(later.ctx, { firstStart: false }, (line) => lines.push(line));
    expect(lines).toEqual([]);
    expect((await snapshot(later)).courses).toHaveLength(0);
  });
});
