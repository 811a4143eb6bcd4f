import type { Actor, CourseFunnel, ListQuery, ReportLearner } from '@ishuri/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { enrolments, progress, quizAttempts, users } from '../../db/schema';
import { requireAccess } from '../../lib/access';
import type { AppContext } from '../../context';
import { fail } from '../../lib/errors';
import { messages } from '../../lib/i18n';
import { DEFAULT_PAGE_SIZE } from '../../lib/pagination';
import { csvText } from '../../lib/csv';
import { requireCourse } from '../curriculum/course.access';
import { sequenceItems } from '../curriculum/course-tree';

/**
 * A course's reports (issue 17), for its owner and admins. Its learners are the users enrolled
 * in it, or who saved progress or answered a quiz in it. Every figure is counted by the
 * database from the rows (never kept apart), so it is what the tables hold now.
 */

async function managedCourse(ctx: AppContext, caller: Actor | null, courseId: string) {
  const db = ctx.database.db;
  const course = await requireCourse(db, courseId);
  requireAccess(caller, 'course:manage', { ownerId: course.ownerId });
  return { db, course, items: await sequenceItems(db, course.id) };
}

/** The learners of the course: a SQL table of user ids. */
const learnersOf = (courseId: string) => sql`(
  select user_id from ${enrolments} where course_id = ${courseId}
  union select user_id from ${progress} where course_id = ${courseId}
  union select user_id from ${quizAttempts} where course_id = ${courseId}
)`;

const sortable: Record<string, string> = {
  lastActivity: 'last_activity',
  firstName: 'lower(u.first_name)',
  lastName: 'lower(u.last_name)',
  email: 'lower(u.email)',
  percent: 'items_done',
};

interface LearnerRow extends Record<string, unknown> {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  enrolled: boolean;
  items_done: number | string;
  last_activity: string | Date;
  total: number | string;
}

/** One page (or, for the CSV, all) of the course's learners with their figures. */
async function learnerRows(
  ctx: AppContext,
  caller: Actor | null,
  courseId: string,
  query: ListQuery,
  paged: boolean,
) {
  const { db, course, items } = await managedCourse(ctx, caller, courseId);
  const [field, direction] = (query.sort ?? 'lastActivity:desc').split(':') as [string, string];
  // Only the table's own fields: `constructor` is on every object's prototype.
  const order = Object.hasOwn(sortable, field) ? sortable[field] : undefined;
  if (!order) {
    throw fail('BAD_SORT', {
      message: messages.sortNotPossible(field),
      fields: { sort: messages.sortUseOneOf(Object.keys(sortable).join(', ')) },
    });
  }
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const page = query.page ?? 1;
  const itemIds = items.map((item) => item.id);
  const q = query.q ? `%${query.q.toLowerCase()}%` : null;
  // Done items are counted among the course's items of now (a removed item does not count).
  const done = itemIds.length
    ? sql`(select count(*) from ${progress} p where p.user_id = u.id and p.course_id = ${course.id}
          and p.completed and p.item_id in (${sql.join(
            itemIds.map((id) => sql`${id}`),
            sql`, `,
          )}))`
    : sql`0`;
  const result = (await db.execute(sql`
    select u.id, u.first_name, u.last_name, u.email,
      exists (select 1 from ${enrolments} e where e.user_id = u.id and e.course_id = ${course.id}) as enrolled,
      ${done} as items_done,
      greatest(
        (select max(e.created_at) from ${enrolments} e where e.user_id = u.id and e.course_id = ${course.id}),
        (select max(p.updated_at) from ${progress} p where p.user_id = u.id and p.course_id = ${course.id}),
        (select max(a.created_at) from ${quizAttempts} a where a.user_id = u.id and a.course_id = ${course.id})
      ) as last_activity,
      count(*) over () as total
    from ${users} u
    where u.id in ${learnersOf(course.id)}
      ${q ? sql`and (lower(u.first_name) like ${q} or lower(u.last_name) like ${q} or lower(u.email) like ${q})` : sql``}
    order by ${sql.raw(order)} ${sql.raw(direction === 'asc' ? 'asc' : 'desc')}, u.id asc
    ${paged ? sql`limit ${pageSize} offset ${(page - 1) * pageSize}` : sql`limit 100000`}
  `)) as unknown as { rows: LearnerRow[] };
  const rows = result.rows;

  const quizzes = items.filter((item) => item.contentType === 'quiz');
  const userIds = rows.map((row) => row.id);
  const scores =
    quizzes.length && userIds.length
      ? await db
          .select({
            userId: quizAttempts.userId,
            itemId: quizAttempts.itemId,
            best: sql<number>`max(${quizAttempts.score})`.mapWith(Number),
            attempts: sql<number>`count(*)`.mapWith(Number),
            passed: sql<boolean>`bool_or(${quizAttempts.passed})`,
          })
          .from(quizAttempts)
          .where(
            and(
              eq(quizAttempts.courseId, course.id),
              inArray(quizAttempts.userId, userIds),
              inArray(
                quizAttempts.itemId,
                quizzes.map((quiz) => quiz.id),
              ),
            ),
          )
          .groupBy(quizAttempts.userId, quizAttempts.itemId)
      : [];
  const scoreOf = new Map(scores.map((score) => [`${score.userId}:${score.itemId}`, score]));
  const learners: ReportLearner[] = rows.map((row) => {
    const itemsDone = Number(row.items_done);
    return {
      userId: row.id,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      enrolled: Boolean(row.enrolled),
      itemsDone,
      totalItems: items.length,
      percent: items.length ? Math.floor((itemsDone * 100) / items.length) : 0,
      lastActivityAt: new Date(row.last_activity).toISOString(),
      quizzes: quizzes.map((quiz) => {
        const score = scoreOf.get(`${row.id}:${quiz.id}`);
        return {
          itemId: quiz.id,
          title: quiz.title,
          best: score ? score.best : null,
          attempts: score?.attempts ?? 0,
          passed: Boolean(score?.passed),
        };
      }),
    };
  });
  return { course, quizzes, learners, total: Number(rows[0]?.total ?? 0), page, pageSize };
}

