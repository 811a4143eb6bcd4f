import type { Actor, ReorderBody } from '@ishuri/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { courseItems, courses } from '../../db/schema';
import type { AppContext } from '../../context';
import { fail } from '../../lib/errors';
import { uuidv7 } from '../../lib/ids';
import { renditionsOfUpload } from '../media/renditions';
import { deleteStoredFiles, withUpload } from '../media/uploads';
import type { UploadSource } from '../media/uploads';
import {
  contentAccess,
  mediaLink,
  requireCourseAccess,
  requireVisibleCourse,
} from './course.access';
import {
  isLevel,
  itemNotFound,
  nextPosition,
  readCourseLessons,
  reorderChildren,
  requireItemWithCourse,
  withVideos,
} from './course-tree';
import type { ItemLevel } from './course-tree';
import { itemInputOf, itemUpdateOf } from './item-kinds';
import { presentLesson, presentSubLesson } from './lessons.presenter';

/**
 * Lessons and sub-lessons, one service (issue 31): both are course items, a lesson with the
 * course as parent, a sub-lesson with its lesson; the routes of each level differ only in
 * where a new item goes and how it is presented.
 */

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
 * Locks where a new item goes until the transaction ends, so that concurrent creations never
 * share a position: the course row for a lesson, the lesson row for a sub-lesson.
 */
async function lockParent(tx: Tx, courseId: string, parentId: string | null) {
  if (parentId === null) {
    const [locked] = await tx
      .select({ id: courses.id })
      .from(courses)
      .where(eq(courses.id, courseId))
      .for('update');
    if (!locked) throw fail('COURSE_NOT_FOUND');
  } else {
    const [locked] = await tx
      .select({ id: courseItems.id })
      .from(courseItems)
      .where(and(eq(courseItems.id, parentId), isNull(courseItems.parentId)))
      .for('update');
    if (!locked) throw fail('LESSON_NOT_FOUND');
  }
}

/**
 * A new item at the next position among its parent's children (taken under the parent's lock),
 * from the upload's fields; its video's renditions are asked for in the same transaction.
 */
async function createItem(
  ctx: AppContext,
  course: { id: string },
  parentId: string | null,
  receive: UploadSource,
) {
  const db = ctx.database.db;
  const upload = await receive({ field: 'videoUrl', kind: 'video' });
  return withUpload(ctx, upload, async () => {
    const { input, unusedFile } = itemInputOf(upload);
    const row = await db.transaction(async (tx) => {
      await lockParent(tx, course.id, parentId);
      const [next] = await tx
        .select({ position: nextPosition(courseItems.position) })
        .from(courseItems)
        .where(
          and(
            eq(courseItems.courseId, course.id),
            parentId === null ? isNull(courseItems.parentId) : eq(courseItems.parentId, parentId),
          ),
        );
      const [inserted] = await tx
        .insert(courseItems)
        .values({
          id: uuidv7(),
          courseId: course.id,
          parentId,
          ...input,
          position: next?.position ?? 1,
        })
        .returning();
      await renditionsOfUpload(ctx, tx, inserted!, upload.file?.url);
      return inserted!;
    });
    if (upload.file) void ctx.jobs.kick();
    if (unusedFile) await deleteStoredFiles(ctx, [unusedFile.url]);
    return row;
  });
}

/**
 * POST /api/lesson/create/{courseId}: admin or the course's owner. The permission is checked
 * before the upload is read.
 */
export async function createLesson(
  ctx: AppContext,
  actor: Actor | null,
  courseId: string,
  receive: UploadSource,
) {
  const course = await requireVisibleCourse(ctx.database.db, actor, courseId);
  await requireCourseAccess(ctx.database.db, actor, 'course:manage', course);
  const row = await createItem(ctx, course, null, receive);
  return presentLesson(row, [], mediaLink(ctx, course.courseType));
}

/** POST /api/sublesson/create/{lessonId}: admin or the owner of the lesson's course. */
export async function createSubLesson(
  ctx: AppContext,
  actor: Actor | null,
  lessonId: string,
  receive: UploadSource,
) {
  const { item: lesson, course } = await requireItemWithCourse(ctx.database.db, 'lesson', lessonId);
  await requireCourseAccess(ctx.database.db, actor, 'course:manage', course);
  const row = await createItem(ctx, course, lesson.id, receive);
  return presentSubLesson(row, mediaLink(ctx, course.courseType));
}

