import type { Actor, ReorderBody } from '@ishuri/contract';
import { asc, eq } from 'drizzle-orm';
import { courses, lessons, subLessons } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { fail } from '../../lib/errors';
import { uuidv7 } from '../../lib/ids';
import { renditionsOfUpload } from '../../lib/renditions';
import { deleteStoredFiles, withUpload } from '../../lib/uploads';
import type { UploadSource } from '../../lib/uploads';
import {
  contentAccess,
  mediaLink,
  requireCourseAccess,
  requireVisibleCourse,
} from './course.access';
import {
  applyOrder,
  nextPosition,
  readCourseLessons,
  requireLessonWithCourse,
  withVideos,
} from './course-tree';
import { itemInputOf, itemUpdateOf } from './item-kinds';
import { presentLesson } from './lessons.presenter';

/** GET /api/lesson/byCourse/{courseId}: content and videos only for those who may read them. */
export async function listLessonsByCourse(ctx: AppContext, actor: Actor | null, courseId: string) {
  const db = ctx.database.db;
  const course = await requireVisibleCourse(db, actor, courseId);
  await requireCourseAccess(db, actor, 'course:read', course);
  const access = await contentAccess(ctx, actor, course);
  const items = await readCourseLessons(db, course.id);
  return items.map(({ lesson, subLessons: subs }) => presentLesson(lesson, subs, access, course));
}

/**
 * POST /api/lesson/create/{courseId}: admin or the course's owner. The permission is checked
 * before the upload is read; the position is the next one in the course, taken under a lock on
 * the course row so that concurrent creations never share one.
 */
export async function createLesson(
  ctx: AppContext,
  actor: Actor | null,
  courseId: string,
  receive: UploadSource,
) {
  const db = ctx.database.db;
  const course = await requireVisibleCourse(db, actor, courseId);
  await requireCourseAccess(db, actor, 'course:manage', course);
  const upload = await receive({ field: 'videoUrl', kind: 'video' });
  return withUpload(ctx, upload, async () => {
    const { input, unusedFile } = itemInputOf(upload);
    const row = await db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: courses.id })
        .from(courses)
        .where(eq(courses.id, course.id))
        .for('update');
      if (!locked) throw fail('COURSE_NOT_FOUND');
      const [next] = await tx
        .select({ position: nextPosition(lessons.position) })
        .from(lessons)
        .where(eq(lessons.courseId, course.id));
      const [inserted] = await tx
        .insert(lessons)
        .values({ id: uuidv7(), courseId: course.id, ...input, position: next?.position ?? 1 })
        .returning();
      await renditionsOfUpload(ctx, tx, inserted!, upload.file?.url);
      return inserted!;
    });
    if (upload.file) void ctx.jobs.kick();
    if (unusedFile) await deleteStoredFiles(ctx, [unusedFile.url]);
    return presentLesson(row, [], mediaLink(ctx, course.courseType));
  });
}

/**
 * PUT /api/lesson/update/{id}: admin or the course's owner; only the fields sent change (see
 * itemUpdateOf). A replaced video's file is deleted after the commit.
 */
export async function updateLesson(
  ctx: AppContext,
  actor: Actor | null,
  id: string,
  receive: UploadSource,
) {
  const db = ctx.database.db;
  const { course } = await requireLessonWithCourse(db, id);
  await requireCourseAccess(db, actor, 'course:manage', course);
  const upload = await receive({ field: 'videoUrl', kind: 'video' });
  return withUpload(ctx, upload, async () => {
    const { row, removedFile, unusedFile } = await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(lessons).where(eq(lessons.id, id)).for('update');
      if (!locked) throw fail('LESSON_NOT_FOUND');
      const update = itemUpdateOf(upload, locked);
      const [updated] = await tx
        .update(lessons)
        .set(update.change)
        .where(eq(lessons.id, id))
        .returning();
      await renditionsOfUpload(ctx, tx, updated!, upload.file?.url);
      return { row: updated!, ...update };
    });
    if (upload.file) void ctx.jobs.kick();
    await deleteStoredFiles(ctx, [removedFile, unusedFile?.url ?? null]);
    const subs = await db
      .select()
      .from(subLessons)
      .where(eq(subLessons.lessonId, id))
      .orderBy(asc(subLessons.position), asc(subLessons.id));
    const [presented] = await withVideos(db, [row]);
    return presentLesson(presented!, await withVideos(db, subs), mediaLink(ctx, course.courseType));
  });
}

/** PUT /api/lesson/reorder/{courseId}: admin or the course's owner. */
export async function reorderLessons(
  ctx: AppContext,
  actor: Actor | null,
  courseId: string,
  body: ReorderBody,
) {
  const db = ctx.database.db;
  const course = await requireVisibleCourse(db, actor, courseId);
  await requireCourseAccess(db, actor, 'course:manage', course);
  await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: courses.id })
      .from(courses)
      .where(eq(courses.id, course.id))
      .for('update');
    if (!locked) throw fail('COURSE_NOT_FOUND');
    const rows = await tx
      .select({ id: lessons.id })
      .from(lessons)
      .where(eq(lessons.courseId, course.id));
    await applyOrder(
      rows.map((row) => row.id),
      body.ids,
      (id, position) => tx.update(lessons).set({ position }).where(eq(lessons.id, id)),
    );
  });
}

/** DELETE /api/lesson/delete/{id}: the lesson, its sub-lessons (cascade) and their videos. */
export async function deleteLesson(ctx: AppContext, actor: Actor | null, id: string) {
  const db = ctx.database.db;
  const { course } = await requireLessonWithCourse(db, id);
  await requireCourseAccess(db, actor, 'course:manage', course);
  const files = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ videoUrl: lessons.videoUrl })
      .from(lessons)
      .where(eq(lessons.id, id))
      .for('update');
    if (!locked) throw fail('LESSON_NOT_FOUND');
    const subs = await tx
      .select({ videoUrl: subLessons.videoUrl })
      .from(subLessons)
      .where(eq(subLessons.lessonId, id));
    await tx.delete(lessons).where(eq(lessons.id, id));
    return [locked.videoUrl, ...subs.map((sub) => sub.videoUrl)];
  });
  await deleteStoredFiles(ctx, files);
}
