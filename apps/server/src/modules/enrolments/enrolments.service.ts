import type { Actor, OwnEnrolmentsQuery } from '@ishuri/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { courses, enrolments } from '../../db/schema';
import { requireAccess, requireActor } from '../../lib/access';
import { alreadyThere } from '../../lib/route';
import type { AppContext } from '../../context';
import { fail } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { countAll, UNPAGED_LIMIT } from '../../lib/pagination';
import { isVisible, subjectOf, visibleCourses } from '../curriculum/course.access';
import { presentEnrolment } from './enrolments.presenter';

/** Postgres foreign-key violation (the course was deleted meanwhile). */
function isForeignKeyViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 3; depth++) {
    if ((current as { code?: string }).code === '23503') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Enrols the actor in a course, free or premium. Enrolling twice is not an error: the second
 * call answers the existing enrolment with 200 instead of 201. A premium course needs Premium
 * (issue 33): an active pass, except for admins and the course's owner; 402 otherwise.
 */
export async function enrol(ctx: AppContext, caller: Actor | null, courseId: string) {
  const actor = requireActor(caller, 'enrolment:create');
  if (!isUuid(courseId)) throw fail('COURSE_NOT_FOUND');
  const db = ctx.database.db;
  const [course] = await db
    .select({
      id: courses.id,
      published: courses.published,
      ownerId: courses.ownerId,
      courseType: courses.courseType,
    })
    .from(courses)
    .where(eq(courses.id, courseId))
    .limit(1);
  if (!course || !isVisible(actor, course)) throw fail('COURSE_NOT_FOUND');
  requireAccess(actor, 'enrolment:create', await subjectOf(db, actor, course, true), () =>
    fail('PREMIUM_REQUIRED'),
  );
  try {
    const [inserted] = await db
      .insert(enrolments)
      .values({ userId: actor.id, courseId })
      .onConflictDoNothing()
      .returning();
    if (inserted) return presentEnrolment(inserted);
  } catch (error) {
    if (isForeignKeyViolation(error)) throw fail('COURSE_NOT_FOUND');
    throw error;
  }
  const [existing] = await db
    .select()
    .from(enrolments)
    .where(and(eq(enrolments.userId, actor.id), eq(enrolments.courseId, courseId)))
    .limit(1);
  // Deleted between the two statements (the course went away): nothing left to enrol in.
  if (!existing) throw fail('COURSE_NOT_FOUND');
  return alreadyThere(presentEnrolment(existing));
}

/**
 * The actor's own enrolments, newest first (at most UNPAGED_LIMIT); with `courseIds`, only those
 * in the named courses (a screen asks for what it shows).
 */
export async function listOwnEnrolments(
  ctx: AppContext,
  caller: Actor | null,
  query: OwnEnrolmentsQuery = {},
) {
  const actor = requireActor(caller, 'enrolment:readOwn');
  const only = query.courseIds
    ? [...new Set(query.courseIds.split(',').map((id) => id.toLowerCase()))]
    : null;
  // Enrolments in courses made drafts again are not shown (the course is gone for the learner).
  const rows = await ctx.database.db
    .select({ enrolment: enrolments })
    .from(enrolments)
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .where(
      and(
        eq(enrolments.userId, actor.id),
        only ? inArray(enrolments.courseId, only) : undefined,
        visibleCourses(actor),
      ),
    )
    .orderBy(desc(enrolments.createdAt), desc(enrolments.courseId))
    .limit(UNPAGED_LIMIT);
  return rows.map((row) => presentEnrolment(row.enrolment));
}

export async function countOwnEnrolments(ctx: AppContext, caller: Actor | null) {
  const actor = requireActor(caller, 'enrolment:readOwn');
  const [row] = await ctx.database.db
    .select({ n: countAll })
    .from(enrolments)
    .where(eq(enrolments.userId, actor.id));
  return { count: row?.n ?? 0 };
}

/** Every enrolment on the platform (admin). */
export async function countAllEnrolments(ctx: AppContext, actor: Actor | null) {
  requireAccess(actor, 'enrolment:countAll');
  const [row] = await ctx.database.db.select({ n: countAll }).from(enrolments);
  return { count: row?.n ?? 0 };
}
