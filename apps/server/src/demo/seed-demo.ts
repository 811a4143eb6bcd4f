import { createHash, createHmac } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { blogs, courseItems, courses, users } from '../db/schema';
import type { AppContext } from '../context';
import { findFfmpeg } from '../modules/media/ffmpeg';
import { requestRenditions, videosOf } from '../modules/media/renditions';
import { encodeClip, renderCover } from '../modules/media/media-generator';
import type { Storage } from '../lib/storage';
import { demoBlogs, demoCourses, demoQuizzes } from './demo-catalogue';
import type { DemoCourse, DemoItem } from './demo-catalogue';

/** All demo ids carry this instant: they sort before anything created on the platform. */
const DEMO_EPOCH_MS = Date.UTC(2025, 0, 6, 8, 0, 0);

/**
 * A fixed UUID (version 7 layout) for a demo row, made from its catalogue key: the same key
 * always gives the same id, so a second seeding finds the rows of the first.
 */
export function demoId(name: string): string {
  const bytes = createHash('sha256').update(`ishuri-demo:${name}`).digest().subarray(0, 16);
  const ms = BigInt(DEMO_EPOCH_MS);
  for (let i = 0; i < 6; i++) bytes[i] = Number((ms >> BigInt(8 * (5 - i))) & 0xffn);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const publicUrl = (key: string) => `/uploads/${key}`;
export const courseImageKey = (course: DemoCourse) => `images/demo-course-${course.key}.webp`;
export const blogImageKey = (key: string) => `images/demo-blog-${key}.webp`;
/**
 * A demo clip's file name: stable for one install (a second seed finds its files) but not
 * guessable without the server's secret, like every uploaded file's random name: premium clips
 * must not be reachable by name (decisions.md §5).
 */
export const videoKey = (secret: string, course: DemoCourse, item: DemoItem) =>
  `videos/demo-${createHmac('sha256', secret).update(`demo clip:${course.key}:${item.key}`).digest('hex').slice(0, 32)}.webm`;

const CLIP_SECONDS = 4;
const CLIP_SIZE = { width: 426, height: 240, fps: 12 };

export interface SeedResult {
  /** Rows this call inserted (0 everywhere when the catalogue was already there). */
  courses: number;
  freeCourses: number;
  premiumCourses: number;
  lessons: number;
  subLessons: number;
  blogs: number;
  videoItems: number;
  /** Each course's closing quiz (the last item of its last lesson). */
  quizItems: number;
  textItems: number;
  /** False when ffmpeg was missing or failed: the video items were made text lessons. */
  videosAvailable: boolean;
}

export interface SeedOptions {
  /** The ffmpeg binary to use; by default the one of @ffmpeg-installer/ffmpeg. */
  ffmpeg?: string | null;
}

/** Writes a generated file unless it is already in storage. */
async function ensureFile(storage: Storage, key: string, make: () => Promise<Buffer>) {
  if (await storage.stat(key)) return;
  await storage.put(key, await make());
}

/** Runs tasks two at a time: quick on two cores, without starving the rest of the machine. */
async function inPairs<T>(items: T[], task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all([worker(), worker()]);
}

/** Covers and clips, generated once; answers the video keys that exist in storage. */
async function ensureMedia(
  ctx: AppContext,
  options: SeedOptions,
): Promise<{ videos: Set<string>; available: boolean }> {
  const covers: { key: string; make: () => Promise<Buffer> }[] = [
    ...demoCourses.map((course) => ({
      key: courseImageKey(course),
      make: () =>
        renderCover(
          {
            label: course.courseType === 'free' ? 'FREE COURSE' : 'PREMIUM COURSE',
            title: course.title,
            subtitle: `Ishuri · Kigali · ${course.lessons.length} lessons`,
          },
          course.palette,
        ),
    })),
    ...demoBlogs.map((blog) => ({
      key: blogImageKey(blog.key),
      make: () =>
        renderCover({ label: 'ISHURI BLOG', title: blog.title }, blog.palette, {
          width: 800,
          height: 420,
        }),
    })),
  ];
  await inPairs(covers, ({ key, make }) => ensureFile(ctx.files, key, make));

  const wanted = demoCourses.flatMap((course) =>
    course.lessons
      .flatMap((lesson) => [lesson, ...lesson.subLessons])
      .filter((item) => item.video)
      .map((item) => ({ course, item, key: videoKey(ctx.config.jwtSecret, course, item) })),
  );
  const tones = [330, 392, 440, 494];
  const videos = new Set<string>();
  const missing: typeof wanted = [];
  // A clip made small has no file of its own any more (unless KEEP_ORIGINAL_VIDEOS): its
  // renditions are what plays, so it is there and never made (nor asked to be made) again.
  const made = await videosOf(
    ctx.database.db,
    wanted.map((entry) => publicUrl(entry.key)),
  );
  for (const entry of wanted) {
    if (made.get(publicUrl(entry.key))?.status === 'ready' || (await ctx.files.stat(entry.key))) {
      videos.add(entry.key);
    } else missing.push(entry);
  }
  if (missing.length === 0) return { videos, available: true };

  const ffmpeg = options.ffmpeg === undefined ? await findFfmpeg() : options.ffmpeg;
  if (!ffmpeg) {
    ctx.log.warn('ffmpeg is not available: the demo video lessons are made text lessons');
    return { videos, available: false };
  }
  let failure: unknown = null;
  await inPairs(missing, async ({ course, item, key }) => {
    const toneHz = tones[wanted.findIndex((entry) => entry.key === key) % tones.length];
    if (failure) return;
    try {
      const clip = await encodeClip({
        ffmpeg,
        cards: [{ label: 'LESSON VIDEO', title: item.title, subtitle: course.title }],
        palette: course.palette,
        secondsPerCard: CLIP_SECONDS,
        ...CLIP_SIZE,
        toneHz,
      });
      await ctx.files.put(key, clip);
      videos.add(key);
    } catch (error) {
      failure = error;
    }
  });
  if (failure) {
    ctx.log.warn(
      { err: failure },
      'ffmpeg could not make the demo videos: the remaining video lessons are made text lessons',
    );
  }
  return { videos, available: failure === null };
}

function itemRow(secret: string, course: DemoCourse, item: DemoItem, videos: Set<string>) {
  const key = videoKey(secret, course, item);
  if (item.video && videos.has(key)) {
    return { contentType: 'video' as const, content: null, videoUrl: publicUrl(key) };
  }
  return { contentType: 'text' as const, content: item.paragraphs.join('\n\n'), videoUrl: null };
}

/**
 * The demo catalogue (demoCourses, demoBlogs) with generated covers and clips. Rows have fixed
 * ids and files fixed names, so a second call adds nothing; courses and blogs belong to the
 * first admin.
 */
export async function seedDemo(ctx: AppContext, options: SeedOptions = {}): Promise<SeedResult> {
  const db = ctx.database.db;
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(1);
  const ownerId = owner?.id ?? null;
  const { videos, available } = await ensureMedia(ctx, options);

  const result: SeedResult = {
    courses: 0,
    freeCourses: 0,
    premiumCourses: 0,
    lessons: 0,
    subLessons: 0,
    blogs: 0,
    videoItems: 0,
    quizItems: 0,
    textItems: 0,
    videosAvailable: available,
  };
  const now = Date.now();
  const day = 24 * 60 * 60 * 1000;
  const count = (contentType: 'text' | 'video') => {
    if (contentType === 'video') result.videoItems += 1;
    else result.textItems += 1;
  };

  await db.transaction(async (tx) => {
    for (const [c, course] of demoCourses.entries()) {
      const courseId = demoId(`course:${course.key}`);
      const courseCreated = new Date(now - (demoCourses.length - c) * day);
      const inserted = await tx
        .insert(courses)
        .values({
          id: courseId,
          title: course.title,
          description: course.description,
          courseType: course.courseType,
          imageUrl: publicUrl(courseImageKey(course)),
          ownerId,
          createdAt: courseCreated,
        })
        .onConflictDoNothing()
        .returning({ id: courses.id });
      if (inserted.length) {
        result.courses += 1;
        if (course.courseType === 'free') result.freeCourses += 1;
        else result.premiumCourses += 1;
      }
      for (const [l, lesson] of course.lessons.entries()) {
        const lessonId = demoId(`lesson:${course.key}:${lesson.key}`);
        const lessonRow = itemRow(ctx.config.jwtSecret, course, lesson, videos);
        const insertedLesson = await tx
          .insert(courseItems)
          .values({
            id: lessonId,
            courseId,
            parentId: null,
            title: lesson.title,
            description: lesson.description,
            ...lessonRow,
            position: l,
            createdAt: new Date(courseCreated.getTime() + (l + 1) * 60_000),
          })
          .onConflictDoNothing()
          .returning({ id: courseItems.id });
        if (insertedLesson.length) {
          result.lessons += 1;
          count(lessonRow.contentType);
          if (lessonRow.videoUrl) await requestRenditions(ctx, tx, lessonRow.videoUrl, lessonId);
        }
        for (const [s, sub] of lesson.subLessons.entries()) {
          const subRow = itemRow(ctx.config.jwtSecret, course, sub, videos);
          const subId = demoId(`sublesson:${course.key}:${lesson.key}:${sub.key}`);
          const insertedSub = await tx
            .insert(courseItems)
            .values({
              id: subId,
              courseId,
              parentId: lessonId,
              title: sub.title,
              description: sub.description,
              ...subRow,
              position: s,
              createdAt: new Date(courseCreated.getTime() + (l + 1) * 60_000 + (s + 1) * 1000),
            })
            .onConflictDoNothing()
            .returning({ id: courseItems.id });
          if (insertedSub.length) {
            result.subLessons += 1;
            count(subRow.contentType);
            if (subRow.videoUrl) await requestRenditions(ctx, tx, subRow.videoUrl, subId);
          }
        }
        const closing = l === course.lessons.length - 1 ? demoQuizzes[course.key] : undefined;
        if (closing) {
          const position = lesson.subLessons.length;
          const insertedQuiz = await tx
            .insert(courseItems)
            .values({
              id: demoId(`sublesson:${course.key}:${lesson.key}:quiz`),
              courseId,
              parentId: lessonId,
              title: closing.title,
              description: closing.description,
              contentType: 'quiz',
              content: null,
              videoUrl: null,
              quiz: closing.quiz,
              position,
              createdAt: new Date(
                courseCreated.getTime() + (l + 1) * 60_000 + (position + 1) * 1000,
              ),
            })
            .onConflictDoNothing()
            .returning({ id: courseItems.id });
          if (insertedQuiz.length) {
            result.subLessons += 1;
            result.quizItems += 1;
          }
        }
      }
    }
    for (const [b, blog] of demoBlogs.entries()) {
      const inserted = await tx
        .insert(blogs)
        .values({
          id: demoId(`blog:${blog.key}`),
          title: blog.title,
          content: blog.paragraphs.join('\n\n'),
          imageUrl: publicUrl(blogImageKey(blog.key)),
          authorId: ownerId,
          createdAt: new Date(now - (demoBlogs.length - b) * 5 * day),
        })
        .onConflictDoNothing()
        .returning({ id: blogs.id });
      result.blogs += inserted.length;
    }
  });
  // Written outside any request: the cached catalogue reads (here and in other processes) go.
  if (result.courses + result.lessons + result.subLessons + result.blogs > 0) {
    await ctx.readCache.invalidate();
  }
  // The clips' small copies, like an upload's (modules/media/renditions.ts), made in the background.
  if (result.videoItems > 0) void ctx.jobs.kick();
  return result;
}
