import { createCourseFieldsSchema, updateCourseFieldsSchema } from '@ishuri/contract';
import type { Actor, Course, CourseListQuery } from '@ishuri/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { courses, enrolments, progress, users } from '../../db/schema';
import { requireAccess, requireActor } from '../../lib/access';
import type { AppContext } from '../../context';
import { fail } from '../../lib/errors';
import { uuidv7 } from '../../lib/ids';
import { listPage } from '../../lib/pagination';
import { deleteStoredFiles, withUpload } from '../media/uploads';
import type { UploadSource } from '../media/uploads';
import { parseFields } from '../../lib/validation';
import {
  contentAccess,
  isVisible,
  requireCourse,
  requireCourseAccess,
  requireVisibleCourse,
  visibleCourses,
} from '../curriculum/course.access';
import type { Tx } from '../../db/client';
import { lockItemFiles, readCourseLessons } from '../curriculum/course-tree';
import { presentLesson } from '../curriculum/lessons.presenter';
import { presentCourse } from './courses.presenter';
import { deleteResourceFile, resourceKeysOf } from '../resources/resource-files';

export type CourseListKind = 'all' | 'free' | 'premium';

/**
 * GET /api/course/free, /premium and /all (decisions.md §1: page, pageSize, q, sort). On /all,
 * `mine=true` keeps the caller's own courses (admins and instructors).
 */
export async function listCourses(
  ctx: AppContext,
  actor: Actor | null,
  kind: CourseListKind,
  query: CourseListQuery,
) {
  requireAccess(actor, kind === 'premium' ? 'course:listPremium' : 'course:read');
  const conditions: SQL[] = [];
  // The catalogues (free, premium) are what learners see: published courses only. The list of
  // all courses also shows the drafts the caller may manage (the course manager).
  if (kind !== 'all') conditions.push(eq(courses.courseType, kind), eq(courses.published, true));
  else {
    const visible = visibleCourses(actor);
    if (visible) conditions.push(visible);
  }
  if (query.mine === 'true') {
    const manager = requireActor(actor, 'course:listManaged');
    conditions.push(eq(courses.ownerId, manager.id));
  }
  const spec = {
    searchable: [courses.title, courses.description],
    sortable: {
      title: courses.title,
      courseType: courses.courseType,
      createdAt: courses.createdAt,
    },
    defaultOrder: [desc(courses.createdAt), desc(courses.id)],
    where: conditions.length ? and(...conditions) : undefined,
  };
  const page = await listPage(ctx.database.db, courses, spec, query, (row) =>
    presentCourse(row, actor),
  );
  return withOwnerNames(ctx, page);
}

/**
 * The owners' names of the courses that carry their owner's id (those the caller may manage):
 * one query for the page. A course whose owner was deleted has none.
 */
async function withOwnerNames<P extends { data: Course[] }>(ctx: AppContext, page: P): Promise<P> {
  const ids = [...new Set(page.data.flatMap((course) => (course.ownerId ? [course.ownerId] : [])))];
  const names = new Map<string, string>();
  if (ids.length) {
    const rows = await ctx.database.db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(inArray(users.id, ids));
    for (const row of rows) names.set(row.id, `${row.firstName} ${row.lastName}`.trim());
  }
  for (const course of page.data) {
    if (course.ownerId !== undefined)
      course.ownerName = course.ownerId ? (names.get(course.ownerId) ?? null) : null;
  }
  return page;
}

/** Whether the user is enrolled in the course or has saved progress in it. */
async function isLearnerOf(db: Tx, userId: string, courseId: string): Promise<boolean> {
  const [enrolled] = await db
    .select({ userId: enrolments.userId })
    .from(enrolments)
    .where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId)))
    .limit(1);
  if (enrolled) return true;
  const [started] = await db
    .select({ userId: progress.userId })
    .from(progress)
    .where(and(eq(progress.userId, userId), eq(progress.courseId, courseId)))
    .limit(1);
  return started !== undefined;
}

/**
 * GET /api/course/single/{id}: the course, its lessons and their sub-lessons, in order.
 *
 * A draft is a 404 to whoever may not manage it (issue 12), except to its own learners (issue
 * 32, point 9): a course put back to draft is being updated, and those enrolled in it (or with
 * progress in it) get COURSE_BEING_UPDATED (403), which their learn page tells as "back soon";
 * their progress is kept. Nothing of the course is in that answer.
 */
