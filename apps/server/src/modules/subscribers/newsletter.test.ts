import { messages } from '@ishuri/contract';
import type { ParsedMail } from 'mailparser';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRateLimits } from '../../config';
import { subscribers } from '../../db/schema';
import { createUser } from '../../test/factories';
import type { TestUser } from '../../test/factories';
import { startTestServer } from '../../test/server';
import type { TestServer } from '../../test/server';
import { startSmtp } from '../../test/smtp';
import type { TestSmtp } from '../../test/smtp';

let server: TestServer;
let smtp: TestSmtp;
let admin: TestUser;
let seq = 0;
const fresh = (prefix = 'reader') => `${prefix}${++seq}.${Date.now()}@example.rw`;
const APP = 'http://localhost:5173';

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startTestServer({
    smtpUrl: smtp.url,
    rateLimits: {
      ...defaultRateLimits,
      subscribe: { perIp: 10_000, perEmail: 10_000, windowSeconds: 60 },
    },
  });
  admin = await createUser(server, { role: 'admin' });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const subscribe = (email: string) =>
  server.request('POST', '/api/sub/subscribe', { body: { email } });
const header = (mail: ParsedMail, name: string) =>
  mail.headerLines
    .filter((h) => h.key === name.toLowerCase())
    .map((h) => h.line.slice(h.line.indexOf(':') + 1).trim())
    .join(', ');
const mailsTo = (email: string) =>
  smtp.mails.filter((m) =>
    [m.to].flat().some((a) => a?.value.some((v) => v.address?.toLowerCase() === email)),
  );

/** The links of the newest mail to `email`, read from what the real SMTP server received. */
async function linksOf(email: string) {
  const mail = await smtp.waitFor(email);
  const confirm = new RegExp(`${APP}/subscribe/confirm/([\\w.-]+)`).exec(mail.text ?? '')?.[1];
  const page = new RegExp(`${APP}/unsubscribe/([\\w.-]+)`).exec(mail.text ?? '')?.[1];
  const oneClick = /<(https?:\/\/[^>]+\/api\/sub\/unsubscribe\/one-click\/([\w.-]+))>/.exec(
    header(mail, 'List-Unsubscribe'),
  );
  return { mail, confirm, page, oneClickUrl: oneClick?.[1], oneClick: oneClick?.[2] };
}

async function statusOf(email: string) {
  const list = await server.request('GET', `/api/sub/subscribers?q=${email}`, {
    token: admin.token,
  });
  expect(list.status).toBe(200);
  return list.body.data.find((s: { email: string }) => s.email === email)?.status as
    'pending' | 'confirmed' | undefined;
}

const oneClick = (token: string, body?: string, headers: Record<string, string> = {}) =>
  fetch(`${server.baseUrl}/api/sub/unsubscribe/one-click/${token}`, {
    method: 'POST',
    headers:
      body === undefined
        ? headers
        : {
            'content-type': 'application/x-www-form-urlencoded',
            ...headers,
          },
    body,
  });

