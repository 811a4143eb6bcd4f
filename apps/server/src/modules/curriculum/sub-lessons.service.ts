import type { Actor } from '@ishuri/contract';
import { eq } from 'drizzle-orm';
import { courses, lessons, subLessons } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { fail } from '../../lib/errors';
import { isUuid, uuidv7 } from '../../lib/ids';
import { deleteStoredFiles, withUpload } from '../../lib/uploads';
import type { UploadSource } from '../../lib/uploads';
import { mediaLink, requireCourseAccess } from './course.access';
import { nextPosition, requireLessonWithCourse } from './course-tree';
import { itemInputOf } from './item-kinds';
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
      return inserted!;
    });
    if (unusedFile) await deleteStoredFiles(ctx, [unusedFile.url]);
    return presentSubLesson(row, mediaLink(ctx, course.courseType));
  });
}

/** DELETE /api/sublesson/delete/{id}: the sub-lesson and its video. */
export async function deleteSubLesson(ctx: AppContext, actor: Actor | null, id: string) {
  if (!isUuid(id)) throw fail('SUB_LESSON_NOT_FOUND');
  const db = ctx.database.db;
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
  await requireCourseAccess(db, actor, 'course:manage', found.course);
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
