import type { Actor, ReorderBody } from '@ishuri/contract';
import { eq } from 'drizzle-orm';
import { courses, lessons, subLessons } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { fail } from '../../lib/errors';
import { isUuid, uuidv7 } from '../../lib/ids';
import { renditionsOfUpload } from '../../lib/renditions';
import { deleteStoredFiles, withUpload } from '../../lib/uploads';
import type { UploadSource } from '../../lib/uploads';
import { mediaLink, requireCourseAccess } from './course.access';
import { applyOrder, nextPosition, requireLessonWithCourse, withVideos } from './course-tree';
import { itemInputOf, itemUpdateOf } from './item-kinds';
import { presentSubLesson } from './lessons.presenter';

/**
 * POST /api/sublesson/create/{lessonId}: admin or the owner of the lesson's course. The position
 * is the next one in the lesson, taken under a lock on the lesson row.
 */
export async function createSubLesson(
  ctx: AppContext,
  actor: Actor | null,
  lessonId: string,
  receive: UploadSource,
) {
  const db = ctx.database.db;
  const { lesson, course } = await requireLessonWithCourse(db, lessonId);
  await requireCourseAccess(db, actor, 'course:manage', course);
  const upload = await receive({ field: 'videoUrl', kind: 'video' });
  return withUpload(ctx, upload, async () => {
    const { input, unusedFile } = itemInputOf(upload);
    const row = await db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: lessons.id })
        .from(lessons)
        .where(eq(lessons.id, lesson.id))
        .for('update');
      if (!locked) throw fail('LESSON_NOT_FOUND');
      const [next] = await tx
        .select({ position: nextPosition(subLessons.position) })
        .from(subLessons)
        .where(eq(subLessons.lessonId, lesson.id));
      const [inserted] = await tx
        .insert(subLessons)
        .values({ id: uuidv7(), lessonId: lesson.id, ...input, position: next?.position ?? 1 })
        .returning();
      await renditionsOfUpload(ctx, tx, inserted!, upload.file?.url);
      return inserted!;
    });
    if (upload.file) void ctx.jobs.kick();
    if (unusedFile) await deleteStoredFiles(ctx, [unusedFile.url]);
    return presentSubLesson(row, mediaLink(ctx, course.courseType));
  });
}

/** The sub-lesson's course (what its rules need), or a 404. */
async function requireSubLessonCourse(db: AppContext['database']['db'], id: string) {
  if (!isUuid(id)) throw fail('SUB_LESSON_NOT_FOUND');
  const [found] = await db
    .select({
      id: subLessons.id,
      course: { id: courses.id, ownerId: courses.ownerId, courseType: courses.courseType },
    })
    .from(subLessons)
    .innerJoin(lessons, eq(lessons.id, subLessons.lessonId))
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(eq(subLessons.id, id))
    .limit(1);
  if (!found) throw fail('SUB_LESSON_NOT_FOUND');
  return found.course;
}

/** PUT /api/sublesson/update/{id}: as a lesson's update (itemUpdateOf). */
export async function updateSubLesson(
  ctx: AppContext,
  actor: Actor | null,
  id: string,
  receive: UploadSource,
) {
  const db = ctx.database.db;
  const course = await requireSubLessonCourse(db, id);
  await requireCourseAccess(db, actor, 'course:manage', course);
  const upload = await receive({ field: 'videoUrl', kind: 'video' });
  return withUpload(ctx, upload, async () => {
    const { row, removedFile, unusedFile } = await db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(subLessons)
        .where(eq(subLessons.id, id))
        .for('update');
      if (!locked) throw fail('SUB_LESSON_NOT_FOUND');
      const update = itemUpdateOf(upload, locked);
      const [updated] = await tx
        .update(subLessons)
        .set(update.change)
        .where(eq(subLessons.id, id))
        .returning();
      await renditionsOfUpload(ctx, tx, updated!, upload.file?.url);
      return { row: updated!, ...update };
    });
    if (upload.file) void ctx.jobs.kick();
    await deleteStoredFiles(ctx, [removedFile, unusedFile?.url ?? null]);
    const [presented] = await withVideos(db, [row]);
    return presentSubLesson(presented!, mediaLink(ctx, course.courseType));
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
  const { lesson, course } = await requireLessonWithCourse(db, lessonId);
  await requireCourseAccess(db, actor, 'course:manage', course);
  await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: lessons.id })
      .from(lessons)
      .where(eq(lessons.id, lesson.id))
      .for('update');
    if (!locked) throw fail('LESSON_NOT_FOUND');
    const rows = await tx
      .select({ id: subLessons.id })
      .from(subLessons)
      .where(eq(subLessons.lessonId, lesson.id));
    await applyOrder(
      rows.map((row) => row.id),
      body.ids,
      (id, position) => tx.update(subLessons).set({ position }).where(eq(subLessons.id, id)),
    );
  });
}

/** DELETE /api/sublesson/delete/{id}: the sub-lesson and its video. */
export async function deleteSubLesson(ctx: AppContext, actor: Actor | null, id: string) {
  const db = ctx.database.db;
  const course = await requireSubLessonCourse(db, id);
  await requireCourseAccess(db, actor, 'course:manage', course);
  const deleted = await db
    .delete(subLessons)
    .where(eq(subLessons.id, id))
    .returning({ videoUrl: subLessons.videoUrl });
  if (deleted.length === 0) throw fail('SUB_LESSON_NOT_FOUND');
  await deleteStoredFiles(
    ctx,
    deleted.map((row) => row.videoUrl),
  );
}
