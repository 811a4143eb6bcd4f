import { messages } from '@ishuri/contract';
import type { Actor } from '@ishuri/contract';
import { eq } from 'drizzle-orm';
import { courses, lessons, subLessons } from '../../db/schema';
import { authorize } from '../../lib/auth-guard';
import type { AppContext } from '../../lib/context';
import { fail } from '../../lib/errors';
import { isUuid, uuidv7 } from '../../lib/ids';
import { deleteStoredFiles, withUpload } from '../../lib/uploads';
import { mediaLink } from '../courses/course-access';
import { presentSubLesson } from '../lessons/lessons.presenter';
import {
  itemInputOf,
  lessonNotFound,
  nextPosition,
  requireLessonWithOwner,
} from '../lessons/lessons.service';
import type { UploadSource } from '../../lib/uploads';

export const subLessonNotFound = () => fail('SUB_LESSON_NOT_FOUND');

/**
 * POST /api/sublesson/create/{lessonId}: admin or the owner of the lesson's course. The position
 * is the next one in the lesson, taken under a lock on the lesson row.
 */
export async function createSubLesson(
  ctx: AppContext,
  actor: Actor,
  lessonId: string,
  receive: UploadSource,
) {
  const db = ctx.database.db;
  const { lesson, ownerId, courseType } = await requireLessonWithOwner(db, lessonId);
  authorize(actor, 'course:manage', { ownerId });
  const upload = await receive({ field: 'videoUrl', kind: 'video' });
  return withUpload(ctx, upload, async () => {
    const { input, unusedFile } = itemInputOf(upload);
    const row = await db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: lessons.id })
        .from(lessons)
        .where(eq(lessons.id, lesson.id))
        .for('update');
      if (!locked) throw lessonNotFound();
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
    return presentSubLesson(row, mediaLink(ctx, courseType));
  });
}

/** DELETE /api/sublesson/delete/{id}: the sub-lesson and its video. */
export async function deleteSubLesson(ctx: AppContext, actor: Actor, id: string) {
  if (!isUuid(id)) throw subLessonNotFound();
  const db = ctx.database.db;
  const [found] = await db
    .select({ id: subLessons.id, ownerId: courses.ownerId })
    .from(subLessons)
    .innerJoin(lessons, eq(lessons.id, subLessons.lessonId))
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(eq(subLessons.id, id))
    .limit(1);
  if (!found) throw subLessonNotFound();
  authorize(actor, 'course:manage', { ownerId: found.ownerId });
  const deleted = await db
    .delete(subLessons)
    .where(eq(subLessons.id, id))
    .returning({ videoUrl: subLessons.videoUrl });
  if (deleted.length === 0) throw subLessonNotFound();
  await deleteStoredFiles(
    ctx,
    deleted.map((row) => row.videoUrl),
  );
}
