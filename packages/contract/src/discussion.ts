import { z } from 'zod';
import {
  idField,
  idParams,
  idSchema,
  listQuerySchema,
  requiredText,
  text,
  timestamp,
} from './common';
import { endpoint } from './endpoint';
import { messages } from './messages';

/**
 * Course discussions (issue 34, point 2; decisions.md §10 "community"): threads with a title and
 * Markdown text (the lessons' Markdown, stored as typed and rendered safely), replies, an
 * optional link to the lesson a thread is about, marked answers, moderation by the course's
 * instructor and admins, reports read by admins, and reply mails to followers.
 */

export const MAX_DISCUSSION_TITLE = 150;
export const MAX_DISCUSSION_TEXT = 10_000;
export const MAX_REPORT_REASON = 500;

export const discussionTitleField = requiredText(
  messages.discussionTitleRequired,
  MAX_DISCUSSION_TITLE,
);
export const discussionTextField = requiredText(
  messages.discussionTextRequired,
  MAX_DISCUSSION_TEXT,
  true,
);

/** Who wrote a post: null when the account was deleted (shown as "former learner"). */
export const postAuthorSchema = z
  .object({ id: idSchema, firstName: z.string(), lastName: z.string(), role: z.string() })
  .nullable();
export type PostAuthor = z.infer<typeof postAuthorSchema>;

export const discussionSummarySchema = z.object({
  id: idSchema,
  courseId: idSchema,
  /** The lesson (or sub-lesson) the thread is about, when it names one. */
  itemId: idSchema.nullable(),
  title: z.string(),
  author: postAuthorSchema,
  pinned: z.boolean(),
  closed: z.boolean(),
  /** Seen by moderators only: hidden threads are not listed to others. */
  hidden: z.boolean(),
  answered: z.boolean(),
  replyCount: z.number().int().nonnegative(),
  createdAt: timestamp,
  lastActivityAt: timestamp,
});
export type DiscussionSummary = z.infer<typeof discussionSummarySchema>;

export const discussionReplySchema = z.object({
  id: idSchema,
  author: postAuthorSchema,
  text: z.string(),
  hidden: z.boolean(),
  isAnswer: z.boolean(),
  createdAt: timestamp,
});
export type DiscussionReply = z.infer<typeof discussionReplySchema>;

export const discussionSchema = discussionSummarySchema.extend({
  text: z.string(),
  answerId: idSchema.nullable(),
  /** What the caller may do here. */
  following: z.boolean(),
  canModerate: z.boolean(),
  /** The first page of replies (oldest first); later pages through `replies`. */
  replies: z.array(discussionReplySchema),
  repliesTotal: z.number().int().nonnegative(),
});
export type Discussion = z.infer<typeof discussionSchema>;

export const discussionsQuerySchema = listQuerySchema.extend({
  /** Only the threads about this lesson. */
  itemId: idField().optional(),
});

export const repliesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
});

export const createDiscussionRequestSchema = z.object({
  title: discussionTitleField,
  text: discussionTextField,
  itemId: idField().nullish(),
});
export type CreateDiscussionRequest = z.input<typeof createDiscussionRequestSchema>;

export const createReplyRequestSchema = z.object({ text: discussionTextField });
export type CreateReplyRequest = z.input<typeof createReplyRequestSchema>;

export const markAnswerRequestSchema = z.object({ replyId: idField().nullable() });
export const pinRequestSchema = z.object({ pinned: z.boolean() });
export const closeRequestSchema = z.object({ closed: z.boolean() });
export const hideRequestSchema = z.object({ hidden: z.boolean() });
export const reportRequestSchema = z.object({
  reason: requiredText(messages.reportReasonRequired, MAX_REPORT_REASON, true),
});

export const followSchema = z.object({ following: z.boolean() });

export const discussionReportSchema = z.object({
  id: idSchema,
  postId: idSchema,
  kind: z.enum(['thread', 'reply']),
  threadId: idSchema,
  threadTitle: z.string(),
  courseId: idSchema,
  courseTitle: z.string(),
  /** The reported text, as typed. */
  text: z.string(),
  postAuthor: postAuthorSchema,
  reporter: postAuthorSchema,
  reason: z.string(),
  hidden: z.boolean(),
  createdAt: timestamp,
});
export type DiscussionReport = z.infer<typeof discussionReportSchema>;

const unfollowTokenParams = z.object({ token: text().max(200) });
const courseIdParam = z.object({ id: idField() });

