import { can } from '@ishuri/contract';
import type {
  Actor,
  CreateDiscussionRequest,
  CreateReplyRequest,
  Discussion,
  DiscussionReport,
  DiscussionSummary,
  ListQuery,
  ListResponse,
} from '@ishuri/contract';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import {
  courseItems,
  courses,
  discussionFollows,
  discussionReplies,
  discussionReports,
  discussionThreads,
  users,
} from '../../db/schema';
import { requireAccess, requireActor } from '../../lib/access';
import type { AppContext } from '../../context';
import { fail } from '../../lib/errors';
import { isUuid, uuidv7 } from '../../lib/ids';
import { countAll, planList } from '../../lib/pagination';
import { alreadyThere } from '../../lib/route';
import {
  findCourse,
  isVisible,
  premiumOr,
  requireVisibleCourse,
  subjectOf,
} from '../curriculum/course.access';
import type { CourseRow } from '../curriculum/course.access';
import { presentReply, presentSummary } from './discussions.presenter';

/** The job that mails a thread's followers after a reply (see discussions.mail.ts). */
export const REPLY_NOTICES_JOB = 'discussion:reply-notices';

const REPLIES_PAGE = 20;

type ThreadRow = typeof discussionThreads.$inferSelect;

const threadAuthor = {
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
  authorRole: users.role,
};

/**
 * Checks a discussion action on its course (401/403 by the role matrix; 402 where only Premium
 * is missing: an enrolled learner whose pass ended). The enrolment and pass are read only for a
 * premium course.
 */
export async function requireOnCourse(
  db: Tx,
  actor: Actor | null,
  action: 'discussion:read' | 'discussion:post' | 'discussion:moderate',
  course: CourseRow,
): Promise<void> {
  const needsEnrolment = actor !== null && course.courseType === 'premium';
  const subject = await subjectOf(db, actor, course, needsEnrolment);
  requireAccess(
    actor,
    action,
    subject,
    premiumOr(subject, () => fail('FORBIDDEN')),
  );
}

export const mayModerate = (actor: Actor | null, course: Pick<CourseRow, 'ownerId'>) =>
  can(actor, 'discussion:moderate', { ownerId: course.ownerId });

async function loadThread(db: Tx, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ thread: discussionThreads, ...threadAuthor })
    .from(discussionThreads)
    .leftJoin(users, eq(users.id, discussionThreads.authorId))
    .where(eq(discussionThreads.id, id))
    .limit(1);
  return row ? { ...row.thread, ...authorOf(row) } : null;
}

const authorOf = (row: {
  authorFirstName: string | null;
  authorLastName: string | null;
  authorRole: string | null;
}) => ({
  authorFirstName: row.authorFirstName,
  authorLastName: row.authorLastName,
  authorRole: row.authorRole,
});

/**
 * A thread the caller may read (or, with `moderate`, moderate), with its course: 404 for an
 * unknown id, a thread of a course the caller cannot see, or a hidden thread to a non-moderator.
 */
async function requireThread(
  db: Tx,
  actor: Actor | null,
  id: string,
  action: 'discussion:read' | 'discussion:post' | 'discussion:moderate',
) {
  const thread = await loadThread(db, id);
  if (!thread) throw fail('DISCUSSION_NOT_FOUND');
  const course = await findCourse(db, thread.courseId);
  if (!course || !isVisible(actor, course)) throw fail('DISCUSSION_NOT_FOUND');
  await requireOnCourse(db, actor, action, course);
  const moderator = mayModerate(actor, course);
  if (thread.hiddenAt && !moderator) throw fail('DISCUSSION_NOT_FOUND');
  return { thread, course, moderator };
}

/** GET /api/course/:id/discussions: pinned first, then the latest active; paged. */
export async function listDiscussions(
  ctx: AppContext,
  actor: Actor | null,
  courseId: string,
  query: ListQuery & { itemId?: string },
): Promise<ListResponse<DiscussionSummary>> {
  const db = ctx.database.db;
  const course = await requireVisibleCourse(db, actor, courseId);
  await requireOnCourse(db, actor, 'discussion:read', course);
  const conditions: SQL[] = [eq(discussionThreads.courseId, course.id)];
  if (query.itemId !== undefined) {
    conditions.push(isUuid(query.itemId) ? eq(discussionThreads.itemId, query.itemId) : sql`false`);
  }
  if (!mayModerate(actor, course)) conditions.push(isNull(discussionThreads.hiddenAt));
  const plan = planList(
    {
      searchable: [discussionThreads.title],
      sortable: {},
      defaultOrder: [
        desc(discussionThreads.pinned),
        desc(discussionThreads.lastActivityAt),
        desc(discussionThreads.id),
      ],
      where: and(...conditions),
    },
    query,
  );
  const rows = await db
    .select({ thread: discussionThreads, ...threadAuthor })
    .from(discussionThreads)
    .leftJoin(users, eq(users.id, discussionThreads.authorId))
    .where(plan.where)
    .orderBy(...plan.orderBy)
    .limit(plan.limit)
    .offset(plan.offset);
  const data = rows.map((row) => presentSummary({ ...row.thread, ...authorOf(row) }));
  const total =
    plan.offset === 0 && rows.length < plan.limit
      ? rows.length
      : ((await db.select({ n: countAll }).from(discussionThreads).where(plan.where))[0]?.n ?? 0);
  if (!plan.paged) return { data, total };
  return { data, total, page: plan.page, pageSize: plan.pageSize };
}

