import type { Actor } from '@ishuri/contract';
import { requireAccess } from '../../lib/access';
import type { FailedMail, FailedMailQuery, MailKind } from '@ishuri/contract';
import { failedMailQuerySchema } from '@ishuri/contract';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import { certificates, jobs, users } from '../../db/schema';
import type { AppContext } from '../../context';
import { fail } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { resetLinkMail } from './mail-templates';
import { CERTIFICATE_JOB } from '../certificates/certificates.service';
import { RESET_LINK_JOB } from '../auth/password-reset';

const kindOf = (type: string): MailKind =>
  type === RESET_LINK_JOB ? 'resetLink' : type === CERTIFICATE_JOB ? 'certificate' : 'mail';

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** Mail that finally failed, newest first, one page at a time (admin). */
export async function listFailedMail(ctx: AppContext, actor: Actor | null, input: FailedMailQuery) {
  requireAccess(actor, 'mail:manage');
  const { page, pageSize, q } = failedMailQuerySchema.parse(input);
  const db = ctx.database.db;
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const matches = pattern
    ? sql` and (coalesce(${jobs.payload}->>'to', ${jobs.payload}->>'email', '') ilike ${pattern}
           or coalesce(${jobs.lastError}, '') ilike ${pattern})`
    : sql``;
  // Only jobs that send mail are listed (their modules register them so).
  const mailTypes = ctx.jobs.mailJobTypes();
  const where = sql`${jobs.status} = 'failed' and ${inArray(jobs.type, mailTypes)}${matches}`;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(jobs)
      .where(where)
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: sql<number>`cast(count(*) as integer)` })
      .from(jobs)
      .where(where),
  ]);
  // A certificate job carries only the certificate's id: its learner is the recipient.
  const certificateIds = rows
    .filter((row) => row.type === CERTIFICATE_JOB)
    .map((row) => text((row.payload as { certificateId?: unknown }).certificateId))
    .filter((id): id is string => id !== null && isUuid(id));
  const learners = new Map<string, string>();
  if (certificateIds.length > 0) {
    const found = await db
      .select({ id: certificates.id, email: users.email })
      .from(certificates)
      .innerJoin(users, eq(users.id, certificates.userId))
      .where(inArray(certificates.id, certificateIds));
    for (const row of found) learners.set(row.id, row.email);
  }
  const data: FailedMail[] = rows.map((row) => {
    const payload = (row.payload ?? {}) as Record<string, unknown>;
    const kind = kindOf(row.type);
    let recipient = text(payload.to) ?? text(payload.email);
    let subject = text(payload.subject);
    if (kind === 'certificate') {
      recipient = learners.get(text(payload.certificateId) ?? '') ?? null;
    }
    if (kind === 'resetLink') subject = resetLinkMail('', '', recipient ?? '').subject;
    return {
      id: row.id,
      kind,
      recipient,
      subject,
      attempts: row.attempts,
      lastError: row.lastError,
      createdAt: row.createdAt.toISOString(),
      lastAttemptAt: row.lockedAt?.toISOString() ?? null,
    };
  });
  return { data, total: count?.n ?? 0, page, pageSize };
}

/** Puts a mail that finally failed back in the queue; it runs at once, with a fresh budget. */
export async function retryFailedMail(ctx: AppContext, actor: Actor | null, id: string) {
  requireAccess(actor, 'mail:manage');
  if (!isUuid(id)) throw fail('MAIL_NOT_FOUND');
  const [row] = await ctx.database.db
    .select({ type: jobs.type })
    .from(jobs)
    .where(eq(jobs.id, id))
    .limit(1);
  if (!row || !ctx.jobs.mailJobTypes().includes(row.type) || !(await ctx.jobs.retry(id))) {
    throw fail('MAIL_NOT_FOUND');
  }
}
