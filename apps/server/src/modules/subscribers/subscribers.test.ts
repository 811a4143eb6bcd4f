import { messages } from '@ishuri/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRateLimits } from '../../config';
import { subscribers } from '../../db/schema';
import { countAll } from '../../lib/pagination';
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
const uniqueEmail = (prefix = 'reader') => `${prefix}${++seq}.${Date.now()}@example.rw`;

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

const subscribe = (body: unknown) => server.request('POST', '/api/sub/subscribe', { body });

async function storedCount() {
  const [row] = await server.ctx.database.db.select({ n: countAll }).from(subscribers);
  return row?.n ?? 0;
}

describe('POST /api/sub/subscribe', () => {
  it('subscribes, stores the address lowercase and sends one confirmation by real SMTP', async () => {
    const email = uniqueEmail('Mixed.Case');
    const response = await subscribe({ email: `  ${email.toUpperCase()} ` });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: messages.subscribeSuccess });

    const mail = await smtp.waitFor(email.toLowerCase());
    expect(mail.subject).toContain('Ishuri');
    expect(mail.text).toContain('newsletter');
    expect(mail.html).toContain('Ishuri');

    const list = await server.request('GET', '/api/sub/subscribers', { token: admin.token });
    expect(list.body.data.find((s: any) => s.email === email.toLowerCase())?.status).toBe(
      'pending',
    );
  });

  it('answers an immediate repeat with the same success and sends no second mail', async () => {
    const email = uniqueEmail();
    expect((await subscribe({ email })).status).toBe(200);
    await smtp.waitFor(email);
    const before = await storedCount();

    const again = await subscribe({ email: email.toUpperCase() });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ message: messages.subscribeSuccess });
    expect(await storedCount()).toBe(before);

    // A later subscriber's mail arrives; by then a second confirmation would have arrived too.
    const later = uniqueEmail();
    await subscribe({ email: later });
    await smtp.waitFor(later);
    await server.ctx.jobs.kick();
    const toEmail = smtp.mails.filter((m) =>
      [m.to].flat().some((a) => a?.value.some((v) => v.address?.toLowerCase() === email)),
    );
    expect(toEmail).toHaveLength(1);
  });

  it('refuses a missing or empty e-mail with "Email is required."', async () => {
    const before = await storedCount();
    for (const body of [{}, { email: '' }, { email: '   ' }, { email: null }]) {
      const response = await subscribe(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toBe(messages.emailRequired);
      expect(response.body.fields).toEqual({ email: messages.emailRequired });
    }
    expect(await storedCount()).toBe(before);
  });

  it('refuses a badly shaped e-mail with "Please enter a valid email address."', async () => {
    const before = await storedCount();
    for (const email of ['reader', 'reader@', 'reader@example', 'two words@example.rw']) {
      const response = await subscribe({ email });
      expect(response.status, email).toBe(400);
      expect(response.body.error).toBe(messages.emailInvalid);
    }
    expect(await storedCount()).toBe(before);
  });

  it('keeps one row when the same address subscribes concurrently', async () => {
    const email = uniqueEmail();
    const answers = await Promise.all(Array.from({ length: 4 }, () => subscribe({ email })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const list = await server.request('GET', `/api/sub/subscribers?q=${email}`, {
      token: admin.token,
    });
    expect(list.body.total).toBe(1);
  });
});

describe('admin: list and remove', () => {
  it('lists newest first, and pages, filters and sorts on request', async () => {
    const tag = `paged${Date.now()}`;
    const emails = ['delta', 'alpha', 'echo', 'charlie', 'bravo'].map(
      (n) => `${n}.${tag}@example.rw`,
    );
    for (const email of emails) expect((await subscribe({ email })).status).toBe(200);

    const all = await server.request('GET', '/api/sub/subscribers', { token: admin.token });
    expect(all.status).toBe(200);
    // Unpaged: the whole (short) list, with its total (decisions.md §1).
    expect(all.body.total).toBe(all.body.data.length);
    expect(all.body.data[0].email).toBe(emails.at(-1));
    expect(Object.keys(all.body.data[0]).sort()).toEqual(['createdAt', 'email', 'id', 'status']);

    const page = await server.request(
      'GET',
      `/api/sub/subscribers?q=${tag.toUpperCase()}&page=2&pageSize=2`,
      { token: admin.token },
    );
    expect(page.body).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(page.body.data.map((s: any) => s.email)).toEqual([emails[2], emails[1]]);

    const sorted = await server.request('GET', `/api/sub/subscribers?q=${tag}&sort=email:asc`, {
      token: admin.token,
    });
    expect(sorted.body.data.map((s: any) => s.email)).toEqual([...emails].sort());

    const bad = await server.request('GET', '/api/sub/subscribers?sort=id:up', {
      token: admin.token,
    });
    expect(bad.status).toBe(400);
    const tooBig = await server.request('GET', '/api/sub/subscribers?pageSize=1000', {
      token: admin.token,
    });
    expect(tooBig.status).toBe(400);
  });

  it('removes a subscriber whatever the case of the address, then answers 404', async () => {
    const email = uniqueEmail();
    await subscribe({ email });
    const removed = await server.request(
      'DELETE',
      `/api/sub/unsubscribe/${encodeURIComponent(email.toUpperCase())}`,
      { token: admin.token },
    );
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: messages.subscriberRemoved });
    const list = await server.request('GET', `/api/sub/subscribers?q=${email}`, {
      token: admin.token,
    });
    expect(list.body.total).toBe(0);

    for (const unknown of [email, 'never.subscribed@example.rw', 'not-an-email', '%25']) {
      const response = await server.request('DELETE', `/api/sub/unsubscribe/${unknown}`, {
        token: admin.token,
      });
      expect(response.status, unknown).toBe(404);
      expect(response.body).toEqual({
        error: messages.subscriberNotFound,
        code: 'SUBSCRIBER_NOT_FOUND',
      });
    }
  });

  it('may subscribe again after removal, with a new confirmation', async () => {
    const email = uniqueEmail();
    await subscribe({ email });
    await smtp.waitFor(email);
    await server.request('DELETE', `/api/sub/unsubscribe/${email}`, { token: admin.token });
    const countMails = () =>
      smtp.mails.filter((m) =>
        [m.to].flat().some((a) => a?.value.some((v) => v.address?.toLowerCase() === email)),
      ).length;
    expect(countMails()).toBe(1);
    expect((await subscribe({ email })).status).toBe(200);
    await smtp.waitFor(email, () => countMails() === 2);
  });
});

