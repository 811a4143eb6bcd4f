import { createItemFieldsSchema, messages } from '@ishuri/contract';
import type { Actor, ContentType } from '@ishuri/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { AnyColumn } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { courses, lessons, subLessons } from '../../db/schema';
import { authorize } from '../../lib/auth-guard';
import type { AppContext } from '../../lib/context';
import { fail, validationError } from '../../lib/errors';
import { isUuid, uuidv7 } from '../../lib/ids';
import { deleteStoredFiles, withUpload } from '../../lib/uploads';
import type { ReceivedUpload, StoredFile, UploadSource, UploadSpec } from '../../lib/uploads';
import { contentAccess, courseNotFound, mediaLink, requireCourse } from '../courses/course-access';
import { presentLesson } from './lessons.presenter';
import type { LessonRow, SubLessonRow } from './lessons.presenter';

/** Reads the request's upload (the route gives it; the service says what it expects). */

export const lessonNotFound = () => fail('LESSON_NOT_FOUND');

/** The next position after the largest one of `column` (1 for the first item). */
export const nextPosition = (column: AnyColumn) =>
  sql<number>`cast(coalesce(max(${column}), 0) + 1 as integer)`;

/** The course's lessons in order, each with its sub-lessons in order. */
export async function readCourseLessons(
  db: Tx,
  courseId: string,
): Promise<Array<{ lesson: LessonRow; subLessons: SubLessonRow[] }>> {
  const lessonRows = await db
    .select()
    .from(lessons)
    .where(eq(lessons.courseId, courseId))
    .orderBy(asc(lessons.position), asc(lessons.id));
  if (lessonRows.length === 0) return [];
  const subRows = await db
    .select({ sub: subLessons })
    .from(subLessons)
    .innerJoin(lessons, eq(lessons.id, subLessons.lessonId))
    .where(eq(lessons.courseId, courseId))
    .orderBy(asc(subLessons.position), asc(subLessons.id));
  const byLesson = new Map<string, SubLessonRow[]>();
  for (const { sub } of subRows) {
    const list = byLesson.get(sub.lessonId) ?? [];
    list.push(sub);
    byLesson.set(sub.lessonId, list);
  }
  return lessonRows.map((lesson) => ({ lesson, subLessons: byLesson.get(lesson.id) ?? [] }));
}

/** GET /api/lesson/byCourse/{courseId}: content and videos only for those who may read them. */
export async function listLessonsByCourse(ctx: AppContext, actor: Actor | null, courseId: string) {
  const db = ctx.database.db;
  const course = await requireCourse(db, courseId);
  const access = await contentAccess(ctx, actor, course);
  const items = await readCourseLessons(db, course.id);
  return items.map(({ lesson, subLessons: subs }) => presentLesson(lesson, subs, access, course));
}

export interface ItemInput {
  title: string;
  description: string;
  contentType: ContentType;
  content: string | null;
  videoUrl: string | null;
}

/**
 * The fields of a new lesson or sub-lesson (product.md §5). A text item needs `content`, a video
 * item a `videoUrl` file; without `contentType` the presence of a file decides. A file sent with
 * a text item is not kept (`unusedFile`).
 */
export function itemInputOf(upload: ReceivedUpload): {
  input: ItemInput;
  unusedFile: StoredFile | null;
} {
  const parsed = createItemFieldsSchema.safeParse(upload.fields);
  const fields: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      fields[String(issue.path[0] ?? 'body')] ??= issue.message;
    }
  }
  const declared = parsed.success ? parsed.data.contentType : undefined;
  const contentType: ContentType = declared ?? (upload.file ? 'video' : 'text');
  const content = upload.fields.content?.trim() ?? '';
  if (contentType === 'text' && !content) fields.content ??= messages.contentRequiredForText;
  if (contentType === 'video' && !upload.file) fields.videoUrl ??= messages.videoRequiredForVideo;
  if (!parsed.success || Object.keys(fields).length > 0) throw validationError(fields);
  return {
    input: {
      title: parsed.data.title,
      description: parsed.data.description,
      contentType,
      content: contentType === 'text' ? content : null,
      videoUrl: contentType === 'video' ? upload.file!.url : null,
    },
    unusedFile: contentType === 'text' ? upload.file : null,
  };
}

/**
 * POST /api/lesson/create/{courseId}: admin or the course's owner. The permission is checked
 * before the upload is read; the position is the next one in the course, taken under a lock on
 * the course row so that concurrent creations never share one.
 */
export async function createLesson(
  ctx: AppContext,
  actor: Actor,
  courseId: string,
  receive: UploadSource,
) {
  const db = ctx.database.db;
  const course = await requireCourse(db, courseId);
  authorize(actor, 'course:manage', { ownerId: course.ownerId });
  const upload = await receive({ field: 'videoUrl', kind: 'video' });
  return withUpload(ctx, upload, async () => {
    const { input, unusedFile } = itemInputOf(upload);
    const row = await db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: courses.id })
        .from(courses)
        .where(eq(courses.id, course.id))
        .for('update');
      if (!locked) throw courseNotFound();
      const [next] = await tx
        .select({ position: nextPosition(lessons.position) })
        .from(lessons)
        .where(eq(lessons.courseId, course.id));
      const [inserted] = await tx
        .insert(lessons)
        .values({ id: uuidv7(), courseId: course.id, ...input, position: next?.position ?? 1 })
        .returning();
      return inserted!;
    });
    if (unusedFile) await deleteStoredFiles(ctx, [unusedFile.url]);
    return presentLesson(row, [], mediaLink(ctx, course.courseType));
  });
}

/** The lesson with its course's owner, or a 404. */
export async function requireLessonWithOwner(db: Tx, id: string) {
  if (!isUuid(id)) throw lessonNotFound();
  const [found] = await db
    .select({ lesson: lessons, ownerId: courses.ownerId, courseType: courses.courseType })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(eq(lessons.id, id))
    .limit(1);
  if (!found) throw lessonNotFound();
  return found;
}

/** DELETE /api/lesson/delete/{id}: the lesson, its sub-lessons (cascade) and their videos. */
export async function deleteLesson(ctx: AppContext, actor: Actor, id: string) {
  const db = ctx.database.db;
  const found = await requireLessonWithOwner(db, id);
  authorize(actor, 'course:manage', { ownerId: found.ownerId });
  const files = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ videoUrl: lessons.videoUrl })
      .from(lessons)
      .where(eq(lessons.id, id))
      .for('update');
    if (!locked) throw lessonNotFound();
    const subs = await tx
      .select({ videoUrl: subLessons.videoUrl })
      .from(subLessons)
      .where(eq(subLessons.lessonId, id));
    await tx.delete(lessons).where(eq(lessons.id, id));
    return [locked.videoUrl, ...subs.map((sub) => sub.videoUrl)];
  });
  await deleteStoredFiles(ctx, files);
}
