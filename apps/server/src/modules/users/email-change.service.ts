import type { Actor } from '@ishuri/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { emailChanges, users } from '../../db/schema';
import type { AppContext } from '../../context';
import { fail, validationError } from '../../lib/errors';
import { messages, speakingTo } from '../../lib/i18n';
import { isUuid, uuidv7 } from '../../lib/ids';
import { verifyPassword } from '../auth/passwords';
import { generateToken, sha256 } from '../../lib/secrets';
import { confirmEmailChangeMail, emailChangeNoticeMail } from './users.mail';

/** How long an e-mail change link stays valid. */
export const EMAIL_CHANGE_LIFETIME_MS = 24 * 60 * 60 * 1000;

const CONFIRM_JOB = 'email-change:confirm';
const NOTICE_JOB = 'email-change:notice';

/**
 * The shared counters of e-mail changes (issue 29, point 5), checked by the route's rate limits
 * (lib/rate-limit.ts: in Redis when REDIS_URL is set, so every process counts together). Each
 * throws 429 with Retry-After when full.
 */
export interface EmailChangeLimits {
  /** Every try to change the account's e-mail, a wrong password too (per account). */
  attempt(): Promise<void>;
  /** A change about to be mailed (per new address, whichever account asks). */
  mail(): Promise<void>;
}

/**
 * A new e-mail needs the caller's current password (issue 29, point 4), as the password change
 * does: missing, 400 on the field; wrong, 400 WRONG_PASSWORD on the field (never a 401 that would
 * end the session). An admin changing another user's e-mail gives their own password: a token
 * alone never moves an account to another address. Counted before the check, so guesses are
 * bounded per account.
 */
export async function checkEmailChange(
  ctx: AppContext,
  caller: Actor,
  currentPassword: string | undefined,
  limits: EmailChangeLimits | undefined,
): Promise<void> {
  await limits?.attempt();
  if (!currentPassword) {
    throw validationError({ currentPassword: messages.currentPasswordRequired });
  }
  const [row] = await ctx.database.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, caller.id))
    .limit(1);
  if (!row) throw fail('USER_NOT_FOUND');
  if (!(await verifyPassword(row.passwordHash, currentPassword))) {
    throw fail('WRONG_PASSWORD', { fields: { currentPassword: messages.currentPasswordWrong } });
  }
}

/**
 * Records a change of e-mail to be confirmed (decisions.md §2), in the caller's transaction:
 * replaces any older request of this user (its link stops working), and queues the link to the
 * new address and the notice to the old one. Call `ctx.jobs.kick()` after commit.
 */
export async function requestEmailChange(
  ctx: AppContext,
  tx: Tx,
  user: { id: string; email: string },
  newEmail: string,
): Promise<void> {
  const id = uuidv7();
  const values = {
    id,
    newEmail,
    tokenHash: null,
    expiresAt: new Date(Date.now() + EMAIL_CHANGE_LIFETIME_MS),
    createdAt: new Date(),
  };
  await tx
    .insert(emailChanges)
    .values({ userId: user.id, ...values })
    .onConflictDoUpdate({ target: emailChanges.userId, set: values });
  // The token is made when the job runs (only its hash is stored): the jobs table holds no secret.
  // `to` and `subject` name the mails on the admins' failed-mail list.
  await ctx.jobs.enqueue(
    tx,
    CONFIRM_JOB,
    { changeId: id, to: newEmail, subject: confirmEmailChangeMail('', newEmail).subject },
    { dedupeKey: `${CONFIRM_JOB}:${id}` },
  );
  await ctx.jobs.enqueue(
    tx,
    NOTICE_JOB,
    {
      changeId: id,
      userId: user.id,
      oldEmail: user.email,
      newEmail,
      to: user.email,
      subject: emailChangeNoticeMail('', newEmail, ctx.config.appUrl).subject,
    },
    { dedupeKey: `${NOTICE_JOB}:${id}` },
  );
}

/** The e-mail change waiting for confirmation, if any (expired ones do not count). */
export async function pendingEmailOf(db: Tx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ newEmail: emailChanges.newEmail })
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), gt(emailChanges.expiresAt, new Date())))
    .limit(1);
  return row?.newEmail ?? null;
}

/**
 * Applies a change with the token of its link: once, within 24 hours, and only while the address
 * is still free (409 otherwise). The change ends either way. Sessions stay open: they are tied to
 * the password, which has not changed, and the confirming browser may not be the one signed in.
 */
export async function confirmEmailChange(ctx: AppContext, token: string) {
  const invalid = () => fail('INVALID_EMAIL_CHANGE_TOKEN');
  if (!/^[\w-]{20,100}$/.test(token)) throw invalid();
  const outcome = await ctx.database.db.transaction(async (tx) => {
    const [change] = await tx
      .delete(emailChanges)
      .where(and(eq(emailChanges.tokenHash, sha256(token)), gt(emailChanges.expiresAt, new Date())))
      .returning({ userId: emailChanges.userId, newEmail: emailChanges.newEmail });
    if (!change) return 'invalid' as const;
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, change.newEmail))
      .limit(1);
    if (taken) return taken.id === change.userId ? ('done' as const) : ('taken' as const);
    await tx.update(users).set({ email: change.newEmail }).where(eq(users.id, change.userId));
    return 'done' as const;
  });
  if (outcome === 'invalid') throw invalid();
  if (outcome === 'taken') throw fail('EMAIL_TAKEN');
}

export function registerEmailChangeJobs(ctx: AppContext): void {
  ctx.jobs.register(
    CONFIRM_JOB,
    async (payload) => {
      const { changeId } = payload as { changeId: string };
      if (!isUuid(changeId)) return;
      const token = generateToken();
      // A retry makes a new token: the link of a mail that may not have left stops working.
      const [change] = await ctx.database.db
        .update(emailChanges)
        .set({ tokenHash: sha256(token) })
        .where(and(eq(emailChanges.id, changeId), gt(emailChanges.expiresAt, new Date())))
        .returning({ userId: emailChanges.userId, newEmail: emailChanges.newEmail });
      if (!change) return; // replaced by a newer request, confirmed, or expired
      const [user] = await ctx.database.db
        .select({ language: users.language })
        .from(users)
        .where(eq(users.id, change.userId))
        .limit(1);
      if (!user) return;
      const link = `${ctx.config.appUrl}/confirm-email/${token}`;
      const mail = speakingTo(user, () => confirmEmailChangeMail(link, change.newEmail));
      await ctx.mailer.send({ to: change.newEmail, ...mail });
    },
    { sendsMail: true },
  );

  ctx.jobs.register(
    NOTICE_JOB,
    async (payload) => {
      const { userId, oldEmail, newEmail } = payload as {
        userId: string;
        oldEmail: string;
        newEmail: string;
      };
      if (!isUuid(userId)) return;
      const [user] = await ctx.database.db
        .select({ firstName: users.firstName, language: users.language })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      if (!user) return;
      const mail = speakingTo(user, () =>
        emailChangeNoticeMail(user.firstName, newEmail, ctx.config.appUrl),
      );
      await ctx.mailer.send({ to: oldEmail, ...mail });
    },
    { sendsMail: true },
  );
}
