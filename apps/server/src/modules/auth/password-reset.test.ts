import { messages } from '@ishuri/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, passwordResets } from '../../db/schema';
import { createUser } from '../../test/factories';
import { startTestServer } from '../../test/server';
import type { TestServer } from '../../test/server';
import { startSmtp } from '../../test/smtp';
import type { TestSmtp } from '../../test/smtp';
import { RESET_LINK_JOB, runResetLinkJob } from './password-reset';

let server: TestServer;
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startTestServer({ smtpUrl: smtp.url });
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const tokenIn = (text: string | undefined) =>
  /http:\/\/localhost:5173\/resetpassword\/([A-Za-z0-9_-]+)/.exec(text ?? '')?.[1];

/** Asks for a link and returns the token of the mail that arrives for it. */
async function askLink(email: string): Promise<string> {
  const before = new Set(smtp.mails);
  const answer = await server.request('POST', '/api/auth/forgotpassword', { body: { email } });
  expect(answer.status).toBe(200);
  const mail = await smtp.waitFor(email, (m) => !before.has(m) && tokenIn(m.text) !== undefined);
  return tokenIn(mail.text)!;
}

const reset = (token: string, password: string) =>
  server.request('POST', `/api/auth/resetpassword/${token}`, { body: { password } });

const signsIn = async (email: string, password: string) =>
  (await server.request('POST', '/api/auth/signin', { body: { email, password } })).status === 200;

// The reset link's jobs only: scheduled jobs of other modules may be written meanwhile.
const jobCount = async () =>
  (
    await server.ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(jobs)
      .where(eq(jobs.type, 'password-reset-link'))
  )[0]!.n;

describe('forgot password', () => {
  it('answers the same and does the same work whether or not the account exists', async () => {
    const user = await createUser(server);
    const ask = async (email: string) => {
      const before = await jobCount();
      const answer = await server.request('POST', '/api/auth/forgotpassword', { body: { email } });
      return { answer, written: (await jobCount()) - before };
    };
    const known = await ask(user.email);
    const unknown = await ask('nobody-here@example.com');
    expect(known.answer.status).toBe(200);
    expect(unknown.answer.status).toBe(known.answer.status);
    expect(known.answer.text).toBe(JSON.stringify({ message: messages.forgotSent }));
    expect(unknown.answer.text).toBe(known.answer.text);
    const headerNames = (h: Headers) => [...h.keys()].filter((k) => k !== 'date').sort();
    expect(headerNames(unknown.answer.headers)).toEqual(headerNames(known.answer.headers));
    // One job each, written before the answer: the account is looked up by the job, later.
    expect(known.written).toBe(1);
    expect(unknown.written).toBe(1);
    await smtp.waitFor(user.email);
  });

  it('keeps no reset secret in the jobs table', async () => {
    const user = await createUser(server);
    const token = await askLink(user.email);
    const rows = await server.ctx.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.type, RESET_LINK_JOB));
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('makes a new link when the job runs again, and the older one dies', async () => {
    const user = await createUser(server);
    const job = { id: '019a0000-0000-7000-8000-00000000abcd', attempt: 1 };
    await runResetLinkJob(server.ctx, { email: user.email }, job);
    const first = tokenIn((await smtp.waitFor(user.email)).text)!;
    await runResetLinkJob(server.ctx, { email: user.email }, { ...job, attempt: 2 });
    const second = tokenIn(
      (await smtp.waitFor(user.email, (m) => tokenIn(m.text) !== first)).text,
    )!;
    expect(second).not.toBe(first);
    expect((await reset(first, 'first-link-password')).status).toBe(400);
    expect((await reset(second, 'second-link-password')).status).toBe(200);
  });
});

describe('a password change ends every open reset link', () => {
  it('reset with the second link: the first one fails', async () => {
    const user = await createUser(server);
    const first = await askLink(user.email);
    const second = await askLink(user.email);
    expect(second).not.toBe(first);
    expect((await reset(second, 'second-password-1')).status).toBe(200);
    const late = await reset(first, 'first-password-1');
    expect(late.status).toBe(400);
    expect(late.body).toEqual({ error: messages.resetFailed, code: 'INVALID_RESET_TOKEN' });
    expect(await signsIn(user.email, 'second-password-1')).toBe(true);
    expect(await signsIn(user.email, 'first-password-1')).toBe(false);
  });

  it('reset with the first link: the second one fails', async () => {
    const user = await createUser(server);
    const first = await askLink(user.email);
    const second = await askLink(user.email);
    expect((await reset(first, 'first-password-2')).status).toBe(200);
    expect((await reset(second, 'second-password-2')).status).toBe(400);
    expect(await signsIn(user.email, 'first-password-2')).toBe(true);
    const open = await server.ctx.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, user.id));
    expect(open.every((row) => row.usedAt !== null)).toBe(true);
  });
});
