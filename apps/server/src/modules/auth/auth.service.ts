import type { Actor, SigninRequest, SignupRequest, VerifyCodeRequest } from '@ishuri/contract';
import { can, messages } from '@ishuri/contract';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { loginCodes, revokedTokens, users } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { AppError, badRequest, conflict, forbidden, unauthorized } from '../../lib/errors';
import { isUuid, uuidv7 } from '../../lib/ids';
import { loginCodeMail } from '../../lib/mail-templates';
import {
  burnPasswordCheck,
  generateCode,
  hashPassword,
  safeEqual,
  sha256,
  verifyPassword,
} from '../../lib/passwords';
import { presentUser } from '../users/users.presenter';
import {
  findUserByEmail,
  findUserById,
  isUniqueViolation,
  normalizeEmail,
} from '../users/users.service';

export const CODE_LIFETIME_MS = 10 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;

const mailFailed = () =>
  new AppError(503, 'MAIL_FAILED', 'We could not send the e-mail just now. Please try again.');

/** Creates a learner; an admin may choose the role (decisions.md §2). */
export async function signup(ctx: AppContext, actor: Actor | null, input: SignupRequest) {
  const mayChooseRole = can(actor, 'user:create');
  if (input.role !== undefined && !mayChooseRole) {
    throw forbidden(messages.roleNotAllowed, 'ROLE_NOT_ALLOWED');
  }
  const db = ctx.database.db;
  const email = normalizeEmail(input.email);
  if (await findUserByEmail(db, email)) throw conflict(messages.emailAlreadyExist, 'EMAIL_TAKEN');
  try {
    const [row] = await db
      .insert(users)
      .values({
        id: uuidv7(),
        email,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash: await hashPassword(input.password),
        role: input.role ?? 'learner',
      })
      .returning();
    return {
      message: mayChooseRole ? messages.userCreated : messages.signupSuccess,
      data: presentUser(row!),
    };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(messages.emailAlreadyExist, 'EMAIL_TAKEN');
    throw error;
  }
}

/**
 * Checks the pair, then e-mails a fresh 6-digit code. A wrong pair answers the same way,
 * status and time, whether or not the e-mail exists.
 */
export async function signin(ctx: AppContext, input: SigninRequest) {
  const db = ctx.database.db;
  const user = await findUserByEmail(db, input.email);
  if (!user) {
    await burnPasswordCheck(input.password);
    throw unauthorized(messages.invalidCredentials, 'INVALID_CREDENTIALS');
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw unauthorized(messages.invalidCredentials, 'INVALID_CREDENTIALS');
  }
  const code = generateCode();
  const values = {
    codeHash: sha256(code),
    attempts: 0,
    expiresAt: new Date(Date.now() + CODE_LIFETIME_MS),
    createdAt: new Date(),
  };
  await db
    .insert(loginCodes)
    .values({ userId: user.id, ...values })
    .onConflictDoUpdate({ target: loginCodes.userId, set: values });
  try {
    await ctx.mailer.send({ to: user.email, ...loginCodeMail(user.firstName, code, user.email) });
  } catch (error) {
    ctx.log.error({ err: error }, 'sign-in code mail failed');
    throw mailFailed();
  }
  return { message: messages.codeSent, userId: user.id };
}

/** One try of the code: at most 5 per code, within 10 minutes, single use. */
export async function verifyCode(ctx: AppContext, input: VerifyCodeRequest) {
  const db = ctx.database.db;
  const invalid = () => badRequest(messages.invalidVerificationCode, 'INVALID_CODE');
  const expired = () => badRequest(messages.verificationCodeExpired, 'CODE_EXPIRED');
  if (!isUuid(input.userId)) throw invalid();
  // Count the try before comparing, atomically, so parallel guesses cannot exceed the limit.
  const [attempt] = await db
    .update(loginCodes)
    .set({ attempts: sql`${loginCodes.attempts} + 1` })
    .where(
      and(
        eq(loginCodes.userId, input.userId),
        lt(loginCodes.attempts, MAX_CODE_ATTEMPTS),
        gt(loginCodes.expiresAt, new Date()),
      ),
    )
    .returning({ codeHash: loginCodes.codeHash });
  if (!attempt) {
    const [exists] = await db
      .select({ userId: loginCodes.userId })
      .from(loginCodes)
      .where(eq(loginCodes.userId, input.userId))
      .limit(1);
    throw exists ? expired() : invalid();
  }
  if (!safeEqual(attempt.codeHash, sha256(input.verificationCode.trim()))) throw invalid();
  const used = await db
    .delete(loginCodes)
    .where(and(eq(loginCodes.userId, input.userId), eq(loginCodes.codeHash, attempt.codeHash)))
    .returning({ userId: loginCodes.userId });
  if (used.length === 0) throw expired();
  const user = await findUserById(db, input.userId);
  if (!user) throw invalid();
  const issued = await ctx.tokens.issue(user);
  return { message: messages.loginSuccess, token: issued.token };
}

/** Revokes the presented token until it would have expired. */
export async function logout(ctx: AppContext, session: { jti: string; expiresAt: Date }) {
  const db = ctx.database.db;
  await db.insert(revokedTokens).values(session).onConflictDoNothing();
  await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, new Date()));
  return { message: messages.logoutSuccess };
}
