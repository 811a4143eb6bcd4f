import type {
  Actor,
  Announcement,
  CreateAnnouncementRequest,
  ListResponse,
} from '@ishuri/contract';
import { and, asc, desc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { announcementOptOuts, announcements, courses, enrolments, users } from '../../db/schema';
import { requireActor } from '../../lib/access';
import type { AppContext } from '../../context';
import { speakingTo } from '../../lib/i18n';
import { uuidv7 } from '../../lib/ids';
import { queueMail } from '../mail/mail.jobs';
import { countAll } from '../../lib/pagination';
import { requireCourseAccess, requireVisibleCourse } from '../curriculum/course.access';
import { requireOnCourse } from '../discussions/discussions.service';
import { announcementMail } from './announcements.mail';

/**
 * Announcements (issue 34, point 5): an instructor to a course's enrolled learners, an admin to
 * everyone. Shown on the course and the dashboard; mailed, in pages of a job each, to those who
 * did not switch announcement mails off.
 */

export const ANNOUNCEMENT_MAIL_JOB = 'announcement:mail';
/** Recipients per job: each job queues one page of mails and the job of the next page. */
export const MAIL_PAGE = 200;

const columns = {
  announcement: announcements,
  courseTitle: courses.title,
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
};

function present(row: {
  announcement: typeof announcements.$inferSelect;
  courseTitle: string | null;
  authorFirstName: string | null;
  authorLastName: string | null;
}): Announcement {
  return {
    id: row.announcement.id,
    courseId: row.announcement.courseId,
    courseTitle: row.courseTitle,
    title: row.announcement.title,
    text: row.announcement.body,
    authorName:
      row.authorFirstName === null
        ? null
        : `${row.authorFirstName} ${row.authorLastName ?? ''}`.trim(),
    createdAt: row.announcement.createdAt.toISOString(),
  };
}

async function page(
  ctx: AppContext,
  where: SQL | undefined,
  query: { page?: number; pageSize?: number },
): Promise<ListResponse<Announcement>> {
  const db = ctx.database.db;
  const pageNumber = query.page ?? 1;
  const pageSize = query.pageSize ?? 10;
  const rows = await db
    .select(columns)
    .from(announcements)
    .leftJoin(courses, eq(courses.id, announcements.courseId))
    .leftJoin(users, eq(users.id, announcements.authorId))
    .where(where)
    .orderBy(desc(announcements.createdAt), desc(announcements.id))
    .limit(pageSize)
    .offset((pageNumber - 1) * pageSize);
  const [count] = await db.select({ n: countAll }).from(announcements).where(where);
  return { data: rows.map(present), total: count?.n ?? 0, page: pageNumber, pageSize };
}

async function readOne(ctx: AppContext, id: string): Promise<Announcement> {
  const [row] = await ctx.database.db
    .select(columns)
    .from(announcements)
    .leftJoin(courses, eq(courses.id, announcements.courseId))
    .leftJoin(users, eq(users.id, announcements.authorId))
    .where(eq(announcements.id, id));
  return present(row!);
}

async function post(
  ctx: AppContext,
  author: Actor,
  courseId: string | null,
  body: CreateAnnouncementRequest,
): Promise<Announcement> {
  const id = uuidv7();
  await ctx.database.db.transaction(async (tx) => {
    await tx.insert(announcements).values({
      id,
      courseId,
      authorId: author.id,
      title: body.title,
      body: body.text,
    });
    await ctx.jobs.enqueue(tx, ANNOUNCEMENT_MAIL_JOB, { announcementId: id, after: null });
  });
  void ctx.jobs.kick();
  return readOne(ctx, id);
}

/** POST /api/course/:id/announcements: the course's instructor, admins. */
export async function postToCourse(
  ctx: AppContext,
  actor: Actor | null,
  courseId: string,
  body: CreateAnnouncementRequest,
) {
  const course = await requireVisibleCourse(ctx.database.db, actor, courseId);
  await requireCourseAccess(ctx.database.db, actor, 'announcement:postToCourse', course);
  return post(ctx, actor!, course.id, body);
}

/** POST /api/announcements: admins, to everyone. */
export async function postToAll(
  ctx: AppContext,
  actor: Actor | null,
  body: CreateAnnouncementRequest,
) {
  return post(ctx, requireActor(actor, 'announcement:postToAll'), null, body);
}

/** GET /api/course/:id/announcements: those who may read the course's discussions. */
export async function listForCourse(
  ctx: AppContext,
  actor: Actor | null,
  courseId: string,
  query: { page?: number; pageSize?: number },
) {
  const course = await requireVisibleCourse(ctx.database.db, actor, courseId);
  await requireOnCourse(ctx.database.db, actor, 'discussion:read', course);
  return page(ctx, eq(announcements.courseId, course.id), query);
}

/** GET /api/announcements/mine: to everyone, and of one's courses (enrolled or taught). */
export async function myAnnouncements(
  ctx: AppContext,
  actor: Actor | null,
  query: { page?: number; pageSize?: number },
) {
  const me = requireActor(actor, 'announcement:readOwn');
  return page(
    ctx,
    or(
      isNull(announcements.courseId),
      inArray(
        announcements.courseId,
        ctx.database.db
          .select({ id: enrolments.courseId })
          .from(enrolments)
          .where(eq(enrolments.userId, me.id)),
      ),
      inArray(
        announcements.courseId,
        ctx.database.db.select({ id: courses.id }).from(courses).where(eq(courses.ownerId, me.id)),
      ),
    ),
    query,
  );
}

export async function readPreference(ctx: AppContext, actor: Actor | null) {
  const me = requireActor(actor, 'announcement:readOwn');
  const [row] = await ctx.database.db
    .select({ userId: announcementOptOuts.userId })
    .from(announcementOptOuts)
    .where(eq(announcementOptOuts.userId, me.id));
  return { mail: row === undefined };
}

export async function setPreference(ctx: AppContext, actor: Actor | null, mail: boolean) {
  const me = requireActor(actor, 'announcement:readOwn');
  const db = ctx.database.db;
  if (mail) await db.delete(announcementOptOuts).where(eq(announcementOptOuts.userId, me.id));
  else await db.insert(announcementOptOuts).values({ userId: me.id }).onConflictDoNothing();
  return { mail };
}

/**
 * One page of an announcement's mails: the recipients after `after` (by id), each mail a job
 * of its own (deduplicated, so a retried page never mails twice), then the next page's job.
 */
export async function mailAnnouncementPage(
  ctx: AppContext,
  announcementId: string,
  after: string | null,
  pageSize = MAIL_PAGE,
): Promise<void> {
  const db = ctx.database.db;
  const [announcement] = await db
    .select({ row: announcements, courseTitle: courses.title })
    .from(announcements)
    .leftJoin(courses, eq(courses.id, announcements.courseId))
    .where(eq(announcements.id, announcementId));
  if (!announcement) return;
  const { row } = announcement;
  const wanted = and(
    sql`not exists (select 1 from ${announcementOptOuts} o where o.user_id = ${users.id})`,
    row.authorId ? ne(users.id, row.authorId) : undefined,
    after ? gt(users.id, after) : undefined,
    row.courseId
      ? inArray(
          users.id,
          db
            .select({ id: enrolments.userId })
            .from(enrolments)
            .where(eq(enrolments.courseId, row.courseId)),
        )
      : undefined,
  );
  const recipients = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      language: users.language,
    })
    .from(users)
    .where(wanted)
    .orderBy(asc(users.id))
    .limit(pageSize);
  await db.transaction(async (tx) => {
    for (const user of recipients) {
      const mail = speakingTo(user, () =>
        announcementMail(ctx, {
          firstName: user.firstName,
          title: row.title,
          text: row.body,
          courseTitle: announcement.courseTitle,
        }),
      );
      await queueMail(ctx, tx, { to: user.email, ...mail }, `announcement:${row.id}:${user.id}`);
    }
    const last = recipients.at(-1);
    if (recipients.length === pageSize && last) {
      await ctx.jobs.enqueue(
        tx,
        ANNOUNCEMENT_MAIL_JOB,
        { announcementId, after: last.id },
        { dedupeKey: `announcement-page:${row.id}:${last.id}` },
      );
    }
  });
  if (recipients.length > 0) void ctx.jobs.kick();
}
