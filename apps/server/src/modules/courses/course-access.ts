import { can, messages } from '@ishuri/contract';
import type { Actor } from '@ishuri/contract';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { courses, enrolments } from '../../db/schema';
import { fail } from '../../lib/errors';
import type { AppContext } from '../../lib/context';
import { isUuid } from '../../lib/ids';
import type { ContentAccess } from '../lessons/lessons.presenter';
import type { CourseRow } from './courses.presenter';

export const courseNotFound = () => fail('COURSE_NOT_FOUND');

export async function findCourse(db: Tx, id: string): Promise<CourseRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(courses).where(eq(courses.id, id)).limit(1);
  return row ?? null;
}

/** The course, or a 404 (an unknown id and a malformed one alike). */
export async function requireCourse(db: Tx, id: string): Promise<CourseRow> {
  const row = await findCourse(db, id);
  if (!row) throw courseNotFound();
  return row;
}

export async function isEnrolled(db: Tx, userId: string, courseId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: enrolments.userId })
    .from(enrolments)
    .where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Whether the reader may see the content and videos of the course's lessons (decisions.md §3):
 * everyone for a free course; for a premium one, admins, the owner and enrolled learners.
 */
export async function canReadContent(
  db: Tx,
  actor: Actor | null,
  course: Pick<CourseRow, 'id' | 'courseType' | 'ownerId'>,
): Promise<boolean> {
  const subject = { courseType: course.courseType, ownerId: course.ownerId, enrolled: false };
  if (can(actor, 'course:readContent', subject)) return true;
  if (!actor) return false;
  subject.enrolled = await isEnrolled(db, actor.id, course.id);
  return can(actor, 'course:readContent', subject);
}

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
  course: Pick<CourseRow, 'id' | 'courseType' | 'ownerId'>,
): Promise<ContentAccess> {
  if (!(await canReadContent(ctx.database.db, actor, course))) return false;
  return mediaLink(ctx, course.courseType);
}