export const discussionApi = {
  list: endpoint({
    operationId: 'listDiscussions',
    method: 'GET',
    path: '/api/course/:id/discussions',
    action: 'discussion:read',
    tag: 'discussions',
    summary:
      "A course's threads, pinned first then the latest active (paged; ?itemId= for one lesson's)",
    params: courseIdParam,
    query: discussionsQuerySchema,
    reply: { kind: 'list', item: discussionSummarySchema },
    errors: ['COURSE_NOT_FOUND', 'PREMIUM_REQUIRED', 'BAD_SORT'],
  }),
  create: endpoint({
    operationId: 'createDiscussion',
    method: 'POST',
    path: '/api/course/:id/discussions',
    action: 'discussion:post',
    tag: 'discussions',
    summary: 'Start a thread (a question), optionally about one lesson; its author follows it',
    params: courseIdParam,
    body: createDiscussionRequestSchema,
    status: 201,
    reply: { kind: 'messageAndData', schema: discussionSchema, message: 'discussionPosted' },
    errors: ['COURSE_NOT_FOUND', 'ITEM_NOT_IN_COURSE', 'PREMIUM_REQUIRED', 'RATE_LIMITED'],
  }),
  read: endpoint({
    operationId: 'readDiscussion',
    method: 'GET',
    path: '/api/discussions/:id',
    action: 'discussion:read',
    tag: 'discussions',
    summary: 'A thread with a page of its replies (oldest first)',
    params: idParams,
    query: repliesQuerySchema,
    reply: { kind: 'data', schema: discussionSchema },
    errors: ['DISCUSSION_NOT_FOUND', 'PREMIUM_REQUIRED'],
  }),
  reply: endpoint({
    operationId: 'replyToDiscussion',
    method: 'POST',
    path: '/api/discussions/:id/replies',
    action: 'discussion:post',
    tag: 'discussions',
    summary: 'Reply to a thread; its followers are mailed (at most one mail per thread an hour)',
    params: idParams,
    body: createReplyRequestSchema,
    status: 201,
    reply: { kind: 'messageAndData', schema: discussionReplySchema, message: 'replyPosted' },
    errors: ['DISCUSSION_NOT_FOUND', 'DISCUSSION_CLOSED', 'PREMIUM_REQUIRED', 'RATE_LIMITED'],
  }),
  markAnswer: endpoint({
    operationId: 'markAnswer',
    method: 'PUT',
    path: '/api/discussions/:id/answer',
    action: 'discussion:moderate',
    tag: 'discussions',
    summary: "Mark a reply as the thread's answer, or none (the course's instructor, admins)",
    params: idParams,
    body: markAnswerRequestSchema,
    reply: { kind: 'data', schema: discussionSummarySchema },
    errors: ['DISCUSSION_NOT_FOUND', 'POST_NOT_FOUND'],
  }),
  pin: endpoint({
    operationId: 'pinDiscussion',
    method: 'PUT',
    path: '/api/discussions/:id/pin',
    action: 'discussion:moderate',
    tag: 'discussions',
    summary: 'Pin or unpin a thread (the course’s instructor, admins)',
    params: idParams,
    body: pinRequestSchema,
    reply: { kind: 'data', schema: discussionSummarySchema },
    errors: ['DISCUSSION_NOT_FOUND'],
  }),
  close: endpoint({
    operationId: 'closeDiscussion',
    method: 'PUT',
    path: '/api/discussions/:id/close',
    action: 'discussion:moderate',
    tag: 'discussions',
    summary: 'Close a thread to new replies, or reopen it (the course’s instructor, admins)',
    params: idParams,
    body: closeRequestSchema,
    reply: { kind: 'data', schema: discussionSummarySchema },
    errors: ['DISCUSSION_NOT_FOUND'],
  }),
  hide: endpoint({
    operationId: 'hidePost',
    method: 'PUT',
    path: '/api/posts/:id/hidden',
    action: 'discussion:moderate',
    tag: 'discussions',
    summary: 'Hide a thread or a reply from learners, or show it again (instructor, admins)',
    params: idParams,
    body: hideRequestSchema,
    reply: { kind: 'data', schema: z.object({ id: idSchema, hidden: z.boolean() }) },
    errors: ['POST_NOT_FOUND'],
  }),
  report: endpoint({
    operationId: 'reportPost',
    method: 'POST',
    path: '/api/posts/:id/report',
    action: 'discussion:read',
    tag: 'discussions',
    summary: 'Report a thread or a reply to the admins (any reader; once per reader and post)',
    params: idParams,
    body: reportRequestSchema,
    status: 201,
    alsoOk: true,
    reply: { kind: 'message', message: 'postReported' },
    errors: ['POST_NOT_FOUND', 'PREMIUM_REQUIRED', 'RATE_LIMITED'],
  }),
  follow: endpoint({
    operationId: 'followDiscussion',
    method: 'PUT',
    path: '/api/discussions/:id/follow',
    action: 'discussion:read',
    tag: 'discussions',
    summary: 'Follow a thread (mails for new replies) or stop following it',
    params: idParams,
    body: followSchema,
    reply: { kind: 'data', schema: followSchema },
    errors: ['DISCUSSION_NOT_FOUND', 'PREMIUM_REQUIRED'],
  }),
  unfollowByLink: endpoint({
    operationId: 'unfollowByLink',
    method: 'POST',
    path: '/api/discussions/unfollow/:token',
    action: 'discussion:unfollowByLink',
    tag: 'discussions',
    summary: "A reply mail's one-tap unsubscribe link (signed; no sign-in needed)",
    params: unfollowTokenParams,
    reply: { kind: 'message', message: 'discussionUnfollowed' },
    errors: ['INVALID_UNFOLLOW_TOKEN'],
  }),
  reports: endpoint({
    operationId: 'listDiscussionReports',
    method: 'GET',
    path: '/api/admin/discussion-reports',
    action: 'discussion:listReports',
    tag: 'discussions',
    summary: 'Reported posts, newest report first (admin, paged)',
    query: listQuerySchema.pick({ page: true, pageSize: true }),
    reply: { kind: 'list', item: discussionReportSchema },
    errors: [],
  }),
};
