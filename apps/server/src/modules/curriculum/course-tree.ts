import { asc, eq, sql } from 'drizzle-orm';
import type { AnyColumn } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { courses, lessons, subLessons } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { findCourse } from './course.access';
import { fail } from '../../lib/errors';
import { videosOf } from '../../lib/renditions';
import type { VideoRow } from '../../lib/renditions';
import { isUuid } from '../../lib/ids';

/**
 * The course tree, in one place: a course's items (lessons, each followed by its sub-lessons)
 * and their order, which every reader of the curriculum uses (the course page, the learning
 * sequence of progress, the dashboard). Items live in two tables, `lessons` and `sub_lessons`,
 * of the same shape; one `course_items` table (with a parent and a kind) was weighed, and is the
 * likely next step once quizzes arrive. Until then only this module and the item services know
 * there are two tables, so that migration touches this folder alone.
 */

/** A lesson or sub-lesson as stored, with its video's renditions when read for a reader. */
export type LessonRow = typeof lessons.$inferSelect & { video?: VideoRow | null };
export type SubLessonRow = typeof subLessons.$inferSelect & { video?: VideoRow | null };

/**
 * Items with their video's renditions attached (one query), for an answer about a few items
 * outside a course read: `videoUrl` is then a rendition, never an upload that may be gone.
 */
export async function withVideos<T extends { videoUrl: string | null }>(
  db: Tx,
  items: T[],
): Promise<Array<T & { video: VideoRow | null }>> {
  const made = await videosOf(
    db,
    items.map((item) => item.videoUrl).filter((url): url is string => url !== null),
  );
  return items.map((item) => ({
    ...item,
    video: item.videoUrl ? (made.get(item.videoUrl) ?? null) : null,
  }));
}

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
  // Each video item with its renditions (one query, only when the course has videos).
  const urls = [...lessonRows, ...subRows.map(({ sub }) => sub)]
    .map((item) => item.videoUrl)
    .filter((url): url is string => url !== null);
  const made = await videosOf(db, urls);
  const withVideo = <T extends { videoUrl: string | null }>(item: T) => ({
    ...item,
    video: item.videoUrl ? (made.get(item.videoUrl) ?? null) : null,
  });
  return lessonRows.map((lesson) => ({
    lesson: withVideo(lesson),
    subLessons: (byLesson.get(lesson.id) ?? []).map(withVideo),
  }));
}

/** An item of a course's learning sequence: its id, title and kind. */
export interface SequenceItem {
  id: string;
  title: string;
  contentType: (typeof lessons.$inferSelect)['contentType'];
}

/**
 * The learning sequence of a course (decisions.md §4): its items in learning order, its lessons
 * by position, each followed by its sub-lessons by position; equal positions keep creation order
 * (ids are v7). One query.
 */
export async function sequenceItems(tx: Tx, courseId: string): Promise<SequenceItem[]> {
  const rows = await tx
    .select({
      lesson: { id: lessons.id, title: lessons.title, contentType: lessons.contentType },
      sub: { id: subLessons.id, title: subLessons.title, contentType: subLessons.contentType },
    })
    .from(lessons)
    .leftJoin(subLessons, eq(subLessons.lessonId, lessons.id))
    .where(eq(lessons.courseId, courseId))
    .orderBy(asc(lessons.position), asc(lessons.id), asc(subLessons.position), asc(subLessons.id));
  const items: SequenceItem[] = [];
  let lesson: string | null = null;
  for (const row of rows) {
    if (row.lesson.id !== lesson) {
      lesson = row.lesson.id;
      items.push(row.lesson);
    }
    if (row.sub) items.push(row.sub);
  }
  return items;
}

/** The ids of the course's items, in learning order (see `sequenceItems`). */
export async function learningSequence(tx: Tx, courseId: string): Promise<string[]> {
  return (await sequenceItems(tx, courseId)).map((item) => item.id);
}

/** What a reader of a course's progress needs of it: its row and its learning sequence. */
export interface CourseOutline {
  course: typeof courses.$inferSelect;
  sequence: readonly string[];
}

/**
 * The course and its learning sequence, from the read cache (cleared by every content write,
 * lib/read-cache.ts) or in one round trip each when not kept; null for an unknown id. Shared by
 * every request: never changed by a reader.
 */
