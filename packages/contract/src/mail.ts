import { z } from 'zod';
import { idParams, idSchema, MAX_PAGE_SIZE, text, timestamp } from './common';
import { endpoint } from './endpoint';

/** What kind of mail a queued job sends. */
export const mailKindSchema = z.enum(['resetLink', 'certificate', 'mail']);
export type MailKind = z.infer<typeof mailKindSchema>;

/**
 * A mail the server could not send after retrying for 3 days (decisions.md §6). Never holds the
 * mail's body or any secret: who it was for, what it was, and why it failed.
 */
export const failedMailSchema = z.object({
  id: idSchema,
  kind: mailKindSchema,
  recipient: z.string().nullable(),
  subject: z.string().nullable(),
  attempts: z.number().int().nonnegative(),
  lastError: z.string().nullable(),
  createdAt: timestamp,
  lastAttemptAt: timestamp.nullable(),
});
export type FailedMail = z.infer<typeof failedMailSchema>;

/** GET /api/admin/mail/failed: always one page, newest first. */
export const failedMailQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10),
  /** Part of the recipient's address or of the error. */
  q: text().trim().max(200).optional(),
});
export type FailedMailQuery = z.input<typeof failedMailQuerySchema>;

/** Mail that finally failed, and its retry (admin, decisions.md §6). */
export const mailApi = {
  failed: endpoint({
    operationId: 'listFailedMail',
    method: 'GET',
    path: '/api/admin/mail/failed',
    action: 'mail:manage',
    tag: 'mail',
    summary: 'Mail the server could not send after 3 days of retries, newest first (admin)',
    query: failedMailQuerySchema,
    reply: { kind: 'list', item: failedMailSchema },
    errors: [],
  }),
  retry: endpoint({
    operationId: 'retryFailedMail',
    method: 'POST',
    path: '/api/admin/mail/:id/retry',
    action: 'mail:manage',
    tag: 'mail',
    summary: 'Queue a failed mail again; it is sent at once (admin)',
    params: idParams,
    reply: { kind: 'message', message: 'mailRetried' },
    errors: ['MAIL_NOT_FOUND'],
  }),
};
