import type {
  Actor,
  Language,
  ResendCodeRequest,
  SigninRequest,
  SignupRequest,
  VerifyCodeRequest,
} from '@ishuri/contract';
import { can, normalizeEmail } from '@ishuri/contract';
import { askedLanguage, messages, speakingTo } from '../../lib/i18n';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { loginCodes, revokedTokens, users } from '../../db/schema';
import type { AppContext } from '../../context';
import { fail } from '../../lib/errors';
import { said } from '../../lib/route';
import { isUuid, uuidv7 } from '../../lib/ids';
import { loginCodeMail } from '../mail/mail-templates';
import { newSigninCookie } from './signin-cookies';
import { burnPasswordCheck, generateCode, hashPassword, verifyPassword } from './passwords';
import { safeEqual, sha256 } from '../../lib/secrets';
import { presentUser } from '../users/users.presenter';
import { findUserByEmail, findUserById, isUniqueViolation } from '../users/users.service';

export const CODE_LIFETIME_MS = 10 * 60 * 1000;
/** Wrong tries per code from the browser that signed in (it holds the sign-in cookie). */
export const MAX_CODE_ATTEMPTS = 5;
/** Wrong tries per code from all other clients together (no sign-in cookie, or another one). */
export const MAX_OTHER_CODE_ATTEMPTS = 3;
/** New codes the browser that signed in may ask for within one sign-in. */
export const MAX_RESENDS = 3;

const mailFailed = () => fail('MAIL_FAILED');

/** Creates a learner; an admin may choose the role (decisions.md §2). */
export async function signup(ctx: AppContext, actor: Actor | null, input: SignupRequest) {
  const mayChooseRole = can(actor, 'user:create');
  if (input.role !== undefined && !mayChooseRole) {
    throw fail('ROLE_NOT_ALLOWED');
  }
  const db = ctx.database.db;
  const email = normalizeEmail(input.email);
  if (await findUserByEmail(db, email)) throw fail('EMAIL_TAKEN');
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
        // One who signs up keeps the language they signed up in; an account an admin makes
        // takes its user's language at their first choice (null until then).
        language: mayChooseRole ? null : askedLanguage(),
      })
      .returning();
    const user = presentUser(row!);
    return mayChooseRole ? said(messages.userCreated, user) : user;
  } catch (error) {
    if (isUniqueViolation(error)) throw fail('EMAIL_TAKEN');
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
    throw fail('INVALID_CREDENTIALS');
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw fail('INVALID_CREDENTIALS');
  }
  const code = generateCode();
  const signinCookie = newSigninCookie();
  const values = {
    codeHash: sha256(code),
    attempts: 0,
    signinHash: sha256(signinCookie),
    otherAttempts: 0,
    resends: 0,
    expiresAt: new Date(Date.now() + CODE_LIFETIME_MS),
    createdAt: new Date(),
  };
  await db
    .insert(loginCodes)
    .values({ userId: user.id, ...values })
    .onConflictDoUpdate({ target: loginCodes.userId, set: values });
  await mailCode(ctx, user, code);
  return { message: messages.codeSent, userId: user.id, signinCookie };
}

async function mailCode(
  ctx: AppContext,
  user: { email: string; firstName: string; language: Language | null },
  code: string,
): Promise<void> {
  // In the account's language, else the language the sign-in was asked in.
  const mail = speakingTo(user, () => loginCodeMail(user.firstName, code, user.email));
  try {
    await ctx.mailer.send({ to: user.email, ...mail });
  } catch (error) {
    ctx.log.error({ err: error }, 'sign-in code mail failed');
    throw mailFailed();
  }
}

/**
 * One try of the code, within 10 minutes, single use. The browser that signed in (its sign-in
 * cookie matches the code's) has 5 tries; every other client shares 3 more, so strangers can
 * neither guess far nor use up the owner's tries (decisions.md §2). A wrong code with tries left
 * answers WRONG_CODE and how many remain; the last one "invalid verification code".
 * Answers the token and the e-mail that signed in (for the device cookie).
 */