describe('newsletter double opt-in (decisions.md §6)', () => {
  it('stores a pending subscriber and mails a confirmation link with the unsubscribe headers', async () => {
    const email = fresh();
    const answer = await subscribe(email);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: messages.subscribeSuccess });
    expect(await statusOf(email)).toBe('pending');

    const { mail, confirm, page, oneClick: token, oneClickUrl } = await linksOf(email);
    expect(mail.subject).toContain('Ishuri');
    expect(confirm).toBeTruthy();
    expect(mail.html).toContain(`${APP}/subscribe/confirm/${confirm}`);
    expect(page).toBeTruthy();
    expect(mail.html).toContain(`${APP}/unsubscribe/${page}`);
    expect(mail.html).toContain('width=device-width');
    expect(oneClickUrl).toBe(`${APP}/api/sub/unsubscribe/one-click/${page}`);
    expect(token).toBe(page);
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    // The confirmation link does not unsubscribe, and the unsubscribe link does not confirm.
    expect(confirm).not.toBe(page);

    const confirmed = await server.request('POST', `/api/sub/confirm/${confirm}`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ message: messages.subscriptionConfirmed });
    expect(await statusOf(email)).toBe('confirmed');
    // Confirming twice is harmless.
    expect((await server.request('POST', `/api/sub/confirm/${confirm}`)).status).toBe(200);
  });

  it('refuses a forged, altered or foreign confirmation token', async () => {
    const email = fresh();
    await subscribe(email);
    const { confirm, page } = await linksOf(email);
    const [id, mac] = confirm!.split('.');
    const forged = [
      `${id}.${'A'.repeat(43)}`,
      `${id}.${mac!.slice(0, -1)}${mac!.endsWith('A') ? 'B' : 'A'}`,
      page!, // an unsubscribe token is not a confirmation token
      'not-a-token',
      `${'0'.repeat(32)}.${mac}`,
    ];
    for (const token of forged) {
      const answer = await server.request('POST', `/api/sub/confirm/${token}`);
      expect(answer.status, token).toBe(400);
      expect(answer.body).toEqual({
        error: messages.subscriptionLinkInvalid,
        code: 'INVALID_SUBSCRIPTION_TOKEN',
      });
    }
    expect(await statusOf(email)).toBe('pending');
  });

  it('subscribing twice answers the same and keeps one row; a confirmed address gets no new mail', async () => {
    const email = fresh();
    await subscribe(email);
    const { confirm } = await linksOf(email);
    await server.request('POST', `/api/sub/confirm/${confirm}`);

    const again = await subscribe(email.toUpperCase());
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ message: messages.subscribeSuccess });
    // Even long after: a confirmed subscriber is not mailed again.
    await server.ctx.database.db
      .update(subscribers)
      .set({ lastConfirmationAt: new Date(Date.now() - 24 * 3600_000) })
      .where(eq(subscribers.email, email));
    expect((await subscribe(email)).body).toEqual({ message: messages.subscribeSuccess });
    const later = fresh('later');
    await subscribe(later);
    await smtp.waitFor(later);
    await server.ctx.jobs.kick();
    expect(mailsTo(email)).toHaveLength(1);
    const rows = await server.ctx.database.db
      .select()
      .from(subscribers)
      .where(eq(sql`lower(${subscribers.email})`, email));
    expect(rows).toHaveLength(1);
    expect(await statusOf(email)).toBe('confirmed');
  });

  it('re-sends the link to a pending address that subscribes again, at most 5 times', async () => {
    const email = fresh('pending');
    await subscribe(email);
    await linksOf(email);
    const age = () =>
      server.ctx.database.db
        .update(subscribers)
        .set({ lastConfirmationAt: new Date(Date.now() - 10 * 60_000) })
        .where(eq(subscribers.email, email));
    for (let n = 2; n <= 7; n++) {
      await age();
      expect((await subscribe(email)).body).toEqual({ message: messages.subscribeSuccess });
    }
    await server.ctx.jobs.kick();
    await smtp.waitFor(email, () => mailsTo(email).length >= 5);
    const later = fresh('later');
    await subscribe(later);
    await smtp.waitFor(later);
    expect(mailsTo(email)).toHaveLength(5);
    // Every mail's link confirms.
    const first = /\/subscribe\/confirm\/([\w.-]+)/.exec(mailsTo(email)[0]!.text ?? '')?.[1];
    expect((await server.request('POST', `/api/sub/confirm/${first}`)).status).toBe(200);
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  it('removes the subscription with List-Unsubscribe=One-Click, without any sign-in, idempotently', async () => {
    const email = fresh('leaver');
    await subscribe(email);
    const { oneClick: token, confirm } = await linksOf(email);
    await server.request('POST', `/api/sub/confirm/${confirm}`);
    expect(await statusOf(email)).toBe('confirmed');

    const answer = await oneClick(token!, 'List-Unsubscribe=One-Click');
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ message: messages.unsubscribed });
    expect(await statusOf(email)).toBeUndefined();
    // Again, and with an empty body (some providers send none): the same answer.
    expect((await oneClick(token!, 'List-Unsubscribe=One-Click')).status).toBe(200);
    expect((await oneClick(token!)).status).toBe(200);
    // The confirmation link of that mail no longer confirms anything.
    expect((await server.request('POST', `/api/sub/confirm/${confirm}`)).status).toBe(400);
  });

  it('accepts an empty body, and ignores a bad Authorization header', async () => {
    const email = fresh('leaver');
    await subscribe(email);
    const { oneClick: token } = await linksOf(email);
    const answer = await oneClick(token!, undefined, { authorization: 'Bearer nonsense' });
    expect(answer.status).toBe(200);
    expect(await statusOf(email)).toBeUndefined();
  });

  it('refuses a forged token and a confirmation token', async () => {
    const email = fresh('stayer');
    await subscribe(email);
    const { oneClick: token, confirm } = await linksOf(email);
    const [id] = token!.split('.');
    for (const bad of [`${id}.${'A'.repeat(43)}`, confirm!, 'x']) {
      const answer = await oneClick(bad, 'List-Unsubscribe=One-Click');
      expect(answer.status, bad).toBe(400);
      expect(((await answer.json()) as { code: string }).code).toBe('INVALID_UNSUBSCRIBE_TOKEN');
    }
    expect(await statusOf(email)).toBe('pending');
  });

  it('never unsubscribes on a GET (mail scanners follow links)', async () => {
    const email = fresh('scanned');
    await subscribe(email);
    const { oneClick: token, page } = await linksOf(email);
    for (const url of [`/unsubscribe/${page}`, `/api/sub/unsubscribe/one-click/${token}`]) {
      const response = await fetch(`${server.baseUrl}${url}`);
      expect(response.status, url).not.toBe(200);
      await response.arrayBuffer();
    }
    expect(await statusOf(email)).toBe('pending');
  });

  it('keeps the admin removal by e-mail for admins only', async () => {
    const email = fresh('admin.removed');
    await subscribe(email);
    const learner = await createUser(server);
    const path = `/api/sub/unsubscribe/${encodeURIComponent(email)}`;
    expect((await server.request('DELETE', path)).status).toBe(401);
    expect((await server.request('DELETE', path, { token: learner.token })).status).toBe(403);
    expect((await server.request('DELETE', path, { token: admin.token })).status).toBe(200);
  });
});
