import type { Tx } from '../db/client';
import type { AppContext } from './context';
import type { Mail } from './mailer';

const MAIL_JOB = 'mail';

type QueuedMail = Omit<Mail, 'attachments'>;

/** Registers the job that sends a queued mail (notices, confirmations). */
export function registerMailJobs(ctx: AppContext): void {
  ctx.jobs.register(MAIL_JOB, async (payload) => {
    await ctx.mailer.send(payload as QueuedMail);
  });
}

/**
 * Queues a mail in the caller's transaction; call `ctx.jobs.kick()` after commit.
 * Mails that carry a secret (sign-in codes, reset links) are not queued: they are sent at once,
 * so that the secret is never stored in clear in the jobs table.
 */
export async function queueMail(
  ctx: AppContext,
  tx: Tx,
  mail: QueuedMail,
  dedupeKey?: string,
): Promise<void> {
  await ctx.jobs.enqueue(tx, MAIL_JOB, mail, { dedupeKey });
}
