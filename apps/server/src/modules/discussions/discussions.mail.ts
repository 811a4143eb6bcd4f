import { createHmac, timingSafeEqual } from 'node:crypto';
import { can } from '@ishuri/contract';
import type { Role } from '@ishuri/contract';
import { and, desc, eq, isNull, lte, ne, or, sql } from 'drizzle-orm';
import {
  courses,
  discussionFollows,
  discussionReplies,
  discussionThreads,
  users,
} from '../../db/schema';
import type { AppContext } from '../../context';
import { fail } from '../../lib/errors';
import { messages, speakingTo } from '../../lib/i18n';
import { isUuid } from '../../lib/ids';
import { queueMail } from '../mail/mail.jobs';
import { escapeHtml, layout } from '../mail/mail-templates';
import { subjectOf } from '../curriculum/course.access';
import { REPLY_NOTICES_JOB } from './discussions.service';

/**
 * Reply mails (issue 34, point 2): whoever follows a thread is mailed about new replies (not
 * their own, not hidden ones), at most one mail per thread and follower an hour. A reply queues a
 * job that mails the followers whose hour has passed at once; a sweep every few minutes mails
 * the others once their hour is over. Each mail is claimed by one update of the follow row (its
 * `mailed_at`), so two processes never send one twice. Mails speak the follower's language and
 * carry a signed one-tap unsubscribe link (no sign-in needed).
 */

const HOUR_MS = 60 * 60 * 1000;
const SWEEP_MS = 5 * 60 * 1000;
/** Follows looked at per round; the next round takes the rest. */
const ROUND = 500;
/** How much of the latest reply a mail quotes. */
const QUOTE_CHARS = 1000;

const hex = (id: string) => id.replace(/-/g, '');
const uuidOf = (h: string) =>
  `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;

const keyOf = (ctx: AppContext) =>
  createHmac('sha256', ctx.config.jwtSecret).update('ishuri:discussion-unfollow').digest();
/** 128 bits of HMAC-SHA256: short enough for a path parameter, far beyond guessing. */
const macOf = (ctx: AppContext, userId: string, threadId: string) =>
  createHmac('sha256', keyOf(ctx))
    .update(`${userId}:${threadId}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');

/**
 * The unsubscribe token of one follower and thread: both ids (32 bytes, base64url) and a MAC;
 * nothing stored.
 */
export function unfollowToken(ctx: AppContext, userId: string, threadId: string): string {
  const ids = Buffer.from(hex(userId) + hex(threadId), 'hex').toString('base64url');
  return `${ids}.${macOf(ctx, userId, threadId)}`;
}

