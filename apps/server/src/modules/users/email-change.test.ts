import { messages } from '@ishuri/contract';
import type { ParsedMail } from 'mailparser';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailChanges, jobs, users } from '../../db/schema';
import { createUser, DEFAULT_PASSWORD } from '../../test/factories';
import type { TestUser } from '../../test/factories';
import { randomBytes } from 'node:crypto';
import { redisAnswers, TEST_REDIS_URL } from '../../test/redis';
import { startTestServer } from '../../test/server';
import type { TestServer } from '../../test/server';
import { startSmtp } from '../../test/smtp';
import type { TestSmtp } from '../../test/smtp';

let server: TestServer;
let smtp: TestSmtp;
let admin: TestUser;
let seq = 0;
const fresh = (name: string) => `${name}${++seq}.${Date.now()}@example.rw`;

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startTestServer({ smtpUrl: smtp.url });
  admin = await createUser(server, { role: 'admin' });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const update = (user: TestUser, token: string, changes: Record<string, unknown>) =>
  server.request('PUT', `/api/user/update/${user.id}`, {
    token,
    body: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      // Every test user (the admin too) has the factory's password.
      currentPassword: DEFAULT_PASSWORD,
      ...changes,
    },
  });
const confirm = (token: string) =>
  server.request('POST', `/api/user/confirm-email/${encodeURIComponent(token)}`);
const profile = (user: TestUser) =>
  server.request('GET', '/api/user/profile', { token: user.token });
const isLinkMail = (mail: ParsedMail) => /confirm-email\//.test(mail.text ?? '');

/** The token of the newest confirmation link mailed to `to`, read from the real SMTP server. */
async function linkTokenFor(to: string, other?: string): Promise<string> {
  const mail = await smtp.waitFor(
    to,
    (m) => isLinkMail(m) && (other === undefined || !(m.text ?? '').includes(other)),
  );
  const match = /http:\/\/localhost:5173\/confirm-email\/([\w-]+)/.exec(mail.text ?? '');
  expect(match, mail.text).not.toBeNull();
  return match![1]!;
}

async function storedEmail(id: string) {
  const [row] = await server.ctx.database.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, id));
  return row?.email;
}

