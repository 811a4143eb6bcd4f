import { messages } from '@ishuri/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRateLimits } from '../../config';
import { loginCodes, passwordResets } from '../../db/schema';
import { createUser } from '../../test/factories';
import type { TestUser } from '../../test/factories';
import { decodePart, unsigned, withPayload, wrongSignature } from '../../test/jwt';
import { startTestServer } from '../../test/server';
import type { TestServer } from '../../test/server';
import { startSmtp } from '../../test/smtp';
import type { TestSmtp } from '../../test/smtp';

let server: TestServer;
let smtp: TestSmtp;
let admin: TestUser;
let seq = 0;
const uniqueEmail = (prefix = 'learner') => `${prefix}${++seq}.${Date.now()}@example.com`;

beforeAll(async () => {
  smtp = await startSmtp();
  // Behind a proxy: tests speak from many addresses with X-Forwarded-For.
  server = await startTestServer({ smtpUrl: smtp.url, trustProxy: true });
  admin = await createUser(server, { role: 'admin', firstName: 'Ada' });
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const codeIn = (text: string | undefined) => /\b(\d{6})\b/.exec(text ?? '')?.[1];

async function signup(email: string, password = 'a-good-password', extra = {}) {
  return server.request('POST', '/api/auth/signup', {
    body: { firstName: 'Aline', lastName: 'Uwase', email, password, ...extra },
  });
}

/** The `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie header. */
const cookiesOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');

/**
 * Signs in and returns the code received by the SMTP server, and the sign-in cookie of this
 * browser (`cookie`, for a Cookie header).
 */
async function signinAndReadCode(email: string, password: string, headers = {}) {
  const before = smtp.mails.length;
  const response = await server.request('POST', '/api/auth/signin', {
    body: { email, password },
    headers,
  });
  expect(response.status).toBe(200);
  const mail = await smtp.waitFor(email, (m) => smtp.mails.indexOf(m) >= before);
  return {
    userId: response.body.userId as string,
    code: codeIn(mail.text)!,
    cookie: cookiesOf(response.headers),
  };
}

async function fullSignIn(email: string, password: string) {
  const { userId, code } = await signinAndReadCode(email, password);
  const verified = await server.request('POST', '/api/auth/verifyCode', {
    body: { userId, verificationCode: code },
  });
  expect(verified.status).toBe(200);
  return verified.body.token as string;
}

describe('sign-up, sign-in with an e-mailed code, profile', () => {
  it('goes through the whole flow with a real SMTP server', async () => {
    const email = uniqueEmail();
    const created = await signup(email.toUpperCase());
    expect(created.status).toBe(201);
    expect(created.body.message).toBe(messages.signupSuccess);
    expect(created.body.data).toMatchObject({ email, role: 'learner', firstName: 'Aline' });
    expect(created.body.data).not.toHaveProperty('passwordHash');
    expect(created.text).not.toContain('argon2');

    const signin = await server.request('POST', '/api/auth/signin', {
      body: { email, password: 'a-good-password' },
    });
    expect(signin.status).toBe(200);
    expect(signin.body).toEqual({ message: messages.codeSent, userId: created.body.data.id });

    const mail = await smtp.waitFor(email);
    expect(mail.subject).toContain('Ishuri');
    expect(mail.html).toBeTruthy();
    const code = codeIn(mail.text);
    expect(code).toMatch(/^\d{6}$/);

    const verified = await server.request('POST', '/api/auth/verifyCode', {
      body: { userId: signin.body.userId, verificationCode: code },
    });
    expect(verified.status).toBe(200);
    expect(verified.body.message).toBe(messages.loginSuccess);
    const payload = decodePart(verified.body.token, 1);
    expect(payload).toMatchObject({
      id: created.body.data.id,
      role: 'learner',
      firstName: 'Aline',
    });
    expect(decodePart(verified.body.token, 0).alg).toBe('HS256');
    expect((payload.exp as number) - (payload.iat as number)).toBe(7 * 24 * 60 * 60);

    const profile = await server.request('GET', '/api/user/profile', {
      token: verified.body.token,
    });
    expect(profile.status).toBe(200);
    expect(profile.body.data).toMatchObject({ id: created.body.data.id, email, bio: null });

    // The code is single use.
    const again = await server.request('POST', '/api/auth/verifyCode', {
      body: { userId: signin.body.userId, verificationCode: code },
    });
    expect(again.status).toBe(400);
  });
});

describe('sign-up validation', () => {
  it.each([
    [
      { firstName: '', lastName: 'U', email: 'a@b.co', password: 'long-enough' },
      messages.registerFieldsRequired,
      'firstName',
    ],
    [
      { firstName: 'A', lastName: '  ', email: 'a@b.co', password: 'long-enough' },
      messages.registerFieldsRequired,
      'lastName',
    ],
    [
      { firstName: 'A', lastName: 'U', email: '', password: 'long-enough' },
      messages.registerFieldsRequired,
      'email',
    ],
    [
      { firstName: 'A', lastName: 'U', email: 'not-an-email', password: 'long-enough' },
      messages.emailInvalid,
      'email',
    ],
    [
      { firstName: 'A', lastName: 'U', email: 'a@b', password: 'long-enough' },
      messages.emailInvalid,
      'email',
    ],
    [
      { firstName: 'A', lastName: 'U', email: 'a@b.co', password: '' },
      messages.registerFieldsRequired,
      'password',
    ],
    [
      { firstName: 'A', lastName: 'U', email: 'a@b.co', password: 'short' },
      messages.passwordTooShort,
      'password',
    ],
    [
      { lastName: 'U', email: 'a@b.co', password: 'long-enough' },
      messages.registerFieldsRequired,
      'firstName',
    ],
  ])('refuses %j with 400 "%s"', async (body, message, field) => {
    const response = await server.request('POST', '/api/auth/signup', { body });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    expect(response.body.error).toBe(message);
    expect(response.body.fields[field]).toBe(message);
  });

  it('refuses a second account with the same e-mail, whatever its case', async () => {
    const email = uniqueEmail();
    expect((await signup(email)).status).toBe(201);
    const second = await signup(email.replace('learner', 'LEARNER'));
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ error: messages.emailAlreadyExist, code: 'EMAIL_TAKEN' });
  });

  it('refuses a body that is not JSON with a clear 400', async () => {
    const response = await server.request('POST', '/api/auth/signup', {
      headers: { 'content-type': 'application/json' },
      body: undefined,
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toBeTruthy();
  });
});

describe('sign-in', () => {
  it('answers a wrong password and an unknown e-mail the same way', async () => {
    const email = uniqueEmail();
    await signup(email);
    const wrong = await server.request('POST', '/api/auth/signin', {
      body: { email, password: 'not-the-password' },
    });
    const unknown = await server.request('POST', '/api/auth/signin', {
      body: { email: uniqueEmail('nobody'), password: 'not-the-password' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ error: messages.invalidCredentials, code: 'INVALID_CREDENTIALS' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('checks the e-mail pattern and that a password is given', async () => {
    const bad = await server.request('POST', '/api/auth/signin', {
      body: { email: 'nope', password: 'x' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(messages.emailInvalid);
    const empty = await server.request('POST', '/api/auth/signin', {
      body: { email: 'a@b.co', password: '' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.fields.password).toBe(messages.registerFieldsRequired);
  });
});

describe('one-time codes', () => {
  it('requires the code and the user session', async () => {
    const noCode = await server.request('POST', '/api/auth/verifyCode', {
      body: { userId: admin.id, verificationCode: '' },
    });
    expect(noCode.status).toBe(400);
    expect(noCode.body.error).toBe(messages.otpRequired);
    const noUser = await server.request('POST', '/api/auth/verifyCode', {
      body: { userId: '', verificationCode: '123456' },
    });
    expect(noUser.status).toBe(400);
    expect(noUser.body.error).toBe(messages.invalidUserSession);
  });

  it('answers WRONG_CODE with the tries left to a client without the sign-in cookie, then dead', async () => {
    const email = uniqueEmail();
    await signup(email);
    const { userId, code } = await signinAndReadCode(email, 'a-good-password');
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 3; i++) {
      answers.push(
        await server.request('POST', '/api/auth/verifyCode', {
          body: { userId, verificationCode: wrong },
        }),
      );
    }
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400]);
    expect(answers[0]!.body).toEqual({
      error: 'That code is not right. You have 2 tries left.',
      code: 'WRONG_CODE',
    });
    expect(answers[1]!.body.error).toBe('That code is not right. You have 1 try left.');
    expect(answers[2]!.body).toEqual({ error: 'invalid verification code', code: 'INVALID_CODE' });
    // Dead for clients without the cookie, even with the right code.
    const right = await server.request('POST', '/api/auth/verifyCode', {
      body: { userId, verificationCode: code },
    });
    expect(right.status).toBe(400);
    expect(right.body.error).toBe('invalid verification code');
  });

  it('gives the browser that signed in 5 tries: the tries left, then "invalid verification code"', async () => {
    const email = uniqueEmail();
    await signup(email);
    const { userId, code, cookie } = await signinAndReadCode(email, 'a-good-password');
    const wrong = code === '000000' ? '111111' : '000000';
    const errors: string[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await server.request('POST', '/api/auth/verifyCode', {
        body: { userId, verificationCode: wrong },
        headers: { cookie },
      });
      expect(response.status).toBe(400);
      errors.push(response.body.error);
    }
    expect(errors).toEqual([
      'That code is not right. You have 4 tries left.',
      'That code is not right. You have 3 tries left.',
      'That code is not right. You have 2 tries left.',
      'That code is not right. You have 1 try left.',
      'invalid verification code',
    ]);
    const sixth = await server.request('POST', '/api/auth/verifyCode', {
      body: { userId, verificationCode: code },
      headers: { cookie },
    });
    expect(sixth.status).toBe(400);
    expect(sixth.body.error).toBe(messages.invalidVerificationCode);
  });

  it('refuses an expired code', async () => {
    const email = uniqueEmail();
    await signup(email);
    const { userId, code } = await signinAndReadCode(email, 'a-good-password');
    await server.ctx.database.db
      .update(loginCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(loginCodes.userId, userId));
    const response = await server.request('POST', '/api/auth/verifyCode', {
      body: { userId, verificationCode: code },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: messages.verificationCodeExpired,
      code: 'CODE_EXPIRED',
    });
  });

  it('stores codes hashed, and a new sign-in replaces the old code', async () => {
    const email = uniqueEmail();
    await signup(email);
    const first = await signinAndReadCode(email, 'a-good-password');
    const [row] = await server.ctx.database.db
      .select()
      .from(loginCodes)
      .where(eq(loginCodes.userId, first.userId));
    expect(row!.codeHash).not.toContain(first.code);
    expect(row!.codeHash).toHaveLength(64);
    const second = await signinAndReadCode(email, 'a-good-password');
    if (first.code !== second.code) {
      const old = await server.request('POST', '/api/auth/verifyCode', {
        body: { userId: first.userId, verificationCode: first.code },
      });
      expect(old.status).toBe(400);
    }
    const fresh = await server.request('POST', '/api/auth/verifyCode', {
      body: { userId: second.userId, verificationCode: second.code },
    });
    expect(fresh.status).toBe(200);
  });
});

describe('forgot and reset password', () => {
  it('answers the same for known and unknown e-mails, and validates the e-mail', async () => {
    const email = uniqueEmail();
    await signup(email);
    const known = await server.request('POST', '/api/auth/forgotpassword', { body: { email } });
    const unknown = await server.request('POST', '/api/auth/forgotpassword', {
      body: { email: uniqueEmail('ghost') },
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({ message: messages.forgotSent });
    expect(unknown.body).toEqual(known.body);
    const empty = await server.request('POST', '/api/auth/forgotpassword', { body: { email: '' } });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe(messages.emailRequired);
    const bad = await server.request('POST', '/api/auth/forgotpassword', {
      body: { email: 'x@y' },
    });
    expect(bad.body.error).toBe(messages.emailInvalid);
  });

  it('resets once with the mailed link, ends older sessions, and swaps the passwords', async () => {
    const email = uniqueEmail();
    await signup(email, 'old-password-1');
    const oldToken = await fullSignIn(email, 'old-password-1');
    expect((await server.request('GET', '/api/user/profile', { token: oldToken })).status).toBe(
      200,
    );

    await server.request('POST', '/api/auth/forgotpassword', { body: { email } });
    const mail = await smtp.waitFor(email, (m) => m.subject?.includes('Reset') ?? false);
    const link = /http:\/\/localhost:5173\/resetpassword\/([A-Za-z0-9_-]+)/.exec(mail.text ?? '');
    expect(link).not.toBeNull();
    const token = link![1]!;
    const [stored] = await server.ctx.database.db.select().from(passwordResets);
    expect(JSON.stringify(stored)).not.toContain(token);

    const tooShort = await server.request('POST', `/api/auth/resetpassword/${token}`, {
      body: { password: 'short' },
    });
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.error).toBe(messages.passwordTooShort);
    const empty = await server.request('POST', `/api/auth/resetpassword/${token}`, {
      body: { password: '' },
    });
    expect(empty.body.error).toBe(messages.resetBothRequired);

    const reset = await server.request('POST', `/api/auth/resetpassword/${token}`, {
      body: { password: 'new-password-2' },
    });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe(messages.resetSuccess);

    const twice = await server.request('POST', `/api/auth/resetpassword/${token}`, {
      body: { password: 'new-password-3' },
    });
    expect(twice.status).toBe(400);
    expect(twice.body).toEqual({ error: messages.resetFailed, code: 'INVALID_RESET_TOKEN' });

    const oldSession = await server.request('GET', '/api/user/profile', { token: oldToken });
    expect(oldSession.status).toBe(401);

    const oldPassword = await server.request('POST', '/api/auth/signin', {
      body: { email, password: 'old-password-1' },
    });
    expect(oldPassword.status).toBe(401);
    const newToken = await fullSignIn(email, 'new-password-2');
    expect((await server.request('GET', '/api/user/profile', { token: newToken })).status).toBe(
      200,
    );
  });

  it('refuses an unknown or expired reset token', async () => {
    const unknown = await server.request('POST', '/api/auth/resetpassword/not-a-real-token', {
      body: { password: 'long-enough-1' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe(messages.resetFailed);

    const email = uniqueEmail();
    await signup(email);
    await server.request('POST', '/api/auth/forgotpassword', { body: { email } });
    const mail = await smtp.waitFor(email, (m) => m.subject?.includes('Reset') ?? false);
    const token = /resetpassword\/([A-Za-z0-9_-]+)/.exec(mail.text ?? '')![1]!;
    await server.ctx.database.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await server.request('POST', `/api/auth/resetpassword/${token}`, {
      body: { password: 'long-enough-1' },
    });
    expect(expired.status).toBe(400);
  });
});

describe('tokens', () => {
  it('refuses a logged-out token', async () => {
    const user = await createUser(server);
    expect((await server.request('GET', '/api/user/profile', { token: user.token })).status).toBe(
      200,
    );
    const out = await server.request('POST', '/api/auth/logout', { token: user.token });
    expect(out.status).toBe(200);
    expect(out.body.message).toBe(messages.logoutSuccess);
    const after = await server.request('GET', '/api/user/profile', { token: user.token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('INVALID_TOKEN');
  });

  it("refuses a deleted user's token", async () => {
    const user = await createUser(server);
    const removed = await server.request('DELETE', `/api/user/delete/${user.id}`, {
      token: admin.token,
    });
    expect(removed.status).toBe(200);
    expect((await server.request('GET', '/api/user/profile', { token: user.token })).status).toBe(
      401,
    );
  });

  it('refuses alg none, a wrong signature and an edited payload', async () => {
    const user = await createUser(server);
    for (const token of [
      unsigned(user.token),
      wrongSignature(user.token),
      withPayload(user.token, { role: 'admin' }),
      withPayload(user.token, { id: admin.id }),
      'not.a.token',
    ]) {
      const profile = await server.request('GET', '/api/user/profile', { token });
      expect(profile.status).toBe(401);
      const list = await server.request('GET', '/api/user/all', { token });
      expect(list.status).toBe(401);
    }
    expect((await server.request('GET', '/api/user/profile')).status).toBe(401);
    const basic = await server.request('GET', '/api/user/profile', {
      headers: { authorization: 'Basic abc' },
    });
    expect(basic.status).toBe(401);
  });

  it('refuses an expired token', async () => {
    const user = await createUser(server);
    const { SignJWT } = await import('jose');
    const claims = decodePart(user.token, 1);
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(server.ctx.config.jwtSecret));
    expect((await server.request('GET', '/api/user/profile', { token: expired })).status).toBe(401);
  });
});

describe('roles on sign-up', () => {
  it('refuses a role from a visitor or a learner, and lets an admin create an instructor', async () => {
    const visitor = await signup(uniqueEmail(), 'long-enough-1', { role: 'admin' });
    expect(visitor.status).toBe(403);
    expect(visitor.body.error).toBe(messages.roleNotAllowed);
    const learner = await createUser(server);
    const byLearner = await server.request('POST', '/api/auth/signup', {
      token: learner.token,
      body: {
        firstName: 'I',
        lastName: 'N',
        email: uniqueEmail(),
        password: 'long-enough-1',
        role: 'instructor',
      },
    });
    expect(byLearner.status).toBe(403);

    const email = uniqueEmail('teacher');
    const byAdmin = await server.request('POST', '/api/auth/signup', {
      token: admin.token,
      body: {
        firstName: 'Ines',
        lastName: 'N',
        email,
        password: 'long-enough-1',
        role: 'instructor',
      },
    });
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.body.message).toBe(messages.userCreated);
    expect(byAdmin.body.data.role).toBe('instructor');
    const token = await fullSignIn(email, 'long-enough-1');
    expect(decodePart(token, 1).role).toBe('instructor');
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After after 10 sign-ins for one e-mail', async () => {
    const email = uniqueEmail('limited');
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 11; i++) {
      last = await server.request('POST', '/api/auth/signin', {
        body: { email, password: 'wrong-password' },
      });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last!.body.code).toBe('RATE_LIMITED');
    expect(last!.body.error).toMatch(
      /^Too many attempts\. Please try again in \d+ (minutes?|seconds?)\.$/,
    );
  });
});

const mailsTo = (email: string) =>
  smtp.mails.filter((m) => JSON.stringify(m.to).toLowerCase().includes(email)).length;

/** A stranger's client: a new address each time, no cookies. */
const fromAddress = (i: number) => ({ 'x-forwarded-for': `203.0.113.${(i % 250) + 1}` });

describe('nobody without the password can lock the owner out (decisions.md §2)', () => {
  it("a stranger's 25 wrong codes from 25 addresses leave the owner's code working", async () => {
    const email = uniqueEmail('owner');
    await signup(email);
    const { userId, code, cookie } = await signinAndReadCode(email, 'a-good-password');
    expect(cookie).toMatch(/^ishuri_signin=[A-Za-z0-9_-]{43}$/);
    const wrong = code === '000000' ? '111111' : '000000';
    const statuses: number[] = [];
    const errors: string[] = [];
    for (let i = 0; i < 25; i++) {
      const response = await server.request('POST', '/api/auth/verifyCode', {
        body: { userId, verificationCode: wrong },
        headers: fromAddress(i),
      });
      statuses.push(response.status);
      errors.push(response.body.error);
    }
    expect(statuses.every((s) => s === 400)).toBe(true);
    expect(errors.slice(0, 2)).toEqual([
      'That code is not right. You have 2 tries left.',
      'That code is not right. You have 1 try left.',
    ]);
    expect(new Set(errors.slice(2))).toEqual(new Set(['invalid verification code']));

    const owner = await server.request('POST', '/api/auth/verifyCode', {
      body: { userId, verificationCode: code },
      headers: { cookie, 'x-forwarded-for': '198.51.100.7' },
    });
    expect(owner.status).toBe(200);
    expect(owner.body.message).toBe(messages.loginSuccess);
    const device = owner.headers.getSetCookie().find((c) => c.startsWith('ishuri_device='));
    expect(device).toMatch(/; Max-Age=15552000; Path=\/api\/auth; HttpOnly; SameSite=Lax$/);
  });

  it('bounds guessing: a client without the cookie gets 3 tries per code, whatever its address', async () => {
    const email = uniqueEmail('guessed');
    await signup(email);
    const { userId, code } = await signinAndReadCode(email, 'a-good-password');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 3; i++) {
      await server.request('POST', '/api/auth/verifyCode', {
        body: { userId, verificationCode: wrong },
        headers: fromAddress(100 + i),
      });
    }
    // Even the right code, from a fresh address and with a made-up cookie, is refused now.
    const fourth = await server.request('POST', '/api/auth/verifyCode', {
      body: { userId, verificationCode: code },
      headers: { ...fromAddress(200), cookie: 'ishuri_signin=forged-cookie-value' },
    });
    expect(fourth.status).toBe(400);
    expect(fourth.body).toEqual({ error: 'invalid verification code', code: 'INVALID_CODE' });
  });

  it("25 wrong passwords from 25 addresses don't refuse the owner's browser with its device cookie", async () => {
    const email = uniqueEmail('device');
    await signup(email);
    const first = await signinAndReadCode(email, 'a-good-password');
    const verified = await server.request('POST', '/api/auth/verifyCode', {
      body: { userId: first.userId, verificationCode: first.code },
      headers: { cookie: first.cookie },
    });
    expect(verified.status).toBe(200);
    const device = cookiesOf(verified.headers);
    expect(device).toMatch(/^ishuri_device=[^;]+$/);

    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const response = await server.request('POST', '/api/auth/signin', {
        body: { email, password: 'not-the-password' },
        headers: fromAddress(i),
      });
      statuses.push(response.status);
    }
    // 10 per e-mail for clients without a device cookie; the owner's first sign-in was one.
    expect(statuses.slice(0, 9)).toEqual(Array(9).fill(401));
    expect(statuses.slice(9)).toEqual(Array(16).fill(429));

    // Without the device cookie (or with a forged one, or one for another e-mail) the right
    // password is refused for now: those clients share the full counter.
    const untrusted = await server.request('POST', '/api/auth/signin', {
      body: { email, password: 'a-good-password' },
      headers: { 'x-forwarded-for': '198.51.100.9' },
    });
    expect(untrusted.status).toBe(429);
    const [id, expires] = device.slice('ishuri_device='.length).split('.');
    const forged = await server.request('POST', '/api/auth/signin', {
      body: { email, password: 'a-good-password' },
      headers: { cookie: `ishuri_device=${id}.${expires}.${'A'.repeat(43)}` },
    });
    expect(forged.status).toBe(429);

    const owner = await signinAndReadCode(email, 'a-good-password', {
      cookie: device,
      'x-forwarded-for': '198.51.100.9',
    });
    expect(owner.code).toMatch(/^\d{6}$/);
  });
});

describe('a new code for the sign-in in progress', () => {
  it('replaces the code and mails it, only for the browser that signed in, 3 times', async () => {
    const email = uniqueEmail('resend');
    await signup(email);
    const { userId, code, cookie } = await signinAndReadCode(email, 'a-good-password');
    const wrong = code === '000000' ? '111111' : '000000';
    const miss = await server.request('POST', '/api/auth/verifyCode', {
      body: { userId, verificationCode: wrong },
      headers: { cookie },
    });
    expect(miss.body.code).toBe('WRONG_CODE');

    // Without the sign-in cookie nobody may ask, and no mail leaves.
    const mailsBefore = mailsTo(email);
    const cookieless: Record<string, string>[] = [
      {},
      { cookie: 'ishuri_signin=someone-elses-cookie' },
    ];
    for (const headers of cookieless) {
      const stranger = await server.request('POST', '/api/auth/resendCode', {
        body: { userId },
        headers,
      });
      expect(stranger.status).toBe(400);
      expect(stranger.body).toEqual({ error: messages.signinEnded, code: 'SIGNIN_ENDED' });
    }

    let latest = code;
    for (let i = 0; i < 3; i++) {
      const before = smtp.mails.length;
      const resent = await server.request('POST', '/api/auth/resendCode', {
        body: { userId },
        headers: { cookie },
      });
      expect(resent.status).toBe(200);
      expect(resent.body).toEqual({ message: 'A new code has been sent to your email.' });
      const mail = await smtp.waitFor(email, (m) => smtp.mails.indexOf(m) >= before);
      latest = codeIn(mail.text)!;
    }
    expect(mailsTo(email)).toBe(mailsBefore + 3);
    const fourth = await server.request('POST', '/api/auth/resendCode', {
      body: { userId },
      headers: { cookie },
    });
    expect(fourth.status).toBe(400);
    expect(fourth.body.code).toBe('TOO_MANY_CODES');

    if (latest !== code) {
      const old = await server.request('POST', '/api/auth/verifyCode', {
        body: { userId, verificationCode: code },
        headers: { cookie },
      });
      // A new code starts with 5 fresh tries.
      expect(old.body.error).toBe('That code is not right. You have 4 tries left.');
    }
    const signedIn = await server.request('POST', '/api/auth/verifyCode', {
      body: { userId, verificationCode: latest },
      headers: { cookie },
    });
    expect(signedIn.status).toBe(200);
    // The sign-in is over: no more codes for it.
    const after = await server.request('POST', '/api/auth/resendCode', {
      body: { userId },
      headers: { cookie },
    });
    expect(after.body.code).toBe('SIGNIN_ENDED');
  });
});

describe('sign-up and reset-password limits', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({
      smtpUrl: smtp.url,
      rateLimits: {
        ...defaultRateLimits,
        signup: { perIp: 3, perEmail: 10, windowSeconds: 60 },
        resetPassword: { perIp: 2, windowSeconds: 60 },
      },
    });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('answers 429 past the sign-up limit per address, but never counts an admin adding users', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await limited.request('POST', '/api/auth/signup', {
        body: {
          firstName: 'A',
          lastName: 'U',
          email: uniqueEmail('many'),
          password: 'a-good-password',
        },
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
    const adminOfLimited = await createUser(limited, { role: 'admin' });
    for (let i = 0; i < 4; i++) {
      const response = await limited.request('POST', '/api/auth/signup', {
        token: adminOfLimited.token,
        body: {
          firstName: 'A',
          lastName: 'U',
          email: uniqueEmail('added'),
          password: 'a-good-password',
          role: 'learner',
        },
      });
      expect(response.status).toBe(201);
    }
  });

  it('answers 429 past the reset-password limit per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await limited.request('POST', `/api/auth/resetpassword/${'x'.repeat(43)}`, {
        body: { password: 'a-good-password' },
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([400, 400, 429]);
  });
});

describe('default limits', () => {
  it('limit sign-up and reset password per address, generously', () => {
    expect(defaultRateLimits.signup).toEqual({ perIp: 100, perEmail: 10, windowSeconds: 3600 });
    expect(defaultRateLimits.resetPassword).toEqual({ perIp: 30, windowSeconds: 3600 });
  });
});