export async function courseOutline(ctx: AppContext, id: string): Promise<CourseOutline | null> {
  if (!isUuid(id)) return null;
  return ctx.readCache.memo(`course-outline:${id.toLowerCase()}`, async () => {
    const db = ctx.database.db;
    const course = await findCourse(db, id);
    if (!course) return null;
    return { course, sequence: await learningSequence(db, course.id) };
  });
}

/** Why an item is not in a course's sequence: it is another course's, or it does not exist. */
export async function itemNotInSequence(tx: Tx, itemId: string): Promise<Error> {
  const [lesson] = await tx
    .select({ id: lessons.id })
    .from(lessons)
    .where(eq(lessons.id, itemId))
    .limit(1);
  const [subLesson] = lesson
    ? [lesson]
    : await tx
        .select({ id: subLessons.id })
        .from(subLessons)
        .where(eq(subLessons.id, itemId))
        .limit(1);
  return subLesson ? fail('ITEM_NOT_IN_COURSE') : fail('ITEM_NOT_FOUND');
}

/** The lesson with its course's owner and type, or a 404. */
export async function requireLessonWithCourse(db: Tx, id: string) {
  if (!isUuid(id)) throw fail('LESSON_NOT_FOUND');
  const [found] = await db
    .select({
      lesson: lessons,
      course: { id: courses.id, ownerId: courses.ownerId, courseType: courses.courseType },
    })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(eq(lessons.id, id))
    .limit(1);
  if (!found) throw fail('LESSON_NOT_FOUND');
  return found;
}

/**
 * The stored videos of every item of a course, with its lessons locked so that no item is
 * added meanwhile (for deleting the course in the same transaction).
 */
export async function lockItemFiles(tx: Tx, courseId: string): Promise<Array<string | null>> {
  const lessonRows = await tx
    .select({ videoUrl: lessons.videoUrl })
    .from(lessons)
    .where(eq(lessons.courseId, courseId))
    .for('update');
  const subRows = await tx
    .select({ videoUrl: subLessons.videoUrl })
    .from(subLessons)
    .innerJoin(lessons, eq(lessons.id, subLessons.lessonId))
    .where(eq(lessons.courseId, courseId));
  return [...lessonRows.map((row) => row.videoUrl), ...subRows.map((row) => row.videoUrl)];
}

/**
 * Puts rows in the order of `ids` (positions 1, 2, …), which must hold every row of the parent
 * exactly once, in any letter case: anything else (a row added or deleted meanwhile, a stranger's
 * id, a repeat) is ORDER_MISMATCH and changes nothing. The caller holds the parent's lock.
 */
export async function applyOrder(
  current: string[],
  ids: string[],
  setPosition: (id: string, position: number) => Promise<unknown>,
) {
  const asked = ids.map((id) => id.toLowerCase());
  const known = new Set(current);
  if (
    asked.length !== current.length ||
    new Set(asked).size !== asked.length ||
    asked.some((id) => !known.has(id))
  ) {
    throw fail('ORDER_MISMATCH');
  }
  for (const [index, id] of asked.entries()) await setPosition(id, index + 1);
}

/** A course item (lesson or sub-lesson) as a quiz needs it: its kind, quiz and course. */
export interface QuizItemFacts {
  contentType: (typeof lessons.$inferSelect)['contentType'];
  quiz: (typeof lessons.$inferSelect)['quiz'];
  course: { id: string; ownerId: string | null };
}

/** The item's kind, quiz and course (one query for a lesson, one more for a sub-lesson). */
export async function itemFacts(tx: Tx, itemId: string): Promise<QuizItemFacts | null> {
  const course = { id: courses.id, ownerId: courses.ownerId };
  const [lesson] = await tx
    .select({ contentType: lessons.contentType, quiz: lessons.quiz, course })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(eq(lessons.id, itemId))
    .limit(1);
  if (lesson) return lesson;
  const [sub] = await tx
    .select({ contentType: subLessons.contentType, quiz: subLessons.quiz, course })
    .from(subLessons)
    .innerJoin(lessons, eq(lessons.id, subLessons.lessonId))
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(eq(subLessons.id, itemId))
    .limit(1);
  return sub ?? null;
}
