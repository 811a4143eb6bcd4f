import { createCourseFieldsSchema } from '@ishuri/contract';
import type { Actor, CourseListQuery } from '@ishuri/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { courses, lessons, subLessons } from '../../db/schema';
import { authorize } from '../../lib/auth-guard';
import type { AppContext } from '../../lib/context';
import { uuidv7 } from '../../lib/ids';
import { countAll, listResponse, planList } from '../../lib/pagination';
import { deleteStoredFiles, withUpload } from '../../lib/uploads';
import { parseFields } from '../../lib/validation';
import { presentLesson } from '../lessons/lessons.presenter';
import { readCourseLessons } from '../lessons/lessons.service';
import type { UploadSource } from '../../lib/uploads';
import { contentAccess, courseNotFound, requireCourse } from './course-access';
import { presentCourse } from './courses.presenter';

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
  const conditions: SQL[] = [];
  if (kind !== 'all') conditions.push(eq(courses.courseType, kind));
  if (kind === 'premium') authorize(actor, 'course:listPremium');
  if (query.mine === 'true') {
    authorize(actor, 'course:listManaged');
    conditions.push(eq(courses.ownerId, actor!.id));
  }
  const plan = planList(
    {
      searchable: [courses.title, courses.description],
      sortable: {
        title: courses.title,
        courseType: courses.courseType,
        createdAt: courses.createdAt,
      },
      defaultOrder: [desc(courses.createdAt), desc(courses.id)],
      where: conditions.length ? and(...conditions) : undefined,
    },
    query,
  );
  const db = ctx.database.db;
  const rows = await db
    .select()
    .from(courses)
    .where(plan.where)
    .orderBy(...plan.orderBy)
    .limit(plan.limit ?? Number.MAX_SAFE_INTEGER)
    .offset(plan.offset ?? 0);
  const total = plan.paged
    ? ((await db.select({ n: countAll }).from(courses).where(plan.where))[0]?.n ?? 0)
    : rows.length;
  return listResponse(
    plan,
    rows.map((row) => presentCourse(row, actor)),
    total,
  );
}

/** GET /api/course/single/{id}: the course, its lessons and their sub-lessons, in order. */
export async function getCourse(ctx: AppContext, actor: Actor | null, id: string) {
  const db = ctx.database.db;
  const course = await requireCourse(db, id);
  const access = await contentAccess(ctx, actor, course);
  const items = await readCourseLessons(db, course.id);
  return {
    ...presentCourse(course, actor),
    lessons: items.map(({ lesson, subLessons: subs }) => presentLesson(lesson, subs, access)),
  };
}

/** POST /api/course/create: the creator becomes the owner; the image is optional. */
export async function createCourse(ctx: AppContext, actor: Actor, receive: UploadSource) {
  authorize(actor, 'course:create');
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
      })
      .returning();
    return presentCourse(row!, actor);
  });
}

/**
 * DELETE /api/course/delete/{id}: admins any course, instructors their own. The database removes
 * lessons, sub-lessons, enrolments and progress; certificates stay. The stored image and videos
 * are deleted after the commit. Lesson rows are locked so that no item is added meanwhile.
 */
export async function deleteCourse(ctx: AppContext, actor: Actor, id: string) {
  const db = ctx.database.db;
  const course = await requireCourse(db, id);
  authorize(actor, 'course:manage', { ownerId: course.ownerId });
  const files = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ imageUrl: courses.imageUrl })
      .from(courses)
      .where(eq(courses.id, course.id))
      .for('update');
    if (!locked) throw courseNotFound();
    const lessonRows = await tx
      .select({ videoUrl: lessons.videoUrl })
      .from(lessons)
      .where(eq(lessons.courseId, course.id))
      .for('update');
    const subRows = await tx
      .select({ videoUrl: subLessons.videoUrl })
      .from(subLessons)
      .innerJoin(lessons, eq(lessons.id, subLessons.lessonId))
      .where(eq(lessons.courseId, course.id));
    await tx.delete(courses).where(eq(courses.id, course.id));
    return [
      locked.imageUrl,
      ...lessonRows.map((row) => row.videoUrl),
      ...subRows.map((row) => row.videoUrl),
    ];
  });
  await deleteStoredFiles(ctx, files);
}
