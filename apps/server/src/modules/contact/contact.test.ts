import { messages } from '@ishuri/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRateLimits } from '../../config';
import { contactMessages } from '../../db/schema';
import { countAll } from '../../lib/pagination';
import { uuidv7 } from '../../lib/ids';
import { createUser } from '../../test/factories';
import type { TestUser } from '../../test/factories';
import { startTestServer } from '../../test/server';
import type { TestServer } from '../../test/server';
import { startSmtp } from '../../test/smtp';
import type { TestSmtp } from '../../test/smtp';

let server: TestServer;
let smtp: TestSmtp;
let admin: TestUser;
let otherAdmin: TestUser;
let seq = 0;

const generous = { perIp: 10_000, perEmail: 10_000, windowSeconds: 60 };

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startTestServer({
    smtpUrl: smtp.url,
    rateLimits: { ...defaultRateLimits, contact: generous },
  });
  admin = await createUser(server, { role: 'admin', email: 'head.admin@ishuri.test' });
  otherAdmin = await createUser(server, { role: 'admin', email: 'second.admin@ishuri.test' });
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

function validMessage(overrides: Record<string, unknown> = {}) {
  seq += 1;
  return {
    FullName: `Aline Uwase ${seq}`,
    email: `aline${seq}@example.rw`,
    phone: '+250 788 123 456',
    subject: `Question about premium courses ${seq}`,
    message: 'Hello, do premium courses come with a certificate? Murakoze.',
    ...overrides,
  };
}

async function storedCount() {
  const [row] = await server.ctx.database.db.select({ n: countAll }).from(contactMessages);
  return row?.n ?? 0;
}

const send = (body: unknown) => server.request('POST', '/api/contact/send', { body });

describe('POST /api/contact/send', () => {
  it('stores the message and e-mails a notice to every admin, with what the sender typed escaped', async () => {
    const body = validMessage({
      FullName: 'Jean <b>Bosco</b>',
      subject: 'Invoice & <script>alert(1)</script>',
      message: 'First line.\nSecond line with <img src=x onerror=alert(1)>.',
    });
    const response = await send(body);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: messages.contactSent });

    for (const to of [admin.email, otherAdmin.email]) {
      const mail = await smtp.waitFor(to, (m) => (m.text ?? '').includes(body.email));
      expect(mail.subject).toContain('Ishuri');
      // Pressing Reply answers the person who wrote.
      expect(mail.replyTo?.value[0]?.address).toBe(body.email);
      // The link opens the message in the admin's dashboard.
      expect(mail.text).toMatch(/\/dashboard\/contact\/[0-9a-f-]{36}/);
      expect(mail.text).toContain('Jean <b>Bosco</b>');
      expect(mail.text).toContain(body.message);
      expect(mail.text).toContain(body.subject);
      const html = String(mail.html);
      expect(html).toContain('Jean &lt;b&gt;Bosco&lt;/b&gt;');
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
      expect(html).not.toContain('<script>');
      expect(html).not.toContain('<img');
      expect(html).not.toContain('<b>Bosco');
    }

    const list = await server.request('GET', '/api/contact/all', { token: admin.token });
    const stored = list.body.data.find((m: any) => m.email === body.email);
    expect(stored).toMatchObject({
      FullName: body.FullName,
      email: body.email,
      phone: body.phone,
      subject: body.subject,
      message: body.message,
    });
    expect(Object.keys(stored).sort()).toEqual(
      ['FullName', 'createdAt', 'email', 'id', 'message', 'phone', 'subject'].sort(),
    );
  });

  it('takes phone as optional', async () => {
    const { phone: _phone, ...body } = validMessage();
    const response = await send(body);
    expect(response.status).toBe(200);
    const list = await server.request('GET', `/api/contact/all?q=${body.email}`, {
      token: admin.token,
    });
    expect(list.body.data).toEqual([expect.objectContaining({ email: body.email, phone: '' })]);
  });

  it('refuses a missing or empty required field with "Please fill out all required fields."', async () => {
    const before = await storedCount();
    for (const field of ['FullName', 'email', 'subject', 'message']) {
      for (const value of [undefined, '', '   ']) {
        const body: Record<string, unknown> = validMessage({ [field]: value });
        if (value === undefined) delete body[field];
        const response = await send(body);
        expect(response.status, `${field}=${JSON.stringify(value)}`).toBe(400);
        expect(response.body.error).toBe(messages.contactFieldsRequired);
        expect(response.body.code).toBe('VALIDATION_FAILED');
        expect(response.body.fields[field]).toBe(messages.contactFieldsRequired);
      }
    }
    const empty = await send({});
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe(messages.contactFieldsRequired);
    expect(await storedCount()).toBe(before);
  });

  it('refuses a badly shaped e-mail with "Please enter a valid email address."', async () => {
    const before = await storedCount();
    for (const email of ['aline', 'aline@', 'aline@example', '@example.rw', 'a line@example.rw']) {
      const response = await send(validMessage({ email }));
      expect(response.status, email).toBe(400);
      expect(response.body.error).toBe(messages.emailInvalid);
      expect(response.body.fields).toEqual({ email: messages.emailInvalid });
    }
    expect(await storedCount()).toBe(before);
  });
});

