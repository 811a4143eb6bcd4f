import { can } from '@ishuri/contract';
import type { Action, Actor, Subject } from '@ishuri/contract';
import { and, eq, gt, lte, or } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { courses, enrolments, premiumPasses } from '../../db/schema';
import { requireAccess } from '../../lib/access';
import type { AppContext } from '../../context';
import { fail } from '../../lib/errors';
import { isUuid } from '../../lib/ids';

/**
 * The course access helper: the one place that gathers what a course rule needs (the course's
 * owner and type, and whether the caller is enrolled) and checks the rule of the role matrix.
 * Every service of the course side calls it before reading or changing a course's records.
 */

export type CourseRow = typeof courses.$inferSelect;

export async function findCourse(db: Tx, id: string): Promise<CourseRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(courses).where(eq(courses.id, id)).limit(1);
  return row ?? null;
}

/** The course, or a 404 (an unknown id and a malformed one alike). */
export async function requireCourse(db: Tx, id: string): Promise<CourseRow> {
  const row = await findCourse(db, id);
  if (!row) throw fail('COURSE_NOT_FOUND');
  return row;
}

/**
 * Drafts (issue 12): a course that is not published is seen only by those who may manage it
 * (its owner, admins). To anyone else it does not exist: no list shows it and every read of it
 * answers 404, as for an unknown id. Its stored files keep their unguessable names; a free
 * course's files are public by URL, as before, for whoever already had the link.
 */
export function isVisible(
  actor: Actor | null,
  course: Pick<CourseRow, 'published' | 'ownerId'>,
): boolean {
  return course.published || can(actor, 'course:manage', { ownerId: course.ownerId });
}

/** The course, or a 404: unknown, malformed, or a draft the caller may not manage. */
export async function requireVisibleCourse(
  db: Tx,
  actor: Actor | null,
  id: string,
): Promise<CourseRow> {
  const row = await requireCourse(db, id);
  if (!isVisible(actor, row)) throw fail('COURSE_NOT_FOUND');
  return row;
}

/** The courses a list may show the actor: published ones, and the drafts it may manage. */
export function visibleCourses(actor: Actor | null): SQL | undefined {
  if (actor?.role === 'admin') return undefined;
  if (actor?.role === 'instructor') {
    return or(eq(courses.published, true), eq(courses.ownerId, actor.id));
  }
  return eq(courses.published, true);
}

export async function isEnrolled(db: Tx, userId: string, courseId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: enrolments.userId })
    .from(enrolments)
    .where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId)))
    .limit(1);
  return row !== undefined;
}

type CourseFacts = Pick<CourseRow, 'id' | 'courseType' | 'ownerId'>;

/**
 * Premium (issue 33): the enrolment, and whether the caller holds Premium for the course (an
 * active pass, or an enrolment made before passes existed), in one query.
 */
async function enrolmentAndPremium(
  db: Tx,
  userId: string,
  courseId: string,
): Promise<{ enrolled: boolean; premium: boolean }> {
  const [enrolment] = await db
    .select({ legacy: enrolments.legacyAccess })
    .from(enrolments)
    .where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId)))
    .limit(1);
  if (enrolment?.legacy) return { enrolled: true, premium: true };
  return { enrolled: enrolment !== undefined, premium: await holdsPass(db, userId) };
}

/** Whether the user's Premium pass is active now. */
export async function holdsPass(db: Tx, userId: string): Promise<boolean> {
  const now = new Date();
  const [pass] = await db
    .select({ userId: premiumPasses.userId })
    .from(premiumPasses)
    .where(
      and(
        eq(premiumPasses.userId, userId),
        lte(premiumPasses.startsAt, now),
        gt(premiumPasses.endsAt, now),
      ),
    )
    .limit(1);
  return pass !== undefined;
}

/**
 * What the rules know of a course for this caller; enrolment (and, for a premium course, the
 * caller's Premium) is read only when it matters.
 */
export async function subjectOf(
  db: Tx,
  actor: Actor | null,
  course: CourseFacts,
  needsEnrolment: boolean,
): Promise<Subject> {
  const subject: Subject = { courseType: course.courseType, ownerId: course.ownerId };
  if (needsEnrolment && actor) {
    if (course.courseType === 'premium') {
      const facts = await enrolmentAndPremium(db, actor.id, course.id);
      subject.enrolled = facts.enrolled;
      subject.premium = facts.premium;
    } else subject.enrolled = await isEnrolled(db, actor.id, course.id);
  }
  return subject;
}

/**
 * The refusal of a rule that read the subject: 402 PREMIUM_REQUIRED where Premium is what is
 * missing (a premium course the caller is enrolled in, without a pass: an ended pass), else
 * `otherwise`.
 */
export function premiumOr(subject: Subject, otherwise: () => Error): () => Error {
  return () =>
    subject.courseType === 'premium' && subject.enrolled === true && subject.premium !== true
      ? fail('PREMIUM_REQUIRED')
      : otherwise();
}

/**
 * Checks `action` on the course (401/403 by the role matrix), reading the enrolment only when
 * the answer depends on it; `refused` replaces the 403 where the product names the reason.
 * Answers what the rule knew, so a caller can tell an enrolled learner from an owner.
 */
export async function requireCourseAccess(
  db: Tx,
  actor: Actor | null,
  action: Action,
  course: CourseFacts,
  refused?: () => Error,
): Promise<Subject> {
  let subject = await subjectOf(db, actor, course, false);
  if (!can(actor, action, subject) && actor) subject = await subjectOf(db, actor, course, true);
  requireAccess(actor, action, subject, refused);
  return subject;
}

/**
 * Whether the reader may see the content and videos of the course's items (decisions.md §3):
 * everyone for a free course; for a premium one, admins, the owner and enrolled learners.
 */
export async function canReadContent(
  db: Tx,
  actor: Actor | null,
  course: CourseFacts,
): Promise<boolean> {
  const subject = await subjectOf(db, actor, course, false);
  if (can(actor, 'course:readContent', subject)) return true;
  return (
    actor !== null && can(actor, 'course:readContent', await subjectOf(db, actor, course, true))
  );
}

/**
 * What a reader gets of a course's items: nothing (`false`: a premium course the reader may not
 * open), or the content with each stored video URL made into the URL this reader plays (signed
 * for a premium course, decisions.md §5).
 */
export type ContentAccess = false | ((storedUrl: string) => string);

/**
 * The URL a reader plays for a stored video of a course of this type: free courses' media are
 * public; premium ones are signed and expire (decisions.md §5).
 */
export function mediaLink(ctx: AppContext, courseType: CourseRow['courseType']) {
  return courseType === 'premium' ? (url: string) => ctx.media.sign(url) : (url: string) => url;
}

/** What the reader gets of the course's items: nothing, or content with playable video URLs. */
export async function contentAccess(
  ctx: AppContext,
  actor: Actor | null,
  course: CourseFacts,
): Promise<ContentAccess> {
  if (!(await canReadContent(ctx.database.db, actor, course))) return false;
  return mediaLink(ctx, course.courseType);
}
