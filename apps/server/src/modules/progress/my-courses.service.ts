import type { Actor, ContentType, MyCourse } from '@ishuri/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { certificates, courseItems, courses, enrolments, progress } from '../../db/schema';
import { requireActor } from '../../lib/access';
import type { AppContext } from '../../context';
import { DEFAULT_PAGE_SIZE } from '../../lib/pagination';
import { presentCourse } from '../courses/courses.presenter';
import { itemParent, learningOrder } from '../curriculum/course-tree';

interface Item {
  id: string;
  title: string;
  contentType: ContentType;
}

/**
 * The items of several courses, each course's in learning order (lessons by position, each
 * followed by its sub-lessons by position; the order of course-tree.ts), in one query.
 */
async function itemsOfCourses(db: Tx, courseIds: string[]): Promise<Map<string, Item[]>> {
  const byCourse = new Map<string, Item[]>(courseIds.map((id) => [id, []]));
  if (courseIds.length === 0) return byCourse;
  const rows = await db
    .select({
      id: courseItems.id,
      courseId: courseItems.courseId,
      title: courseItems.title,
      contentType: courseItems.contentType,
    })
    .from(courseItems)
    .leftJoin(itemParent, eq(itemParent.id, courseItems.parentId))
    .where(inArray(courseItems.courseId, courseIds))
    .orderBy(...learningOrder);
  for (const { courseId, ...item } of rows) byCourse.get(courseId)!.push(item);
  return byCourse;
}

/**
 * GET /api/progress/courses: the caller's courses (every course with saved progress or an
 * enrolment), the most recently active first, one page at a time. A page is read in five
 * queries whatever its size: the page of course ids with their last activity (and the total),
 * the courses, their items, the caller's completed items and certificates among them.
 */
export async function listMyCourses(
  ctx: AppContext,
  caller: Actor | null,
  query: { page?: number; pageSize?: number },
) {
  const actor = requireActor(caller, 'progress:readOwn');
  const db = ctx.database.db;
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;

  const activity = db.$with('activity').as(
    db
      .select({
        courseId: sql<string>`course_id`.as('course_id'),
        lastAt: sql<Date>`max(at)`.as('last_at'),
      })
      .from(
        sql`(select ${progress.courseId} as course_id, ${progress.updatedAt} as at from ${progress} where ${progress.userId} = ${actor.id}
             union all
             select ${enrolments.courseId}, ${enrolments.createdAt} from ${enrolments} where ${enrolments.userId} = ${actor.id}) as mine`,
      )
      .groupBy(sql`course_id`),
  );
  const pageRows = await db
    .with(activity)
    .select({
      courseId: activity.courseId,
      lastAt: activity.lastAt,
      total: sql<number>`cast(count(*) over () as integer)`,
    })
    .from(activity)
    // A course made a draft again stays in its learners' lists (issue 32, point 9): it is being
    // updated, `course.published` false says so, and their progress is kept. Only the caller's
    // own courses are here, so no other draft shows.
    .innerJoin(courses, eq(courses.id, activity.courseId))
    .orderBy(desc(activity.lastAt), desc(activity.courseId))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  // A page past the end still says how many there are.
  const total =
    pageRows[0]?.total ??
    (page > 1
      ? ((
          await db
            .with(activity)
            .select({ total: sql<number>`cast(count(*) as integer)` })
            .from(activity)
            .innerJoin(courses, eq(courses.id, activity.courseId))
        )[0]?.total ?? 0)
      : 0);
  const ids = pageRows.map((row) => row.courseId);
  if (ids.length === 0) return { data: [] as MyCourse[], total, page, pageSize };

  const [courseRows, items, done, enrolled, issued] = await Promise.all([
    db.select().from(courses).where(inArray(courses.id, ids)),
    itemsOfCourses(db, ids),
    db
      .select({ itemId: progress.itemId })
      .from(progress)
      .where(
        and(
          eq(progress.userId, actor.id),
          inArray(progress.courseId, ids),
          eq(progress.completed, true),
        ),
      ),
    db
      .select({ courseId: enrolments.courseId })
      .from(enrolments)
      .where(and(eq(enrolments.userId, actor.id), inArray(enrolments.courseId, ids))),
    db
      .select({
        id: certificates.id,
        courseId: certificates.courseId,
        certificateCode: certificates.certificateCode,
      })
      .from(certificates)
      .where(and(eq(certificates.userId, actor.id), inArray(certificates.courseId, ids))),
  ]);
  const courseById = new Map(courseRows.map((row) => [row.id, row]));
  const completedItems = new Set(done.map((row) => row.itemId));
  const enrolledIn = new Set(enrolled.map((row) => row.courseId));
  const certificateOf = new Map(issued.map((row) => [row.courseId, row]));

  const data = pageRows.flatMap(({ courseId, lastAt }): MyCourse[] => {
    const course = courseById.get(courseId);
    if (!course) return []; // deleted between the two reads
    const courseItems = items.get(courseId) ?? [];
    const completedCount = courseItems.filter((item) => completedItems.has(item.id)).length;
    const next = courseItems.find((item) => !completedItems.has(item.id)) ?? null;
    const certificate = certificateOf.get(courseId);
    const { ownerId: _owner, ...shown } = presentCourse(course, null);
    return [
      {
        course: shown,
        enrolled: enrolledIn.has(courseId),
        totalItems: courseItems.length,
        completedItems: completedCount,
        percent: courseItems.length ? Math.floor((completedCount * 100) / courseItems.length) : 0,
        completed: courseItems.length > 0 && next === null,
        nextItem: next,
        lastActivityAt: new Date(lastAt).toISOString(),
        certificate: certificate
          ? { id: certificate.id, certificateCode: certificate.certificateCode }
          : null,
      },
    ];
  });
  return { data, total, page, pageSize };
}