/** POST /api/discussions/unfollow/:token: the follow ends (already ended: the same answer). */
export async function unfollowByLink(ctx: AppContext, token: string): Promise<void> {
  const match = /^([\w-]{43})\.([\w-]{22})$/.exec(token);
  if (!match) throw fail('INVALID_UNFOLLOW_TOKEN');
  const ids = Buffer.from(match[1]!, 'base64url').toString('hex');
  const userId = uuidOf(ids.slice(0, 32));
  const threadId = uuidOf(ids.slice(32));
  if (ids.length !== 64 || !isUuid(userId) || !isUuid(threadId)) {
    throw fail('INVALID_UNFOLLOW_TOKEN');
  }
  const expected = Buffer.from(macOf(ctx, userId, threadId));
  const given = Buffer.from(match[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw fail('INVALID_UNFOLLOW_TOKEN');
  }
  await ctx.database.db
    .delete(discussionFollows)
    .where(and(eq(discussionFollows.userId, userId), eq(discussionFollows.threadId, threadId)));
}

const displayName = (firstName: string | null, lastName: string | null) =>
  firstName === null ? messages.formerLearner : `${firstName} ${lastName ?? ''}`.trim();

/**
 * Mails the followers (of one thread, or of all) who have replies they were not told of and
 * whose last mail about that thread is an hour old or more. Answers how many mails it queued.
 */
export async function sendReplyNotices(
  ctx: AppContext,
  options: { threadId?: string; now?: Date } = {},
): Promise<number> {
  const db = ctx.database.db;
  const now = options.now ?? new Date();
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const due = and(
    options.threadId ? eq(discussionFollows.threadId, options.threadId) : undefined,
    or(isNull(discussionFollows.mailedAt), lte(discussionFollows.mailedAt, hourAgo)),
    sql`exists (select 1 from ${discussionReplies} r where r.thread_id = ${discussionFollows.threadId}
      and date_trunc('milliseconds', r.created_at) > ${discussionFollows.notifiedUpTo}
      and r.hidden_at is null
      and (r.author_id is null or r.author_id <> ${discussionFollows.userId}))`,
  );
  const follows = await db
    .select({ userId: discussionFollows.userId, threadId: discussionFollows.threadId })
    .from(discussionFollows)
    .where(due)
    .limit(ROUND);
  let sent = 0;
  for (const follow of follows) {
    await db.transaction(async (tx) => {
      const [claimed] = await tx
        .select({ notifiedUpTo: discussionFollows.notifiedUpTo })
        .from(discussionFollows)
        .where(
          and(
            eq(discussionFollows.userId, follow.userId),
            eq(discussionFollows.threadId, follow.threadId),
            or(isNull(discussionFollows.mailedAt), lte(discussionFollows.mailedAt, hourAgo)),
          ),
        )
        .for('update');
      if (!claimed) return;
      const fresh = and(
        eq(discussionReplies.threadId, follow.threadId),
        // Compared in milliseconds, the precision `notifiedUpTo` is written back with.
        sql`date_trunc('milliseconds', ${discussionReplies.createdAt}) > ${claimed.notifiedUpTo}`,
        isNull(discussionReplies.hiddenAt),
        or(isNull(discussionReplies.authorId), ne(discussionReplies.authorId, follow.userId)),
      );
      const replies = await tx
        .select({
          body: discussionReplies.body,
          createdAt: discussionReplies.createdAt,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(discussionReplies)
        .leftJoin(users, eq(users.id, discussionReplies.authorId))
        .where(fresh)
        .orderBy(desc(discussionReplies.createdAt), desc(discussionReplies.id))
        .limit(ROUND);
      const latest = replies[0];
      if (!latest) return;
      await tx
        .update(discussionFollows)
        .set({ mailedAt: now, notifiedUpTo: latest.createdAt })
        .where(
          and(
            eq(discussionFollows.userId, follow.userId),
            eq(discussionFollows.threadId, follow.threadId),
          ),
        );
      const [context] = await tx
        .select({
          title: discussionThreads.title,
          hiddenAt: discussionThreads.hiddenAt,
          course: courses,
          email: users.email,
          firstName: users.firstName,
          role: users.role,
          language: users.language,
        })
        .from(discussionThreads)
        .innerJoin(courses, eq(courses.id, discussionThreads.courseId))
        .innerJoin(users, eq(users.id, follow.userId))
        .where(eq(discussionThreads.id, follow.threadId))
        .limit(1);
      if (!context || context.hiddenAt) return;
      // Only a follower who may still read the course is told (a pass may have ended).
      const reader = { id: follow.userId, role: context.role as Role };
      const subject = await subjectOf(tx, reader, context.course, true);
      if (!can(reader, 'discussion:read', subject) || !context.course.published) return;
      const mail = speakingTo(context, () =>
        replyMail(ctx, {
          firstName: context.firstName,
          title: context.title,
          count: replies.length,
          latestBy: displayName(latest.firstName, latest.lastName),
          latestText: latest.body,
          threadUrl: `${ctx.config.appUrl}/discussions/${follow.threadId}`,
          token: unfollowToken(ctx, follow.userId, follow.threadId),
        }),
      );
      await queueMail(ctx, tx, { to: context.email, ...mail });
      sent += 1;
    });
  }
  if (sent > 0) void ctx.jobs.kick();
  return sent;
}

function replyMail(
  ctx: AppContext,
  input: {
    firstName: string;
    title: string;
    count: number;
    latestBy: string;
    latestText: string;
    threadUrl: string;
    token: string;
  },
) {
  const subject = messages.replyMailSubject(input.title);
  const unfollowPage = `${ctx.config.appUrl}/unfollow/${input.token}`;
  const oneClick = `${ctx.config.appUrl}/api/discussions/unfollow/${input.token}`;
  const quote =
    input.latestText.length > QUOTE_CHARS
      ? `${input.latestText.slice(0, QUOTE_CHARS)}…`
      : input.latestText;
  const lines = [
    messages.mailHello(input.firstName),
    messages.replyMailBody(input.title, input.count),
    messages.replyMailLatest(input.latestBy),
    quote,
  ];
  return {
    subject,
    text: [
      ...lines,
      messages.replyMailOpen(input.threadUrl),
      messages.replyMailUnfollow(unfollowPage),
    ].join('\n\n'),
    html: layout(
      subject,
      lines.slice(0, 3),
      `<blockquote style="white-space:pre-wrap;border-left:3px solid #d1d5db;margin:0;padding-left:12px">${escapeHtml(quote)}</blockquote>
<p><a href="${escapeHtml(input.threadUrl)}">${escapeHtml(messages.replyMailOpenLink)}</a></p>
<p style="color:#4b5563;font-size:13px"><a href="${escapeHtml(unfollowPage)}">${escapeHtml(messages.replyMailUnfollowLink)}</a></p>`,
    ),
    headers: {
      'List-Unsubscribe': `<${oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** The reply job, and the sweep that mails followers once their hour has passed. */
export function registerDiscussionJobs(ctx: AppContext): void {
  ctx.jobs.register(REPLY_NOTICES_JOB, async (payload) => {
    const { threadId } = payload as { threadId: string };
    if (isUuid(threadId)) await sendReplyNotices(ctx, { threadId });
  });
  ctx.jobs.schedule('discussion:reply-notices-sweep', SWEEP_MS, async () => {
    await sendReplyNotices(ctx);
  });
}