export async function verifyCode(
  ctx: AppContext,
  input: VerifyCodeRequest,
  signinCookie: string | null,
) {
  const db = ctx.database.db;
  const invalid = () => fail('INVALID_CODE');
  const expired = () => fail('CODE_EXPIRED');
  if (!isUuid(input.userId)) throw invalid();
  const [row] = await db
    .select()
    .from(loginCodes)
    .where(eq(loginCodes.userId, input.userId))
    .limit(1);
  if (!row) throw invalid();
  if (row.expiresAt.getTime() <= Date.now()) throw expired();
  const fromSigninBrowser =
    signinCookie !== null &&
    row.signinHash !== null &&
    safeEqual(row.signinHash, sha256(signinCookie));
  const counter = fromSigninBrowser ? loginCodes.attempts : loginCodes.otherAttempts;
  const max = fromSigninBrowser ? MAX_CODE_ATTEMPTS : MAX_OTHER_CODE_ATTEMPTS;
  // Count the try before comparing, atomically, so parallel guesses cannot exceed the limit.
  const [attempt] = await db
    .update(loginCodes)
    .set(
      fromSigninBrowser
        ? { attempts: sql`${counter} + 1` }
        : { otherAttempts: sql`${counter} + 1` },
    )
    .where(
      and(
        eq(loginCodes.userId, input.userId),
        eq(loginCodes.codeHash, row.codeHash),
        lt(counter, max),
        gt(loginCodes.expiresAt, new Date()),
      ),
    )
    .returning({ codeHash: loginCodes.codeHash, used: counter });
  // No try left for this client (or the code just changed): the code is dead for it.
  if (!attempt) throw invalid();
  if (!safeEqual(attempt.codeHash, sha256(input.verificationCode.trim()))) {
    const left = max - attempt.used;
    if (left > 0) throw fail('WRONG_CODE', { message: messages.wrongCode(left) });
    // The signing-in browser's last try ends the code for everyone.
    if (fromSigninBrowser) {
      await db
        .delete(loginCodes)
        .where(and(eq(loginCodes.userId, input.userId), eq(loginCodes.codeHash, attempt.codeHash)));
    }
    throw invalid();
  }
  const used = await db
    .delete(loginCodes)
    .where(and(eq(loginCodes.userId, input.userId), eq(loginCodes.codeHash, attempt.codeHash)))
    .returning({ userId: loginCodes.userId });
  if (used.length === 0) throw invalid();
  const user = await findUserById(db, input.userId);
  if (!user) throw invalid();
  const issued = await ctx.tokens.issue(user);
  return { message: messages.loginSuccess, token: issued.token, email: user.email };
}

/**
 * A new code for the sign-in in progress, mailed like the first: only the browser that signed in
 * may ask (it holds the sign-in cookie, which only a right password gives), at most 3 times per
 * sign-in. The new code has 5 fresh tries for that browser; other clients' tries are not renewed.
 */
export async function resendCode(
  ctx: AppContext,
  input: ResendCodeRequest,
  signinCookie: string | null,
) {
  const db = ctx.database.db;
  const ended = () => fail('SIGNIN_ENDED');
  if (!isUuid(input.userId) || signinCookie === null) throw ended();
  const code = generateCode();
  const [renewed] = await db
    .update(loginCodes)
    .set({
      codeHash: sha256(code),
      attempts: 0,
      resends: sql`${loginCodes.resends} + 1`,
      expiresAt: new Date(Date.now() + CODE_LIFETIME_MS),
    })
    .where(
      and(
        eq(loginCodes.userId, input.userId),
        eq(loginCodes.signinHash, sha256(signinCookie)),
        lt(loginCodes.resends, MAX_RESENDS),
      ),
    )
    .returning({ userId: loginCodes.userId });
  if (!renewed) {
    const [row] = await db
      .select({ resends: loginCodes.resends })
      .from(loginCodes)
      .where(
        and(eq(loginCodes.userId, input.userId), eq(loginCodes.signinHash, sha256(signinCookie))),
      )
      .limit(1);
    if (row) throw fail('TOO_MANY_CODES');
    throw ended();
  }
  const user = await findUserById(db, input.userId);
  if (!user) throw ended();
  await mailCode(ctx, user, code);
}

/** Revokes the presented token until it would have expired. */
export async function logout(
  ctx: AppContext,
  actor: Actor,
  session: { jti: string; expiresAt: Date },
) {
  const db = ctx.database.db;
  await db.insert(revokedTokens).values(session).onConflictDoNothing();
  await ctx.sessions.forget(actor.id);
  await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, new Date()));
}