describe('changing one’s e-mail (decisions.md §2)', () => {
  it('keeps the e-mail until the link mailed to the new address is opened; tells the old one', async () => {
    const user = await createUser(server, { firstName: 'Aline', lastName: 'Uwase' });
    const newEmail = fresh('aline.new');
    const answer = await update(user, user.token, {
      email: newEmail.toUpperCase(),
      firstName: 'Aline-Marie',
      bio: 'Nurse',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(messages.emailChangeSent(newEmail));
    // The other fields change at once; the e-mail does not.
    expect(answer.body.data).toMatchObject({
      email: user.email,
      firstName: 'Aline-Marie',
      bio: 'Nurse',
      pendingEmail: newEmail,
    });
    expect(await storedEmail(user.id)).toBe(user.email);
    expect((await profile(user)).body.data).toMatchObject({
      email: user.email,
      pendingEmail: newEmail,
    });

    // The old address is told, with the new address and no link that would apply it.
    const notice = await smtp.waitFor(user.email);
    expect(notice.subject).toContain('Ishuri');
    expect(notice.text).toContain(newEmail);
    expect(notice.text).not.toMatch(/confirm-email/);
    expect(notice.html).toContain('Ishuri');

    // The new address receives the link (plain text and HTML); nothing else applies the change.
    const token = await linkTokenFor(newEmail);
    const mail = await smtp.waitFor(newEmail, isLinkMail);
    expect(mail.subject).toContain('Ishuri');
    expect(mail.html).toContain(`/confirm-email/${token}`);
    expect(mail.html).toContain('width=device-width');
    expect(token).toMatch(/^[\w-]{43}$/);
    // Only the token's hash is stored, and no job holds it in clear.
    const [change] = await server.ctx.database.db
      .select()
      .from(emailChanges)
      .where(eq(emailChanges.userId, user.id));
    expect(change?.tokenHash).not.toBe(token);
    const jobsText = JSON.stringify(
      (await server.ctx.database.db.execute('select payload from jobs')) as unknown,
    );
    expect(jobsText).not.toContain(token);

    const confirmed = await confirm(token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ message: messages.emailChanged });
    expect(await storedEmail(user.id)).toBe(newEmail);
    expect((await profile(user)).body.data).toMatchObject({ email: newEmail, pendingEmail: null });

    // Single use.
    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      error: messages.emailChangeLinkInvalid,
      code: 'INVALID_EMAIL_CHANGE_TOKEN',
    });
  });

  it('refuses an unknown, malformed or expired token and leaves the e-mail alone', async () => {
    const user = await createUser(server);
    const newEmail = fresh('expired');
    expect((await update(user, user.token, { email: newEmail })).status).toBe(200);
    const token = await linkTokenFor(newEmail);

    for (const bad of ['A'.repeat(43), 'short', `${token}x`, '%00', token.toUpperCase()]) {
      const answer = await confirm(bad);
      expect(answer.status, bad).toBe(400);
      expect(answer.body.code).toBe('INVALID_EMAIL_CHANGE_TOKEN');
    }
    await server.ctx.database.db
      .update(emailChanges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChanges.userId, user.id));
    expect((await confirm(token)).status).toBe(400);
    expect(await storedEmail(user.id)).toBe(user.email);
    expect((await profile(user)).body.data.pendingEmail).toBeNull();
  });

  it('replaces an older pending change with a newer one: only the newest link works', async () => {
    const user = await createUser(server);
    const first = fresh('first');
    const second = fresh('second');
    await update(user, user.token, { email: first });
    const firstToken = await linkTokenFor(first);
    await update(user, user.token, { email: second });
    const secondToken = await linkTokenFor(second);

    expect((await confirm(firstToken)).status).toBe(400);
    expect(await storedEmail(user.id)).toBe(user.email);
    expect((await confirm(secondToken)).status).toBe(200);
    expect(await storedEmail(user.id)).toBe(second);
  });

  it('answers 409 when the address was taken meanwhile, and ends the pending change', async () => {
    const user = await createUser(server);
    const wanted = fresh('wanted');
    await update(user, user.token, { email: wanted });
    const token = await linkTokenFor(wanted);
    await createUser(server, { email: wanted });

    const answer = await confirm(token);
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ error: messages.emailAlreadyExist, code: 'EMAIL_TAKEN' });
    expect(await storedEmail(user.id)).toBe(user.email);
    expect((await confirm(token)).status).toBe(400);
  });

  it('still refuses at once an address that already belongs to someone else', async () => {
    const user = await createUser(server);
    const other = await createUser(server);
    const answer = await update(user, user.token, { email: other.email.toUpperCase() });
    expect(answer.status).toBe(409);
    expect((await profile(user)).body.data.pendingEmail).toBeNull();
  });

  it('applies the same rule when an admin changes another user’s e-mail', async () => {
    const user = await createUser(server);
    const newEmail = fresh('by.admin');
    const answer = await update(user, admin.token, { email: newEmail });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(messages.emailChangeSent(newEmail));
    expect(answer.body.data).toMatchObject({ email: user.email, pendingEmail: newEmail });
    expect(await storedEmail(user.id)).toBe(user.email);
    await smtp.waitFor(user.email);
    const token = await linkTokenFor(newEmail);
    expect((await confirm(token)).status).toBe(200);
    expect(await storedEmail(user.id)).toBe(newEmail);
  });

  it('keeps the sessions open after the change (they belong to the unchanged password)', async () => {
    const user = await createUser(server);
    const newEmail = fresh('session');
    await update(user, user.token, { email: newEmail });
    expect((await confirm(await linkTokenFor(newEmail))).status).toBe(200);
    expect((await profile(user)).status).toBe(200);
  });

  it('saving the unchanged e-mail updates the profile with the usual message and no mail', async () => {
    const user = await createUser(server);
    const answer = await update(user, user.token, { email: user.email.toUpperCase(), bio: 'x' });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(messages.profileUpdated);
    expect(answer.body.data).toMatchObject({ email: user.email, bio: 'x', pendingEmail: null });
    // A later change's notice arrives; a mail for the first save would have arrived before it.
    await update(user, user.token, { email: fresh('later') });
    await smtp.waitFor(user.email);
    const toUser = smtp.mails.filter((m) =>
      [m.to].flat().some((a) => a?.value.some((v) => v.address === user.email)),
    );
    expect(toUser).toHaveLength(1);
  });
});

