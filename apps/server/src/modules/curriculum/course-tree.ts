import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AnyColumn, SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { courseItems, courses, videos } from '../../db/schema';
import type { AppContext } from '../../context';
import { findCourse } from './course.access';
import { fail } from '../../lib/errors';
import type { VideoRow } from '../media/renditions';
import { isUuid } from '../../lib/ids';

/**
 * The course tree, in one place: a course's items (lessons, each followed by its sub-lessons)
 * and their order, which every reader of the curriculum uses (the course page, the learning
 * sequence of progress, the dashboard). Items live in one table, `course_items` (issue 31): a
 * lesson has no parent, a sub-lesson has its lesson as parent; progress, quiz attempts and
 * videos reference them.
 */

/** A lesson or sub-lesson as stored, with its video's renditions when read for a reader. */
export type ItemRow = typeof courseItems.$inferSelect & { video?: VideoRow | null };

/** The two levels of the tree: a course's lessons, and a lesson's sub-lessons. */
export type ItemLevel = 'lesson' | 'subLesson';

/** The answer when an item of the level is not found. */
export const itemNotFound = {
  lesson: 'LESSON_NOT_FOUND',
  subLesson: 'SUB_LESSON_NOT_FOUND',
} as const;

/** The condition that an item is of the level (a lesson has no parent). */
export const isLevel = (level: ItemLevel): SQL =>
  level === 'lesson' ? isNull(courseItems.parentId) : isNotNull(courseItems.parentId);

/**
 * Items with their video's renditions attached (one query, by the items' ids), for an answer:
 * `videoUrl` is then a rendition, never an upload that may be gone. A video row counts only
 * while it is the item's current upload (a replaced one is deleted after the commit).
 */
export async function withVideos<T extends { id: string; videoUrl: string | null }>(
  db: Tx,
  items: T[],
): Promise<Array<T & { video: VideoRow | null }>> {
  const ids = items.filter((item) => item.videoUrl !== null).map((item) => item.id);
  const rows =
    ids.length > 0 ? await db.select().from(videos).where(inArray(videos.itemId, ids)) : [];
  const made = new Map(rows.map((row) => [`${row.itemId}:${row.sourceUrl}`, row]));
  return items.map((item) => ({
    ...item,
    video: item.videoUrl ? (made.get(`${item.id}:${item.videoUrl}`) ?? null) : null,
  }));
}

/** The next position after the largest one of `column` (1 for the first item). */
export const nextPosition = (column: AnyColumn) =>
  sql<number>`cast(coalesce(max(${column}), 0) + 1 as integer)`;

/** The course's lessons in order, each with its sub-lessons in order (two queries). */
export async function readCourseLessons(
  db: Tx,
  courseId: string,
): Promise<Array<{ lesson: ItemRow; subLessons: ItemRow[] }>> {
  const rows = await db
    .select()
    .from(courseItems)
    .where(eq(courseItems.courseId, courseId))
    .orderBy(asc(courseItems.position), asc(courseItems.id));
  if (rows.length === 0) return [];
  // Each video item with its renditions (one query, only when the course has videos).
  const items = await withVideos(db, rows);
  const byLesson = new Map<string, ItemRow[]>();
  for (const item of items) {
    if (item.parentId === null) continue;
    const list = byLesson.get(item.parentId) ?? [];
    list.push(item);
    byLesson.set(item.parentId, list);
  }
  return items
    .filter((item) => item.parentId === null)
    .map((lesson) => ({ lesson, subLessons: byLesson.get(lesson.id) ?? [] }));
}

/** An item's parent, for `learningOrder` (left-joined on `parentId`). */
export const itemParent = alias(courseItems, 'parent');

/**
 * Items in learning order, with `itemParent` left-joined: by their lesson's position (a lesson is
 * its own), the lesson first, then its sub-lessons by position; ties by id (creation order).
 */
export const learningOrder = [
  sql`coalesce(${itemParent.position}, ${courseItems.position})`,
  sql`coalesce(${itemParent.id}, ${courseItems.id})`,
  sql`${courseItems.parentId} nulls first`,
  asc(courseItems.position),
  asc(courseItems.id),
];

/** An item of a course's learning sequence: its id, title and kind. */
export interface SequenceItem {
  id: string;
  title: string;
  contentType: (typeof courseItems.$inferSelect)['contentType'];
}