/** GET /api/report/{courseId}/learners: a page of the course's learners. */
export async function listCourseLearners(
  ctx: AppContext,
  caller: Actor | null,
  courseId: string,
  query: ListQuery,
) {
  const { learners, total, page, pageSize } = await learnerRows(ctx, caller, courseId, query, true);
  return { data: learners, total, page, pageSize };
}

/** GET /api/report/{courseId}/learners.csv: every learner, as the table shows them. */
export async function courseLearnersCsv(
  ctx: AppContext,
  caller: Actor | null,
  courseId: string,
  query: Pick<ListQuery, 'q' | 'sort'>,
) {
  const { course, quizzes, learners } = await learnerRows(ctx, caller, courseId, query, false);
  const header = [
    messages.firstName,
    messages.lastName,
    messages.email,
    messages.reportEnrolled,
    messages.reportItemsDone,
    messages.reportPercent,
    messages.reportLastActivity,
    ...quizzes.flatMap((quiz) => [
      messages.reportBestScoreOf(quiz.title),
      messages.reportAttemptsOf(quiz.title),
    ]),
  ];
  const lines = learners.map((learner) => [
    learner.firstName,
    learner.lastName,
    learner.email,
    learner.enrolled,
    `${learner.itemsDone}/${learner.totalItems}`,
    learner.percent,
    learner.lastActivityAt,
    ...learner.quizzes.flatMap((quiz) => [quiz.best, quiz.attempts]),
  ]);
  // Safe in a spreadsheet whichever separator it reads with (lib/csv.ts).
  const text = csvText([header, ...lines]);
  const slug = course.title
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  // A byte order mark: spreadsheets then read the names' accents as UTF-8.
  return {
    body: Buffer.from(`\uFEFF${text}`, 'utf8'),
    filename: `${slug || 'course'}-learners.csv`,
  };
}

/** GET /api/report/{courseId}/funnel: completions per item, and each quiz's score spread. */
export async function courseFunnel(
  ctx: AppContext,
  caller: Actor | null,
  courseId: string,
): Promise<CourseFunnel> {
  const { db, course, items } = await managedCourse(ctx, caller, courseId);
  const [counted] = (
    (await db.execute(sql`select count(*) as n from ${learnersOf(course.id)} l`)) as unknown as {
      rows: { n: number | string }[];
    }
  ).rows;
  const completions = items.length
    ? await db
        .select({ itemId: progress.itemId, n: sql<number>`count(*)`.mapWith(Number) })
        .from(progress)
        .where(
          and(
            eq(progress.courseId, course.id),
            eq(progress.completed, true),
            inArray(
              progress.itemId,
              items.map((item) => item.id),
            ),
          ),
        )
        .groupBy(progress.itemId)
    : [];
  const completedOf = new Map(completions.map((row) => [row.itemId, row.n]));
  const quizzes = items.filter((item) => item.contentType === 'quiz');
  const bests = quizzes.length
    ? (
        (await db.execute(sql`
          select item_id, least(max(score) / 10, 9) as bucket
          from ${quizAttempts}
          where course_id = ${course.id}
          group by item_id, user_id
        `)) as unknown as { rows: { item_id: string; bucket: number | string }[] }
      ).rows
    : [];
  return {
    learners: Number(counted?.n ?? 0),
    items: items.map((item) => ({
      itemId: item.id,
      title: item.title,
      contentType: item.contentType,
      completed: completedOf.get(item.id) ?? 0,
    })),
    scores: quizzes.map((quiz) => {
      const buckets = Array.from({ length: 10 }, () => 0);
      let learners = 0;
      for (const row of bests) {
        if (row.item_id !== quiz.id) continue;
        buckets[Number(row.bucket)]! += 1;
        learners += 1;
      }
      return { itemId: quiz.id, title: quiz.title, learners, buckets };
    }),
  };
}