/** Waits until no job is pending or running: every mail that will be sent has been sent. */
async function jobsSettled() {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const open = await server.ctx.database.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(sql`${jobs.status} in ('pending', 'running')`);
    if (open.length === 0) return;
    await server.ctx.jobs.kick();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('jobs still open after 20 s');
}

const mailsTo = (address: string) =>
  smtp.mails.filter((m) => [m.to].flat().some((a) => a?.value.some((v) => v.address === address)));

describe('a stolen token is not the account (issue 29, point 4)', () => {
  it('needs the current password for a new e-mail: without it or wrong, 400, nothing kept or mailed', async () => {
    const user = await createUser(server);
    const target = fresh('attacker');

    const without = await update(user, user.token, { email: target, currentPassword: undefined });
    expect(without.status).toBe(400);
    expect(without.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      error: messages.currentPasswordRequired,
      fields: { currentPassword: messages.currentPasswordRequired },
    });
    const wrong = await update(user, user.token, {
      email: target,
      currentPassword: 'guessed-wrong',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      code: 'WRONG_PASSWORD',
      error: messages.currentPasswordWrong,
      fields: { currentPassword: messages.currentPasswordWrong },
    });
    // The session stays usable, and nothing changed.
    expect((await profile(user)).body.data).toMatchObject({
      email: user.email,
      pendingEmail: null,
    });
    const pending = await server.ctx.database.db
      .select()
      .from(emailChanges)
      .where(eq(emailChanges.userId, user.id));
    expect(pending).toEqual([]);
    await jobsSettled();
    expect(mailsTo(target)).toEqual([]);
    expect(mailsTo(user.email)).toEqual([]);

    // The right password: the change is asked for as before.
    const right = await update(user, user.token, { email: target, currentPassword: user.password });
    expect(right.status).toBe(200);
    expect(right.body.data.pendingEmail).toBe(target);
  });

  it('the OpenAPI document names the field and the wrong-password answer', async () => {
    const doc = (await server.request('GET', '/api/docs/json')).body;
    const put = doc.paths['/api/user/update/{id}'].put;
    const body = put.requestBody.content['application/json'].schema;
    expect(body.properties.currentPassword).toMatchObject({ type: 'string' });
    expect(body.required).not.toContain('currentPassword');
    expect(Object.keys(put.responses)).toEqual(expect.arrayContaining(['400', '429']));
  });

  it('needs no password when the e-mail stays the same', async () => {
    const user = await createUser(server);
    const answer = await update(user, user.token, { currentPassword: undefined, lastName: 'Kept' });
    expect(answer.status).toBe(200);
    expect(answer.body.data.lastName).toBe('Kept');
  });

  it('an admin changing another user’s e-mail gives the admin’s own password', async () => {
    const user = await createUser(server);
    const target = fresh('admin.wrong');
    const wrong = await update(user, admin.token, {
      email: target,
      currentPassword: 'not-it-at-all',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('WRONG_PASSWORD');
    // The user's password is not the admin's.
    const users = await createUser(server, { password: 'the-users-own-password' });
    const theirs = await update(users, admin.token, {
      email: fresh('admin.theirs'),
      currentPassword: 'the-users-own-password',
    });
    expect(theirs.status).toBe(400);
    expect(theirs.body.code).toBe('WRONG_PASSWORD');
    expect((await profile(user)).body.data.pendingEmail).toBeNull();
  });
});

describe('no mail cannon (issue 29, point 5)', () => {
  it('12 accounts asking for one stranger’s address: at most 3 mails reach it, none with their text', async () => {
    const stranger = fresh('stranger');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const user = await createUser(server, {
        firstName: `Visit evil.example now ${i}`,
        lastName: 'Cheap pills',
      });
      const answer = await update(user, user.token, {
        email: stranger,
        bio: 'Written by the requester',
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429, 429, 429, 429, 429]);
    await jobsSettled();
    const mails = mailsTo(stranger);
    expect(mails).toHaveLength(3);
    for (const mail of mails) {
      for (const body of [mail.subject, mail.text, mail.html]) {
        expect(body).not.toContain('evil.example');
        expect(body).not.toContain('Visit');
        expect(body).not.toContain('pills');
        expect(body).not.toContain('requester');
      }
      expect(mail.text).toContain(messages.mailHelloAnyone);
    }
  });

  it('one account asking 12 changes: 5 are taken in the hour, then 429 with Retry-After', async () => {
    const user = await createUser(server);
    const targets = Array.from({ length: 12 }, (_, i) => fresh(`many${i}.`));
    const answers = [];
    for (const email of targets) answers.push(await update(user, user.token, { email }));
    expect(answers.map((a) => a.status)).toEqual([
      200, 200, 200, 200, 200, 429, 429, 429, 429, 429, 429, 429,
    ]);
    const refused = answers[5]!;
    expect(refused.body.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    await jobsSettled();
    // Each taken change replaced the one before; the refused ones mailed nothing.
    expect(targets.slice(5).flatMap(mailsTo)).toEqual([]);
    expect(mailsTo(user.email).length).toBeLessThanOrEqual(5);
  });

  it('counts wrong passwords too: guessing stops after 5 tries an hour', async () => {
    const user = await createUser(server);
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await update(user, user.token, { email: fresh('guess'), currentPassword: `guess-${i}` }))
          .status,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const right = await update(user, user.token, { email: fresh('guess') });
    expect(right.status).toBe(429);
  });
});

describe.runIf(await redisAnswers(TEST_REDIS_URL))(
  'the limits hold across processes with Redis (issue 29, point 5)',
  () => {
    it('two processes on one database and Redis let 3 changes to one address through, not 3 each', async () => {
      const shared = {
        smtpUrl: smtp.url,
        redisUrl: TEST_REDIS_URL,
        // This run's own counters: a past run's count never leaks in.
        redisKeyPrefix: `ishuri-test-${randomBytes(4).toString('hex')}:`,
      };
      const one = await startTestServer(shared);
      const two = await startTestServer(
        { ...shared, jwtSecret: one.ctx.config.jwtSecret },
        { sameDatabaseAs: one },
      );
      try {
        const stranger = fresh('shared.stranger');
        const statuses: number[] = [];
        for (let i = 0; i < 12; i++) {
          const user = await createUser(one);
          const target = i % 2 ? two : one;
          const answer = await target.request('PUT', `/api/user/update/${user.id}`, {
            token: user.token,
            body: {
              firstName: user.firstName,
              lastName: user.lastName,
              email: stranger,
              currentPassword: DEFAULT_PASSWORD,
            },
          });
          statuses.push(answer.status);
        }
        expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429, 429, 429, 429, 429]);
        await smtp.waitFor(stranger);
        const deadline = Date.now() + 20_000;
        while (mailsTo(stranger).length < 3 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(mailsTo(stranger)).toHaveLength(3);
      } finally {
        await two.close();
        await one.close();
      }
    }, 180_000);
  },
);