describe('OpenAPI document', () => {
  it('documents every endpoint of this module', async () => {
    const doc = await server.request('GET', '/api/docs/json');
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/sub/subscribe',
        '/api/sub/subscribers',
        '/api/sub/unsubscribe/{email}',
        '/api/sub/confirm/{token}',
        '/api/sub/unsubscribe/one-click/{token}',
      ]),
    );
  });
});

describe('role matrix (decisions.md §3: visitors subscribe; the list is the admin’s)', () => {
  it('answers each endpoint as the spec says, for visitor, learner, instructor and admin', async () => {
    const roles = ['visitor', 'learner', 'instructor', 'admin'] as const;
    for (const [index, role] of roles.entries()) {
      const user = role === 'visitor' ? null : await createUser(server, { role });
      const target = uniqueEmail('target');
      await subscribe({ email: target });
      // Statuses by role, in the order of `roles`.
      const table: { method: string; url: string; body?: unknown; statuses: number[] }[] = [
        {
          method: 'POST',
          url: '/api/sub/subscribe',
          body: { email: uniqueEmail() },
          statuses: [200, 200, 200, 200],
        },
        { method: 'GET', url: '/api/sub/subscribers', statuses: [401, 403, 403, 200] },
        {
          method: 'DELETE',
          url: `/api/sub/unsubscribe/${target}`,
          statuses: [401, 403, 403, 200],
        },
      ];
      for (const endpoint of table) {
        const response = await server.request(endpoint.method, endpoint.url, {
          token: user?.token,
          body: endpoint.body,
        });
        expect(response.status, `${role} ${endpoint.method} ${endpoint.url}`).toBe(
          endpoint.statuses[index],
        );
      }
    }
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After past the limit, and stores nothing more', async () => {
    const limited = await startTestServer({
      rateLimits: {
        ...defaultRateLimits,
        subscribe: { perIp: 2, perEmail: 100, windowSeconds: 60 },
      },
    });
    try {
      const post = (email: string) =>
        limited.request('POST', '/api/sub/subscribe', { body: { email } });
      expect((await post(uniqueEmail())).status).toBe(200);
      expect((await post(uniqueEmail())).status).toBe(200);
      const over = await post(uniqueEmail());
      expect(over.status).toBe(429);
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(over.body.code).toBe('RATE_LIMITED');
      const [row] = await limited.ctx.database.db.select({ n: countAll }).from(subscribers);
      expect(row?.n).toBe(2);
    } finally {
      await limited.close();
    }
  });
});