/**
 * The learning sequence of a course (decisions.md §4): its items in learning order, its lessons
 * by position, each followed by its sub-lessons by position; equal positions (before positions
 * were unique) keep creation order (ids are v7). One query.
 */
export async function sequenceItems(tx: Tx, courseId: string): Promise<SequenceItem[]> {
  return tx
    .select({ id: courseItems.id, title: courseItems.title, contentType: courseItems.contentType })
    .from(courseItems)
    .leftJoin(itemParent, eq(itemParent.id, courseItems.parentId))
    .where(eq(courseItems.courseId, courseId))
    .orderBy(...learningOrder);
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
  const [item] = await tx
    .select({ id: courseItems.id })
    .from(courseItems)
    .where(eq(courseItems.id, itemId))
    .limit(1);
  return item ? fail('ITEM_NOT_IN_COURSE') : fail('ITEM_NOT_FOUND');
}

/** The item of the level (a lesson or a sub-lesson) with its course's owner and type, or a 404. */
export async function requireItemWithCourse(db: Tx, level: ItemLevel, id: string) {
  if (!isUuid(id)) throw fail(itemNotFound[level]);
  const [found] = await db
    .select({
      item: courseItems,
      course: { id: courses.id, ownerId: courses.ownerId, courseType: courses.courseType },
    })
    .from(courseItems)
    .innerJoin(courses, eq(courses.id, courseItems.courseId))
    .where(and(eq(courseItems.id, id), isLevel(level)))
    .limit(1);
  if (!found) throw fail(itemNotFound[level]);
  return found;
}

/**
 * The stored videos of every item of a course, with its items locked so that no item changes
 * meanwhile (for deleting the course in the same transaction).
 */
export async function lockItemFiles(tx: Tx, courseId: string): Promise<Array<string | null>> {
  const rows = await tx
    .select({ videoUrl: courseItems.videoUrl })
    .from(courseItems)
    .where(eq(courseItems.courseId, courseId))
    .for('update');
  return rows.map((row) => row.videoUrl);
}

/**
 * Puts the children of a parent (a course's lessons: `parentId` null; a lesson's sub-lessons) in
 * the order of `ids` (positions 1, 2, …), which must hold every one of them exactly once, in any
 * letter case: anything else (an item added or deleted meanwhile, a stranger's id, a repeat) is
 * ORDER_MISMATCH and changes nothing. The caller holds the parent's lock. Positions are unique
 * per parent: the children first move to negative positions, then each to its new one.
 */
export async function reorderChildren(
  tx: Tx,
  courseId: string,
  parentId: string | null,
  ids: string[],
) {
  const children = and(
    eq(courseItems.courseId, courseId),
    parentId === null ? isNull(courseItems.parentId) : eq(courseItems.parentId, parentId),
  );
  const current = await tx.select({ id: courseItems.id }).from(courseItems).where(children);
  const asked = ids.map((id) => id.toLowerCase());
  const known = new Set(current.map((row) => row.id));
  if (
    asked.length !== current.length ||
    new Set(asked).size !== asked.length ||
    asked.some((id) => !known.has(id))
  ) {
    throw fail('ORDER_MISMATCH');
  }
  await tx
    .update(courseItems)
    .set({ position: sql`-${courseItems.position}` })
    .where(children);
  for (const [index, id] of asked.entries()) {
    await tx
      .update(courseItems)
      .set({ position: index + 1 })
      .where(eq(courseItems.id, id));
  }
}

/** A course item (lesson or sub-lesson) as a quiz needs it: its kind, quiz and course. */
export interface QuizItemFacts {
  contentType: (typeof courseItems.$inferSelect)['contentType'];
  quiz: (typeof courseItems.$inferSelect)['quiz'];
  course: { id: string; ownerId: string | null };
}

/** The item's kind, quiz and course (one query). */
export async function itemFacts(tx: Tx, itemId: string): Promise<QuizItemFacts | null> {
  const [item] = await tx
    .select({
      contentType: courseItems.contentType,
      quiz: courseItems.quiz,
      course: { id: courses.id, ownerId: courses.ownerId },
    })
    .from(courseItems)
    .innerJoin(courses, eq(courses.id, courseItems.courseId))
    .where(eq(courseItems.id, itemId))
    .limit(1);
  return item ?? null;
}