export async function getCourse(ctx: AppContext, actor: Actor | null, id: string) {
  const db = ctx.database.db;
  const course = await requireCourse(db, id);
  if (!isVisible(actor, course)) {
    if (actor && (await isLearnerOf(db, actor.id, course.id))) throw fail('COURSE_BEING_UPDATED');
    throw fail('COURSE_NOT_FOUND');
  }
  await requireCourseAccess(db, actor, 'course:read', course);
  const access = await contentAccess(ctx, actor, course);
  const items = await readCourseLessons(db, course.id);
  return {
    ...presentCourse(course, actor),
    lessons: items.map(({ lesson, subLessons: subs }) => presentLesson(lesson, subs, access)),
  };
}

/** POST /api/course/create: the creator becomes the owner; the image is optional. */
export async function createCourse(ctx: AppContext, caller: Actor | null, receive: UploadSource) {
  const actor = requireActor(caller, 'course:create');
  const upload = await receive({ field: 'imageUrl', kind: 'image' });
  return withUpload(ctx, upload, async () => {
    const fields = parseFields(createCourseFieldsSchema, upload.fields);
    const [row] = await ctx.database.db
      .insert(courses)
      .values({
        id: uuidv7(),
        title: fields.title,
        description: fields.description,
        courseType: fields.courseType,
        imageUrl: upload.file?.url ?? null,
        ownerId: actor.id,
        published: fields.published,
      })
      .returning();
    return presentCourse(row!, actor);
  });
}

/**
 * PUT /api/course/update/{id}: admins any course, instructors their own. Only the fields sent
 * change; a new image replaces the old one, whose file is deleted after the commit.
 */
export async function updateCourse(
  ctx: AppContext,
  actor: Actor | null,
  id: string,
  receive: UploadSource,
) {
  const db = ctx.database.db;
  const course = await requireVisibleCourse(db, actor, id);
  await requireCourseAccess(db, actor, 'course:manage', course);
  const upload = await receive({ field: 'imageUrl', kind: 'image' });
  return withUpload(ctx, upload, async () => {
    const fields = parseFields(updateCourseFieldsSchema, upload.fields);
    const { row, oldImage } = await db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ imageUrl: courses.imageUrl })
        .from(courses)
        .where(eq(courses.id, course.id))
        .for('update');
      if (!locked) throw fail('COURSE_NOT_FOUND');
      const [updated] = await tx
        .update(courses)
        .set({
          ...(fields.title !== undefined ? { title: fields.title } : {}),
          ...(fields.description !== undefined ? { description: fields.description } : {}),
          ...(fields.courseType !== undefined ? { courseType: fields.courseType } : {}),
          ...(fields.published !== undefined ? { published: fields.published } : {}),
          ...(upload.file ? { imageUrl: upload.file.url } : {}),
        })
        .where(eq(courses.id, course.id))
        .returning();
      return { row: updated!, oldImage: upload.file ? locked.imageUrl : null };
    });
    if (oldImage) await deleteStoredFiles(ctx, [oldImage]);
    return presentCourse(row, actor);
  });
}

/**
 * DELETE /api/course/delete/{id}: admins any course, instructors their own. The database removes
 * lessons, sub-lessons, enrolments and progress; certificates stay. The stored image and videos
 * are deleted after the commit. Lesson rows are locked so that no item is added meanwhile.
 */
export async function deleteCourse(ctx: AppContext, actor: Actor | null, id: string) {
  const db = ctx.database.db;
  const course = await requireVisibleCourse(db, actor, id);
  await requireCourseAccess(db, actor, 'course:manage', course);
  const files = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ imageUrl: courses.imageUrl })
      .from(courses)
      .where(eq(courses.id, course.id))
      .for('update');
    if (!locked) throw fail('COURSE_NOT_FOUND');
    const videos = await lockItemFiles(tx, course.id);
    const resources = await resourceKeysOf(tx, course.id);
    await tx.delete(courses).where(eq(courses.id, course.id));
    return { public: [locked.imageUrl, ...videos], resources };
  });
  await deleteStoredFiles(ctx, files.public);
  // Course resources (issue 34, point 1): their files are in the private storage.
  for (const key of files.resources) await deleteResourceFile(ctx, key);
}