describe('admin: list, single, delete', () => {
  it('lists newest first by default, and pages, filters and sorts on request', async () => {
    const tag = `paging${Date.now()}`;
    const names = ['Claudine', 'Eric', 'Alice', 'Didier', 'Beatrice', 'Fabrice', 'Grace'];
    for (const [i, name] of names.entries()) {
      const body = validMessage({ FullName: `${name} ${tag}`, subject: `Subject ${i}` });
      expect((await send(body)).status).toBe(200);
    }

    const all = await server.request('GET', '/api/contact/all', { token: admin.token });
    expect(all.status).toBe(200);
    // Unpaged: the whole (short) list, with its total (decisions.md §1).
    expect(all.body.total).toBe(all.body.data.length);
    const times = all.body.data.map((m: any) => Date.parse(m.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(all.body.data[0].FullName).toBe(`Grace ${tag}`);

    const page = await server.request('GET', `/api/contact/all?q=${tag}&page=2&pageSize=3`, {
      token: admin.token,
    });
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(7);
    expect(page.body.page).toBe(2);
    expect(page.body.pageSize).toBe(3);
    expect(page.body.data.map((m: any) => m.FullName.split(' ')[0])).toEqual([
      'Didier',
      'Alice',
      'Eric',
    ]);

    const sorted = await server.request(
      'GET',
      `/api/contact/all?q=${tag}&sort=FullName:asc&pageSize=100`,
      { token: admin.token },
    );
    expect(sorted.body.data.map((m: any) => m.FullName.split(' ')[0])).toEqual([...names].sort());

    // q looks in the name, the e-mail, the subject and the message, case-insensitively.
    const special = validMessage({ message: `Please call me about the ZEBRA${tag} offer` });
    await send(special);
    for (const q of [
      special.FullName,
      special.email.toUpperCase(),
      special.subject,
      `zebra${tag}`,
    ]) {
      const found = await server.request('GET', `/api/contact/all?q=${encodeURIComponent(q)}`, {
        token: admin.token,
      });
      expect(
        found.body.data.map((m: any) => m.email),
        q,
      ).toContain(special.email);
    }
    const none = await server.request('GET', `/api/contact/all?q=nothing-matches-${tag}`, {
      token: admin.token,
    });
    expect(none.body).toEqual({ data: [], total: 0, page: 1, pageSize: 10 });
    // A wildcard in q is taken literally.
    const wildcard = await server.request('GET', '/api/contact/all?q=%25', { token: admin.token });
    expect(wildcard.body.total).toBe(0);
  });

  it('refuses bad paging parameters with 400', async () => {
    for (const query of [
      'page=0',
      'pageSize=101',
      'pageSize=abc',
      'sort=FullName',
      'sort=password:asc',
    ]) {
      const response = await server.request('GET', `/api/contact/all?${query}`, {
        token: admin.token,
      });
      expect(response.status, query).toBe(400);
      expect(response.body.error).toBeTruthy();
    }
  });

  it('shows one message, deletes it, and answers 404 afterwards and for unknown ids', async () => {
    const body = validMessage();
    await send(body);
    const list = await server.request('GET', `/api/contact/all?q=${body.email}`, {
      token: admin.token,
    });
    const id = list.body.data[0].id as string;

    const single = await server.request('GET', `/api/contact/single/${id}`, { token: admin.token });
    expect(single.status).toBe(200);
    expect(single.body.data).toMatchObject({ id, FullName: body.FullName, message: body.message });

    const deleted = await server.request('DELETE', `/api/contact/delete/${id}`, {
      token: admin.token,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: messages.contactDeleted });

    for (const unknown of [id, uuidv7(), 'not-a-uuid', '42']) {
      const get = await server.request('GET', `/api/contact/single/${unknown}`, {
        token: admin.token,
      });
      expect(get.status, unknown).toBe(404);
      expect(get.body).toEqual({ error: messages.contactNotFound, code: 'CONTACT_NOT_FOUND' });
      const del = await server.request('DELETE', `/api/contact/delete/${unknown}`, {
        token: admin.token,
      });
      expect(del.status, unknown).toBe(404);
    }
  });
});

describe('OpenAPI document', () => {
  it('documents every endpoint of this module', async () => {
    const doc = await server.request('GET', '/api/docs/json');
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/contact/send',
        '/api/contact/all',
        '/api/contact/single/{id}',
        '/api/contact/delete/{id}',
      ]),
    );
  });
});

