import { z } from 'zod';
import { idParams, idSchema, MAX_PAGE_SIZE, requiredText, timestamp } from './common';
import { endpoint } from './endpoint';
import { imageUploadErrors } from './errors';
import { messages } from './messages';

/**
 * Priority support (issue 34, point 3): a signed-in learner asks (subject, text, an optional
 * screenshot); admins answer from a queue where Premium requests come first, then the longest
 * waiting; each answer is mailed to the learner in their language.
 */

export const SUPPORT_SUBJECT_MAX = 200;
export const SUPPORT_TEXT_MAX = 5_000;

export const supportStatusSchema = z.enum(['open', 'answered', 'closed']);
export type SupportStatus = z.infer<typeof supportStatusSchema>;

export const supportAnswerSchema = z.object({
  id: idSchema,
  text: z.string(),
  createdAt: timestamp,
});
export type SupportAnswer = z.infer<typeof supportAnswerSchema>;

export const supportRequestSchema = z.object({
  id: idSchema,
  subject: z.string(),
  text: z.string(),
  status: supportStatusSchema,
  /** Whether the learner held Premium when asking (the queue puts these first). */
  premium: z.boolean(),
  hasScreenshot: z.boolean(),
  createdAt: timestamp,
  /** When it last joined the queue (asked, or reopened). */
  waitingSince: timestamp,
  answers: z.array(supportAnswerSchema),
});
export type SupportRequest = z.infer<typeof supportRequestSchema>;

/** A request as the admins' queue shows it: who asked, and how long it has waited. */
export const supportQueueItemSchema = supportRequestSchema.extend({
  from: z.object({ name: z.string(), email: z.string() }),
  /** Whole minutes since `waitingSince`, by the server's clock. */
  waitedMinutes: z.number().int().nonnegative(),
});
export type SupportQueueItem = z.infer<typeof supportQueueItemSchema>;

/** The text fields of POST /api/support (multipart; the screenshot is the `screenshot` file). */
export const askSupportFieldsSchema = z.object({
  subject: requiredText(messages.supportFieldsRequired, SUPPORT_SUBJECT_MAX),
  text: requiredText(messages.supportFieldsRequired, SUPPORT_TEXT_MAX, true),
});
export type AskSupportFields = z.infer<typeof askSupportFieldsSchema>;

export const answerSupportRequestSchema = z.object({
  text: requiredText(messages.supportAnswerRequired, SUPPORT_TEXT_MAX, true),
});
export type AnswerSupportRequest = z.input<typeof answerSupportRequestSchema>;

/** Every support list is paged (20 a page unless asked). */
export const supportPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
});
export type SupportPageQuery = z.infer<typeof supportPageQuerySchema>;

const screenshotFile = { field: 'screenshot', kind: 'image', required: false } as const;

export const supportApi = {
  ask: endpoint({
    operationId: 'askSupport',
    method: 'POST',
    path: '/api/support',
    action: 'support:ask',
    tag: 'support',
    summary: 'Ask support (subject, text, an optional PNG, JPEG or WebP screenshot; rate limited)',
    multipart: { fields: askSupportFieldsSchema, files: [screenshotFile] },
    status: 201,
    reply: { kind: 'messageAndData', schema: supportRequestSchema, message: 'supportAsked' },
    errors: ['RATE_LIMITED', ...imageUploadErrors],
  }),
  mine: endpoint({
    operationId: 'mySupportRequests',
    method: 'GET',
    path: '/api/support/mine',
    action: 'support:ask',
    tag: 'support',
    summary: 'One’s own support requests with their answers, newest first (paged)',
    query: supportPageQuerySchema,
    reply: { kind: 'list', item: supportRequestSchema },
    errors: [],
  }),
  get: endpoint({
    operationId: 'getSupportRequest',
    method: 'GET',
    path: '/api/support/:id',
    action: 'support:read',
    tag: 'support',
    summary: 'One support request with its answers (its owner, or an admin)',
    params: idParams,
    reply: { kind: 'data', schema: supportRequestSchema },
    errors: ['SUPPORT_NOT_FOUND'],
  }),
  screenshot: endpoint({
    operationId: 'getSupportScreenshot',
    method: 'GET',
    path: '/api/support/:id/screenshot',
    action: 'support:read',
    tag: 'support',
    summary: 'The screenshot of a support request, as WebP (its owner, or an admin)',
    params: idParams,
    reply: { kind: 'file', contentType: 'image/webp' },
    errors: ['SUPPORT_NOT_FOUND'],
  }),
  close: endpoint({
    operationId: 'closeSupportRequest',
    method: 'POST',
    path: '/api/support/:id/close',
    action: 'support:read',
    tag: 'support',
    summary: 'Close a support request (its owner, or an admin)',
    params: idParams,
    reply: { kind: 'messageAndData', schema: supportRequestSchema, message: 'supportClosedDone' },
    errors: ['SUPPORT_NOT_FOUND'],
  }),
  reopen: endpoint({
    operationId: 'reopenSupportRequest',
    method: 'POST',
    path: '/api/support/:id/reopen',
    action: 'support:read',
    tag: 'support',
    summary: 'Reopen a support request: it joins the queue again (its owner, or an admin)',
    params: idParams,
    reply: {
      kind: 'messageAndData',
      schema: supportRequestSchema,
      message: 'supportReopenedDone',
    },
    errors: ['SUPPORT_NOT_FOUND'],
  }),
};

export const supportAdminApi = {
  queue: endpoint({
    operationId: 'supportQueue',
    method: 'GET',
    path: '/api/admin/support',
    action: 'support:manage',
    tag: 'support',
    summary: 'Open support requests: Premium first, then the longest waiting (admin, paged)',
    query: supportPageQuerySchema,
    reply: { kind: 'list', item: supportQueueItemSchema },
    errors: [],
  }),
  answer: endpoint({
    operationId: 'answerSupportRequest',
    method: 'POST',
    path: '/api/admin/support/:id/answers',
    action: 'support:manage',
    tag: 'support',
    summary: 'Answer a support request: mailed to the learner, the request is answered (admin)',
    params: idParams,
    body: answerSupportRequestSchema,
    status: 201,
    reply: { kind: 'messageAndData', schema: supportRequestSchema, message: 'supportAnswerSent' },
    errors: ['SUPPORT_NOT_FOUND'],
  }),
};
