import type { Tx } from '../../db/client';
import type { AppContext } from '../../context';
import type { Mail } from '../../lib/mailer';

export const MAIL_JOB = 'mail';

type QueuedMail = Omit<Mail, 'attachments'>;

/** Registers the job that sends a queued mail (notices, confirmations). */
export function registerMailJobs(ctx: AppContext): void {
  ctx.jobs.register(
    MAIL_JOB,
    async (payload) => {
      await ctx.mailer.send(payload as QueuedMail);
    },
    { sendsMail: true },
  );
}

/**
 * Queues a mail in the caller's transaction; call `ctx.jobs.kick()` after commit.
 * A queued mail is stored in clear, so it must carry no secret: a mail with a secret either
 * makes it when its own job runs (reset links) or is sent at once and says so honestly when it
 * fails (sign-in codes).
 */
export async function queueMail(
  ctx: AppContext,
  tx: Tx,
  mail: QueuedMail,
  dedupeKey?: string,
): Promise<void> {
  await ctx.jobs.enqueue(tx, MAIL_JOB, mail, { dedupeKey });
}