describe('role matrix (decisions.md §3: visitors contact; contact messages are the admin’s)', () => {
  it('answers each endpoint as the spec says, for visitor, learner, instructor and admin', async () => {
    const roles = ['visitor', 'learner', 'instructor', 'admin'] as const;
    // Statuses by role, in the order of `roles`.
    const table: { method: string; url: string; body?: boolean; statuses: number[] }[] = [
      { method: 'POST', url: '/api/contact/send', body: true, statuses: [200, 200, 200, 200] },
      { method: 'GET', url: '/api/contact/all', statuses: [401, 403, 403, 200] },
      { method: 'GET', url: '/api/contact/single/:id', statuses: [401, 403, 403, 200] },
      { method: 'DELETE', url: '/api/contact/delete/:id', statuses: [401, 403, 403, 200] },
    ];
    for (const [index, role] of roles.entries()) {
      const user = role === 'visitor' ? null : await createUser(server, { role });
      const target = validMessage();
      await send(target);
      const [row] = (
        await server.request('GET', `/api/contact/all?q=${target.email}`, { token: admin.token })
      ).body.data;
      for (const endpoint of table) {
        const response = await server.request(
          endpoint.method,
          endpoint.url.replace(':id', row.id),
          {
            token: user?.token,
            body: endpoint.body ? validMessage() : undefined,
          },
        );
        expect(response.status, `${role} ${endpoint.method} ${endpoint.url}`).toBe(
          endpoint.statuses[index],
        );
      }
    }
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After past the per-e-mail and the per-address limits', async () => {
    const limited = await startTestServer({
      rateLimits: { ...defaultRateLimits, contact: { perIp: 3, perEmail: 1, windowSeconds: 60 } },
    });
    try {
      const post = (body: unknown) => limited.request('POST', '/api/contact/send', { body });
      const same = validMessage();
      expect((await post(same)).status).toBe(200);
      // The same sender again, whatever the case of the address: over the per-e-mail limit.
      const again = await post({ ...same, email: same.email.toUpperCase() });
      expect(again.status).toBe(429);
      expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(again.body.code).toBe('RATE_LIMITED');
      expect(again.body.error).toBe(messages.rateLimited(Number(again.headers.get('retry-after'))));
      // Another sender from the same address still gets through, until the address is over.
      expect((await post(validMessage())).status).toBe(200);
      const overAddress = await post(validMessage());
      expect(overAddress.status).toBe(429);
      expect(overAddress.headers.get('retry-after')).toBeTruthy();
      // Refused messages were not stored.
      const [row] = await limited.ctx.database.db.select({ n: countAll }).from(contactMessages);
      expect(row?.n).toBe(2);
    } finally {
      await limited.close();
    }
  });
});
