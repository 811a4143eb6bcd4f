import type {
  Actor,
  ChangePasswordRequest,
  ForgotPasswordRequest,
  ResetPasswordRequest,
} from '@ishuri/contract';
import { normalizeEmail } from '@ishuri/contract';
import { messages, speakingTo } from '../../lib/i18n';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { loginCodes, passwordResets, users } from '../../db/schema';
import { requireActor } from '../../lib/access';
import type { AppContext } from '../../context';
import { fail } from '../../lib/errors';
import type { JobInfo } from '../../lib/jobs';
import { resetLinkMail } from '../mail/mail-templates';
import { hashPassword, verifyPassword } from './passwords';
import { generateToken, sha256 } from '../../lib/secrets';
import { findUserByEmail, findUserById } from '../users/users.service';

export const RESET_LIFETIME_MS = 60 * 60 * 1000;
export const RESET_LINK_JOB = 'password-reset-link';

/**
 * Always the same work and the same answer, whether or not the account exists: one job carrying
 * the e-mail is written, and the job decides. The link itself is made when the job runs, so no
 * secret is ever kept in clear in the jobs table.
 */
export async function forgotPassword(ctx: AppContext, input: ForgotPasswordRequest) {
  const email = normalizeEmail(input.email);
  await ctx.database.db.transaction(async (tx) => {
    await ctx.jobs.enqueue(tx, RESET_LINK_JOB, { email });
  });
  void ctx.jobs.kick();
}

/**
 * The reset-link job: when the account exists, a new link replaces the one an earlier attempt of
 * this job made (its row has the job's id), so a retry never leaves two live links behind.
 */
export async function runResetLinkJob(
  ctx: AppContext,
  payload: unknown,
  job: JobInfo,
): Promise<void> {
  const { email } = payload as { email: string };
  const db = ctx.database.db;
  const user = await findUserByEmail(db, email);
  if (!user) return;
  const token = generateToken();
  await db.transaction(async (tx) => {
    await tx.delete(passwordResets).where(eq(passwordResets.id, job.id));
    await tx.insert(passwordResets).values({
      id: job.id,
      userId: user.id,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + RESET_LIFETIME_MS),
    });
  });
  const link = `${ctx.config.appUrl}/resetpassword/${token}`;
  const mail = speakingTo(user, () => resetLinkMail(user.firstName, link, user.email));
  await ctx.mailer.send({ to: user.email, ...mail });
}

export function registerPasswordResetJobs(ctx: AppContext): void {
  ctx.jobs.register(RESET_LINK_JOB, (payload, job) => runResetLinkJob(ctx, payload, job), {
    sendsMail: true,
  });
}

/**
 * Every change of a password goes through here: it sets the hash, ends every session issued
 * before (through passwordChangedAt), drops pending sign-in codes and ends every open reset link.
 * Its caller tells `ctx.sessions` once the transaction has committed.
 */
export async function changePassword(tx: Tx, userId: string, passwordHash: string) {
  const now = new Date();
  await changePasswordAt(tx, userId, passwordHash, now);
}

async function changePasswordAt(tx: Tx, userId: string, passwordHash: string, now: Date) {
  await tx.update(users).set({ passwordHash, passwordChangedAt: now }).where(eq(users.id, userId));
  await tx.delete(loginCodes).where(eq(loginCodes.userId, userId));
  await tx
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/** Sets the new password once per link; the change ends every other link and every session. */
export async function resetPassword(ctx: AppContext, token: string, input: ResetPasswordRequest) {
  const db = ctx.database.db;
  const passwordHash = await hashPassword(input.password);
  const done = await db.transaction(async (tx) => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResets.tokenHash, sha256(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, new Date()),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!reset) return null;
    await changePassword(tx, reset.userId, passwordHash);
    return reset.userId;
  });
  if (!done) throw fail('INVALID_RESET_TOKEN');
  await ctx.sessions.forget(done);
}

/**
 * Settings: a signed-in user changes their password, proving it with the current one (a wrong
 * one is a 400 on the field, never a 401 that would end the session). Like every change, it ends
 * every session, code and reset link; this browser gets a new token and stays signed in.
 */
export async function changeOwnPassword(
  ctx: AppContext,
  caller: Actor | null,
  input: ChangePasswordRequest,
) {
  const actor = requireActor(caller, 'auth:changePassword');
  const db = ctx.database.db;
  const user = await findUserById(db, actor.id);
  if (!user) throw fail('USER_NOT_FOUND');
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw fail('WRONG_PASSWORD', { fields: { currentPassword: messages.currentPasswordWrong } });
  }
  const passwordHash = await hashPassword(input.newPassword);
  const changedAt = new Date();
  await db.transaction((tx) => changePasswordAt(tx, user.id, passwordHash, changedAt));
  await ctx.sessions.forget(user.id);
  const issued = await ctx.tokens.issue({ ...user, passwordChangedAt: changedAt });
  return { token: issued.token };
}