/**
 * An item's update (admin or the course's owner); only the fields sent change (see
 * itemUpdateOf). A replaced video's file is deleted after the commit.
 */
async function updateItem(
  ctx: AppContext,
  actor: Actor | null,
  level: ItemLevel,
  id: string,
  receive: UploadSource,
) {
  const db = ctx.database.db;
  const { course } = await requireItemWithCourse(db, level, id);
  await requireCourseAccess(db, actor, 'course:manage', course);
  const upload = await receive({ field: 'videoUrl', kind: 'video' });
  return withUpload(ctx, upload, async () => {
    const { row, removedFile, unusedFile } = await db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(courseItems)
        .where(and(eq(courseItems.id, id), isLevel(level)))
        .for('update');
      if (!locked) throw fail(itemNotFound[level]);
      const update = itemUpdateOf(upload, locked);
      const [updated] = await tx
        .update(courseItems)
        .set(update.change)
        .where(eq(courseItems.id, id))
        .returning();
      await renditionsOfUpload(ctx, tx, updated!, upload.file?.url);
      return { row: updated!, ...update };
    });
    if (upload.file) void ctx.jobs.kick();
    await deleteStoredFiles(ctx, [removedFile, unusedFile?.url ?? null]);
    const [presented] = await withVideos(db, [row]);
    return { row: presented!, course };
  });
}

/** PUT /api/lesson/update/{id}: the lesson, answered with its sub-lessons. */
export async function updateLesson(
  ctx: AppContext,
  actor: Actor | null,
  id: string,
  receive: UploadSource,
) {
  const { row, course } = await updateItem(ctx, actor, 'lesson', id, receive);
  const db = ctx.database.db;
  const subs = await db
    .select()
    .from(courseItems)
    .where(eq(courseItems.parentId, id))
    .orderBy(asc(courseItems.position), asc(courseItems.id));
  return presentLesson(row, await withVideos(db, subs), mediaLink(ctx, course.courseType));
}

/** PUT /api/sublesson/update/{id}: as a lesson's update. */
export async function updateSubLesson(
  ctx: AppContext,
  actor: Actor | null,
  id: string,
  receive: UploadSource,
) {
  const { row, course } = await updateItem(ctx, actor, 'subLesson', id, receive);
  return presentSubLesson(row, mediaLink(ctx, course.courseType));
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
    await lockParent(tx, course.id, null);
    await reorderChildren(tx, course.id, null, body.ids);
  });
}

/** PUT /api/sublesson/reorder/{lessonId}: admin or the course's owner. */
export async function reorderSubLessons(
  ctx: AppContext,
  actor: Actor | null,
  lessonId: string,
  body: ReorderBody,
) {
  const db = ctx.database.db;
  const { item: lesson, course } = await requireItemWithCourse(db, 'lesson', lessonId);
  await requireCourseAccess(db, actor, 'course:manage', course);
  await db.transaction(async (tx) => {
    await lockParent(tx, course.id, lesson.id);
    await reorderChildren(tx, course.id, lesson.id, body.ids);
  });
}

/**
 * DELETE /api/lesson/delete/{id} and /api/sublesson/delete/{id}: the item, its sub-lessons
 * (cascade, with their progress and attempts) and, after the commit, their videos' files.
 */
async function deleteItem(ctx: AppContext, actor: Actor | null, level: ItemLevel, id: string) {
  const db = ctx.database.db;
  const { course } = await requireItemWithCourse(db, level, id);
  await requireCourseAccess(db, actor, 'course:manage', course);
  const files = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ videoUrl: courseItems.videoUrl })
      .from(courseItems)
      .where(and(eq(courseItems.id, id), isLevel(level)))
      .for('update');
    if (!locked) throw fail(itemNotFound[level]);
    const subs = await tx
      .select({ videoUrl: courseItems.videoUrl })
      .from(courseItems)
      .where(eq(courseItems.parentId, id));
    await tx.delete(courseItems).where(eq(courseItems.id, id));
    return [locked.videoUrl, ...subs.map((sub) => sub.videoUrl)];
  });
  await deleteStoredFiles(ctx, files);
}

export const deleteLesson = (ctx: AppContext, actor: Actor | null, id: string) =>
  deleteItem(ctx, actor, 'lesson', id);

export const deleteSubLesson = (ctx: AppContext, actor: Actor | null, id: string) =>
  deleteItem(ctx, actor, 'subLesson', id);