async function presentDiscussion(
  db: Tx,
  actor: Actor,
  thread: ThreadRow & ReturnType<typeof authorOf>,
  moderator: boolean,
  page = 1,
  pageSize = REPLIES_PAGE,
): Promise<Discussion> {
  const visible = moderator
    ? eq(discussionReplies.threadId, thread.id)
    : and(eq(discussionReplies.threadId, thread.id), isNull(discussionReplies.hiddenAt));
  const rows = await db
    .select({ reply: discussionReplies, ...threadAuthor })
    .from(discussionReplies)
    .leftJoin(users, eq(users.id, discussionReplies.authorId))
    .where(visible)
    .orderBy(asc(discussionReplies.createdAt), asc(discussionReplies.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [count] = await db.select({ n: countAll }).from(discussionReplies).where(visible);
  const [follow] = await db
    .select({ userId: discussionFollows.userId })
    .from(discussionFollows)
    .where(and(eq(discussionFollows.threadId, thread.id), eq(discussionFollows.userId, actor.id)))
    .limit(1);
  return {
    ...presentSummary(thread),
    text: thread.body,
    answerId: thread.answerId,
    following: follow !== undefined,
    canModerate: moderator,
    replies: rows.map((row) => presentReply({ ...row.reply, ...authorOf(row) }, thread.answerId)),
    repliesTotal: count?.n ?? 0,
  };
}

/** POST /api/course/:id/discussions: a new thread; its author follows it. */
export async function createDiscussion(
  ctx: AppContext,
  actor: Actor | null,
  courseId: string,
  body: CreateDiscussionRequest,
): Promise<Discussion> {
  const db = ctx.database.db;
  const course = await requireVisibleCourse(db, actor, courseId);
  await requireOnCourse(db, actor, 'discussion:post', course);
  const author = actor!;
  const itemId = body.itemId ?? null;
  if (itemId !== null) {
    const [item] = isUuid(itemId)
      ? await db
          .select({ id: courseItems.id })
          .from(courseItems)
          .where(and(eq(courseItems.id, itemId), eq(courseItems.courseId, course.id)))
          .limit(1)
      : [];
    if (!item) throw fail('ITEM_NOT_IN_COURSE');
  }
  const id = uuidv7();
  await db.transaction(async (tx) => {
    await tx.insert(discussionThreads).values({
      id,
      courseId: course.id,
      itemId,
      authorId: author.id,
      title: body.title,
      body: body.text,
    });
    await tx.insert(discussionFollows).values({ userId: author.id, threadId: id });
  });
  const thread = (await loadThread(db, id))!;
  return presentDiscussion(db, author, thread, mayModerate(author, course));
}

/** GET /api/discussions/:id: the thread and a page of replies, oldest first. */
export async function readDiscussion(
  ctx: AppContext,
  actor: Actor | null,
  id: string,
  query: { page?: number; pageSize?: number },
): Promise<Discussion> {
  const db = ctx.database.db;
  const { thread, moderator } = await requireThread(db, actor, id, 'discussion:read');
  return presentDiscussion(
    db,
    actor!,
    thread,
    moderator,
    query.page ?? 1,
    query.pageSize ?? REPLIES_PAGE,
  );
}

/** POST /api/discussions/:id/replies: a reply; the replier follows; followers are told (a job). */
export async function replyToDiscussion(
  ctx: AppContext,
  actor: Actor | null,
  id: string,
  body: CreateReplyRequest,
) {
  const db = ctx.database.db;
  const { thread } = await requireThread(db, actor, id, 'discussion:post');
  const author = actor!;
  if (thread.closedAt) throw fail('DISCUSSION_CLOSED');
  const replyId = uuidv7();
  await db.transaction(async (tx) => {
    await tx.insert(discussionReplies).values({
      id: replyId,
      threadId: thread.id,
      authorId: author.id,
      body: body.text,
    });
    await tx
      .update(discussionThreads)
      .set({
        replyCount: sql`${discussionThreads.replyCount} + 1`,
        lastActivityAt: sql`now()`,
      })
      .where(eq(discussionThreads.id, thread.id));
    await tx
      .insert(discussionFollows)
      .values({ userId: author.id, threadId: thread.id })
      .onConflictDoNothing();
    await ctx.jobs.enqueue(tx, REPLY_NOTICES_JOB, { threadId: thread.id });
  });
  void ctx.jobs.kick();
  const [row] = await db
    .select({ reply: discussionReplies, ...threadAuthor })
    .from(discussionReplies)
    .leftJoin(users, eq(users.id, discussionReplies.authorId))
    .where(eq(discussionReplies.id, replyId));
  return presentReply({ ...row!.reply, ...authorOf(row!) }, thread.answerId);
}

async function updateThread(
  ctx: AppContext,
  actor: Actor | null,
  id: string,
  change: (thread: ThreadRow, tx: Tx) => Promise<Partial<ThreadRow>>,
): Promise<DiscussionSummary> {
  const db = ctx.database.db;
  const { thread } = await requireThread(db, actor, id, 'discussion:moderate');
  await db.transaction(async (tx) => {
    const set = await change(thread, tx);
    if (Object.keys(set).length > 0) {
      await tx.update(discussionThreads).set(set).where(eq(discussionThreads.id, thread.id));
    }
  });
  return presentSummary((await loadThread(db, thread.id))!);
}

/** PUT /api/discussions/:id/answer: a visible reply of this thread, or none. */
export const markAnswer = (
  ctx: AppContext,
  actor: Actor | null,
  id: string,
  replyId: string | null,
) =>
  updateThread(ctx, actor, id, async (thread, tx) => {
    if (replyId === null) return { answerId: null };
    const [reply] = isUuid(replyId)
      ? await tx
          .select({ id: discussionReplies.id })
          .from(discussionReplies)
          .where(
            and(
              eq(discussionReplies.id, replyId),
              eq(discussionReplies.threadId, thread.id),
              isNull(discussionReplies.hiddenAt),
            ),
          )
          .limit(1)
      : [];
    if (!reply) throw fail('POST_NOT_FOUND');
    return { answerId: reply.id };
  });

export const pinDiscussion = (ctx: AppContext, actor: Actor | null, id: string, pinned: boolean) =>
  updateThread(ctx, actor, id, async () => ({ pinned }));

export const closeDiscussion = (
  ctx: AppContext,
  actor: Actor | null,
  id: string,
  closed: boolean,
) =>
  updateThread(ctx, actor, id, async (thread) => ({
    closedAt: closed ? (thread.closedAt ?? new Date()) : null,
  }));

/** A post by id: a thread, or a reply (with its thread). */
async function findPost(db: Tx, id: string) {
  if (!isUuid(id)) return null;
  const [thread] = await db
    .select({ id: discussionThreads.id })
    .from(discussionThreads)
    .where(eq(discussionThreads.id, id))
    .limit(1);
  if (thread) return { kind: 'thread' as const, threadId: thread.id, hiddenAt: null };
  const [reply] = await db
    .select({ threadId: discussionReplies.threadId, hiddenAt: discussionReplies.hiddenAt })
    .from(discussionReplies)
    .where(eq(discussionReplies.id, id))
    .limit(1);
  return reply ? { kind: 'reply' as const, ...reply } : null;
}

/** PUT /api/posts/:id/hidden: hide a thread or a reply from learners, or show it again. */
export async function hidePost(ctx: AppContext, actor: Actor | null, id: string, hidden: boolean) {
  const db = ctx.database.db;
  const post = await findPost(db, id);
  if (!post) throw fail('POST_NOT_FOUND');
  const { thread } = await requireThread(db, actor, post.threadId, 'discussion:moderate').catch(
    (error: unknown) => {
      if ((error as { code?: string }).code === 'DISCUSSION_NOT_FOUND')
        throw fail('POST_NOT_FOUND');
      throw error;
    },
  );
  await db.transaction(async (tx) => {
    if (post.kind === 'thread') {
      await tx
        .update(discussionThreads)
        .set({ hiddenAt: hidden ? (thread.hiddenAt ?? new Date()) : null })
        .where(eq(discussionThreads.id, thread.id));
      return;
    }
    const [changed] = await tx
      .update(discussionReplies)
      .set({ hiddenAt: hidden ? new Date() : null })
      .where(
        and(
          eq(discussionReplies.id, id),
          hidden
            ? isNull(discussionReplies.hiddenAt)
            : sql`${discussionReplies.hiddenAt} is not null`,
        ),
      )
      .returning({ id: discussionReplies.id });
    if (!changed) return;
    await tx
      .update(discussionThreads)
      .set({
        replyCount: sql`${discussionThreads.replyCount} ${hidden ? sql`- 1` : sql`+ 1`}`,
        // A hidden reply is no longer the answer.
        ...(hidden && thread.answerId === id ? { answerId: null } : {}),
      })
      .where(eq(discussionThreads.id, thread.id));
  });
  return { id, hidden };
}

/** POST /api/posts/:id/report: once per reader and post (a second report answers 200). */
export async function reportPost(ctx: AppContext, actor: Actor | null, id: string, reason: string) {
  const db = ctx.database.db;
  const post = await findPost(db, id);
  if (!post) throw fail('POST_NOT_FOUND');
  const { moderator } = await requireThread(db, actor, post.threadId, 'discussion:read').catch(
    (error: unknown) => {
      if ((error as { code?: string }).code === 'DISCUSSION_NOT_FOUND')
        throw fail('POST_NOT_FOUND');
      throw error;
    },
  );
  if (post.hiddenAt && !moderator) throw fail('POST_NOT_FOUND');
  const inserted = await db
    .insert(discussionReports)
    .values({ id: uuidv7(), threadId: post.threadId, postId: id, reporterId: actor!.id, reason })
    .onConflictDoNothing()
    .returning({ id: discussionReports.id });
  return inserted.length > 0 ? undefined : alreadyThere(undefined);
}

/** PUT /api/discussions/:id/follow */
export async function followDiscussion(
  ctx: AppContext,
  actor: Actor | null,
  id: string,
  following: boolean,
) {
  const db = ctx.database.db;
  const { thread } = await requireThread(db, actor, id, 'discussion:read');
  if (following) {
    await db
      .insert(discussionFollows)
      .values({ userId: actor!.id, threadId: thread.id })
      .onConflictDoNothing();
  } else {
    await db
      .delete(discussionFollows)
      .where(
        and(eq(discussionFollows.userId, actor!.id), eq(discussionFollows.threadId, thread.id)),
      );
  }
  return { following };
}

/** GET /api/admin/discussion-reports: newest report first, with the post and who reported it. */
export async function listReports(
  ctx: AppContext,
  actor: Actor | null,
  query: { page?: number; pageSize?: number },
): Promise<ListResponse<DiscussionReport>> {
  requireActor(actor, 'discussion:listReports');
  const db = ctx.database.db;
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 20;
  const reporter = alias(users, 'reporter');
  const postAuthor = alias(users, 'post_author');
  const rows = await db
    .select({
      report: discussionReports,
      threadTitle: discussionThreads.title,
      threadBody: discussionThreads.body,
      threadAuthorId: discussionThreads.authorId,
      threadHidden: discussionThreads.hiddenAt,
      courseId: courses.id,
      courseTitle: courses.title,
      replyBody: discussionReplies.body,
      replyAuthorId: discussionReplies.authorId,
      replyHidden: discussionReplies.hiddenAt,
      authorFirstName: postAuthor.firstName,
      authorLastName: postAuthor.lastName,
      authorRole: postAuthor.role,
      reporterFirstName: reporter.firstName,
      reporterLastName: reporter.lastName,
      reporterRole: reporter.role,
    })
    .from(discussionReports)
    .innerJoin(discussionThreads, eq(discussionThreads.id, discussionReports.threadId))
    .innerJoin(courses, eq(courses.id, discussionThreads.courseId))
    .leftJoin(discussionReplies, eq(discussionReplies.id, discussionReports.postId))
    .leftJoin(
      postAuthor,
      eq(
        postAuthor.id,
        sql`coalesce(${discussionReplies.authorId}, ${discussionThreads.authorId})`,
      ),
    )
    .leftJoin(reporter, eq(reporter.id, discussionReports.reporterId))
    .orderBy(desc(discussionReports.createdAt), desc(discussionReports.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [count] = await db.select({ n: countAll }).from(discussionReports);
  const data = rows.map((row): DiscussionReport => {
    const isReply = row.replyBody !== null;
    const authorId = isReply ? row.replyAuthorId : row.threadAuthorId;
    return {
      id: row.report.id,
      postId: row.report.postId,
      kind: isReply ? 'reply' : 'thread',
      threadId: row.report.threadId,
      threadTitle: row.threadTitle,
      courseId: row.courseId,
      courseTitle: row.courseTitle,
      text: isReply ? row.replyBody! : row.threadBody,
      postAuthor:
        authorId && row.authorFirstName !== null
          ? {
              id: authorId,
              firstName: row.authorFirstName,
              lastName: row.authorLastName ?? '',
              role: row.authorRole ?? 'learner',
            }
          : null,
      reporter:
        row.report.reporterId && row.reporterFirstName !== null
          ? {
              id: row.report.reporterId,
              firstName: row.reporterFirstName,
              lastName: row.reporterLastName ?? '',
              role: row.reporterRole ?? 'learner',
            }
          : null,
      reason: row.report.reason,
      hidden: (isReply ? row.replyHidden : row.threadHidden) !== null,
      createdAt: row.report.createdAt.toISOString(),
    };
  });
  return { data, total: count?.n ?? 0, page, pageSize };
}
