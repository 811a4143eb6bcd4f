import { OVERVIEW_COURSES, OVERVIEW_RESULTS } from '@ishuri/contract';
import type { Actor, ReportOverview } from '@ishuri/contract';
import { and, countDistinct, count, desc, eq } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { courseItems, courses, enrolments, quizAttempts, users } from '../../db/schema';
import { requireActor } from '../../lib/access';
import type { AppContext } from '../../context';

/**
 * GET /api/report/overview (issue 32, point 14): the dashboard home of those who teach. An
 * instructor sees their own courses only (so never another instructor's learners or results);
 * an admin sees every course. Figures are counted by the database; lists are bounded.
 */
export async function reportOverview(
  ctx: AppContext,
  caller: Actor | null,
): Promise<ReportOverview> {
  const actor = requireActor(caller, 'report:overview');
  const db = ctx.database.db;
  // The role matrix's gate lets instructors and admins in; only admins see every course.
  const scope: SQL | undefined = actor.role === 'admin' ? undefined : eq(courses.ownerId, actor.id);

  const [courseTotal, latest, learnerTotal, results] = await Promise.all([
    db.select({ total: count() }).from(courses).where(scope),
    db
      .select({
        id: courses.id,
        title: courses.title,
        courseType: courses.courseType,
        published: courses.published,
      })
      .from(courses)
      .where(scope)
      .orderBy(desc(courses.createdAt), desc(courses.id))
      .limit(OVERVIEW_COURSES),
    db
      .select({ total: countDistinct(enrolments.userId) })
      .from(enrolments)
      .innerJoin(courses, eq(courses.id, enrolments.courseId))
      .where(scope),
    db
      .select({
        id: quizAttempts.id,
        firstName: users.firstName,
        lastName: users.lastName,
        courseId: courses.id,
        courseTitle: courses.title,
        itemTitle: courseItems.title,
        score: quizAttempts.score,
        passed: quizAttempts.passed,
        at: quizAttempts.createdAt,
      })
      .from(quizAttempts)
      .innerJoin(courses, eq(courses.id, quizAttempts.courseId))
      .innerJoin(users, eq(users.id, quizAttempts.userId))
      .innerJoin(
        courseItems,
        and(
          eq(courseItems.courseId, quizAttempts.courseId),
          eq(courseItems.id, quizAttempts.itemId),
        ),
      )
      .where(scope)
      .orderBy(desc(quizAttempts.createdAt), desc(quizAttempts.id))
      .limit(OVERVIEW_RESULTS),
  ]);

  return {
    courses: { total: Number(courseTotal[0]?.total ?? 0), latest },
    learners: Number(learnerTotal[0]?.total ?? 0),
    quizResults: results.map((row) => ({
      id: row.id,
      learnerName: `${row.firstName} ${row.lastName}`.trim(),
      courseId: row.courseId,
      courseTitle: row.courseTitle,
      itemTitle: row.itemTitle,
      score: row.score,
      passed: row.passed,
      at: row.at.toISOString(),
    })),
  };
}
