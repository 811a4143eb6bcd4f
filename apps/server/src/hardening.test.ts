import { readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { messages } from '@ishuri/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from './db/schema';
import { deleteUser } from './modules/users/users.service';
import { createCourse } from './test/content';
import { createUser, DEFAULT_PASSWORD } from './test/factories';
import type { TestUser } from './test/factories';
import { formOf } from './test/media';
import { startTestServer } from './test/server';
import type { TestServer } from './test/server';

const publicDir = path.resolve(__dirname, '../../web/public');

let server: TestServer;
let admin: TestUser;
let learner: TestUser;

beforeAll(async () => {
  // A stand-in build of the web app with the real public files.
  const webDist = await mkdtemp(path.join(os.tmpdir(), 'ishuri-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  await copyFile(path.join(publicDir, 'robots.txt'), path.join(webDist, 'robots.txt'));
  await copyFile(path.join(publicDir, 'favicon.ico'), path.join(webDist, 'favicon.ico'));
  server = await startTestServer({ webDist, appUrl: 'https://ishuri.example' });
  admin = await createUser(server, { role: 'admin' });
  learner = await createUser(server);
}, 180_000);
afterAll(() => server?.close());

const adminCount = async () =>
  (
    await server.ctx.database.db
      .select({ n: sql<number>`cast(count(*) as integer)` })
      .from(users)
      .where(sql`${users.role} = 'admin'`)
  )[0]!.n;

describe('the last admin (issue 10 §5)', () => {
  it('cannot delete itself with its id in upper case', async () => {
    const response = await server.request('DELETE', `/api/user/delete/${admin.id.toUpperCase()}`, {
      token: admin.token,
    });
    expect(response.status).toBe(409);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await adminCount()).toBeGreaterThanOrEqual(1);
  });

  it('finds a user by its id in upper case', async () => {
    const response = await server.request('PUT', `/api/user/update/${learner.id.toUpperCase()}`, {
      token: learner.token,
      body: { firstName: 'Aline', lastName: 'Uwase', email: learner.email },
    });
    expect(response.status).toBe(200);
    expect(response.body.data.id).toBe(learner.id);
  });

  it('cannot delete the last other admin, nor lose both admins to two requests at once', async () => {
    const local = await startTestServer();
    try {
      const first = await createUser(local, { role: 'admin' });
      const second = await createUser(local, { role: 'admin' });
      const [a, b] = await Promise.all([
        local.request('DELETE', `/api/user/delete/${second.id}`, { token: first.token }),
        local.request('DELETE', `/api/user/delete/${first.id}`, { token: second.token }),
      ]);
      // One wins; the other is refused: 409 when both got past sign-in checks, or 401 when its
      // admin was already gone.
      const [winner, loser] = a.status === 200 ? [a, b] : [b, a];
      expect(winner.status).toBe(200);
      expect([401, 409]).toContain(loser.status);
      // The last remaining admin cannot delete the other, already-deleted one, nor itself.
      const survivor = a.status === 200 ? first : second;
      const gone = a.status === 200 ? second : first;
      const again = await local.request('DELETE', `/api/user/delete/${gone.id}`, {
        token: survivor.token,
      });
      expect(again.status).toBe(404);
      // An admin whose role was taken away while its request ran cannot remove the last admin.
      await local.ctx.database.db
        .update(users)
        .set({ role: 'learner' })
        .where(sql`${users.id} = ${gone.id}`)
        .catch(() => undefined);
      const stale = await createUser(local, { role: 'learner' });
      await expect(
        deleteUser(local.ctx, { id: stale.id, role: 'admin' }, survivor.id),
      ).rejects.toMatchObject({ statusCode: 409, code: 'LAST_ADMIN', message: messages.lastAdmin });
      const left = await local.ctx.database.db
        .select({ id: users.id })
        .from(users)
        .where(sql`${users.role} = 'admin'`);
      expect(left).toHaveLength(1);
    } finally {
      await local.close();
    }
  });
});

describe('control characters and invisible names (issue 10 §6)', () => {
  it('answers 400 with a field message on the seven routes that gave 500', async () => {
    const nul = 'a\u0000b';
    const course = await createCourse(server, admin);
    const cases: [string, string, Parameters<TestServer['request']>[2], string][] = [
      ['GET', `/api/course/free?q=${encodeURIComponent(nul)}`, {}, 'q'],
      [
        'POST',
        '/api/auth/signup',
        {
          body: {
            firstName: nul,
            lastName: 'B',
            email: 'nul@example.com',
            password: DEFAULT_PASSWORD,
          },
        },
        'firstName',
      ],
      [
        'POST',
        '/api/contact/send',
        { body: { FullName: 'Ann', email: 'ann@example.com', subject: nul, message: 'Hi' } },
        'subject',
      ],
      ['POST', '/api/sub/subscribe', { body: { email: `x${nul}@example.com` } }, 'email'],
      [
        'POST',
        '/api/auth/signin',
        { body: { email: `x${nul}@example.com`, password: 'p' } },
        'email',
      ],
      [
        'DELETE',
        `/api/sub/unsubscribe/${encodeURIComponent(`x${nul}@example.com`)}`,
        { token: admin.token },
        'email',
      ],
      [
        'POST',
        `/api/lesson/create/${course.id}`,
        { token: admin.token, form: formOf({ title: nul, contentType: 'text', content: 'Text' }) },
        'title',
      ],
    ];
    for (const [method, url, options, field] of cases) {
      const response = await server.request(method, url, options);
      expect(response.status, `${method} ${url}: ${response.text}`).toBe(400);
      expect(response.body.fields[field], `${method} ${url}`).toBe(messages.controlCharacters);
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('keeps line breaks and tabs in long texts', async () => {
    const response = await server.request('POST', '/api/contact/send', {
      body: {
        FullName: 'Ann',
        email: 'ann2@example.com',
        subject: 'Hi',
        message: 'Line 1\n\tLine 2\r\n',
      },
    });
    expect(response.status).toBe(200);
  });

  it('refuses a name made only of invisible characters', async () => {
    for (const name of ['\u200b\u200c', '\u3164', ' \u00ad\ufeff ', '\u2060\u202e']) {
      const response = await server.request('POST', '/api/auth/signup', {
        body: {
          firstName: name,
          lastName: 'Uwase',
          email: 'ghost@example.com',
          password: DEFAULT_PASSWORD,
        },
      });
      expect(response.status).toBe(400);
      expect(response.body.fields.firstName).toBe(messages.nameInvisible);
    }
    const contact = await server.request('POST', '/api/contact/send', {
      body: {
        FullName: '\u115f\u200d',
        email: 'ann3@example.com',
        subject: 'Hi',
        message: 'Hello',
      },
    });
    expect(contact.status).toBe(400);
    expect(contact.body.fields.FullName).toBe(messages.nameInvisible);
  });

  it('logs a failed query without its values', async () => {
    expect(server.logFile, 'the run keeps a log file per server').toBeTruthy();
    const local = await startTestServer();
    try {
      // A check the insert breaks, so that the database itself refuses the sign-up.
      await local.ctx.database.db.execute(
        sql.raw(`alter table users add constraint probe_no_boom check (first_name <> 'Boom')`),
      );
      const response = await local.request('POST', '/api/auth/signup', {
        body: {
          firstName: 'Boom',
          lastName: 'Uwase',
          email: 'boom@example.com',
          password: DEFAULT_PASSWORD,
        },
      });
      expect(response.status).toBe(500);
      const log = readFileSync(local.logFile!, 'utf8');
      const line = log.split('\n').find((entry) => entry.includes('unhandled error'));
      expect(line, log).toBeDefined();
      expect(line).toContain('23514');
      expect(line).not.toContain('$argon2');
      expect(line).not.toContain('boom@example.com');
      expect(line).not.toContain('Boom');
      expect(line).not.toMatch(/insert into/i);
    } finally {
      await local.close();
    }
  });

  it('logs request paths without their query string', async () => {
    await server.request('GET', '/api/course/free?q=secret-query-value');
    const token = 'd_zcknMMq3tsisSYV4amtapD0WH3n2af4ikwHiCD5uc';
    await server.request('POST', `/api/auth/resetpassword/${token}`, {
      body: { password: 'a-new-password' },
    });
    await server.request('DELETE', '/api/sub/unsubscribe/someone%40example.com');
    const log = readFileSync(server.logFile!, 'utf8');
    expect(log).not.toContain('secret-query-value');
    expect(log).not.toContain(token);
    expect(log).not.toContain('someone%40example.com');
    expect(log).toContain('/api/auth/resetpassword/[redacted]');
  });
});

describe('headers, sorting and addresses (issue 10 §8)', () => {
  it('never lets a cache store private answers', async () => {
    for (const url of [
      '/api/user/profile',
      '/api/user/all',
      '/api/contact/all',
      '/api/certificate/all',
      '/api/sub/subscribers',
      '/api/enroll/byUser',
      '/api/certificate/byUser',
    ]) {
      const response = await server.request('GET', url, { token: admin.token });
      expect(response.status, url).toBe(200);
      expect(response.headers.get('cache-control'), url).toBe('no-store');
    }
    const unauthenticated = await server.request('GET', '/api/user/profile');
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers.get('cache-control')).toBe('no-store');
    // A public catalogue read: browsers revalidate it by its ETag on each use, shared caches
    // (a CDN, the compose file's nginx) may serve it 10 s, and a minute more while they refresh.
    const catalogue = await server.request('GET', '/api/course/free');
    expect(catalogue.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=10');
  });

  it("sends object-src 'none'", async () => {
    const response = await server.request('GET', '/api/course/free');
    expect(response.headers.get('content-security-policy')).toContain("object-src 'none'");
  });

  it('refuses a sort by a field of every object', async () => {
    for (const sort of [
      'constructor:asc',
      '__proto__:desc',
      'toString:asc',
      'hasOwnProperty:desc',
    ]) {
      const response = await server.request('GET', `/api/user/all?sort=${sort}`, {
        token: admin.token,
      });
      expect(response.status, sort).toBe(400);
      expect(response.body.fields.sort).toBeTruthy();
    }
  });

  it('tells a rate-limited client how many minutes to wait', async () => {
    expect(messages.rateLimited(2772)).toBe('Too many attempts. Please try again in 47 minutes.');
    expect(messages.rateLimited(60)).toBe('Too many attempts. Please try again in 1 minute.');
    expect(messages.rateLimited(61)).toBe('Too many attempts. Please try again in 2 minutes.');
    expect(messages.rateLimited(59)).toBe('Too many attempts. Please try again in 59 seconds.');
    expect(messages.rateLimited(1)).toBe('Too many attempts. Please try again in 1 second.');
    const local = await startTestServer({
      rateLimits: {
        ...server.ctx.config.rateLimits,
        contact: { perIp: 1, perEmail: 1, windowSeconds: 2772 },
      },
    });
    try {
      const body = { FullName: 'Ann', email: 'ann@example.com', subject: 'Hi', message: 'Hello' };
      expect((await local.request('POST', '/api/contact/send', { body })).status).toBe(200);
      const limited = await local.request('POST', '/api/contact/send', { body });
      expect(limited.status).toBe(429);
      expect(limited.body.error).toMatch(
        /^Too many attempts\. Please try again in 4[67] minutes\.$/,
      );
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(2700);
    } finally {
      await local.close();
    }
  });

  it('serves robots.txt, favicon.ico and sitemap.xml as what they are, never the app', async () => {
    const robots = await fetch(`${server.baseUrl}/robots.txt`, {
      headers: { accept: 'text/html,*/*' },
    });
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toContain('text/plain');
    const robotsText = await robots.text();
    expect(robotsText).toContain('Disallow: /dashboard');
    expect(robotsText).toContain('Disallow: /api');
    const favicon = await fetch(`${server.baseUrl}/favicon.ico`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get('content-type')).not.toContain('html');
    const icon = Buffer.from(await favicon.arrayBuffer());
    expect([...icon.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    const sitemap = await fetch(`${server.baseUrl}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get('content-type')).toContain('application/xml');
    const xml = await sitemap.text();
    expect(xml).toContain('<loc>https://ishuri.example/</loc>');
    expect(xml).toContain('<loc>https://ishuri.example/explore-course</loc>');
    expect(xml).not.toContain('dashboard');
  });

  it('answers 404 to an unknown file and the app only to page navigations', async () => {
    for (const url of ['/wp-login.php', '/missing.png', '/.env']) {
      const response = await fetch(server.baseUrl + url, { headers: { accept: 'text/html' } });
      expect(response.status, url).toBe(404);
    }
    const script = await fetch(`${server.baseUrl}/some/page`, {
      headers: { accept: 'application/json' },
    });
    expect(script.status).toBe(404);
    // Pages, including the mailed links whose token holds a dot.
    for (const url of [
      '/dashboard/all-users',
      '/subscribe/confirm/0190d0a1000070008000000000000001.q1Zp2mXQ_tR8-aYkL3vN0bC5dE7fG9hJ1kM3nP5rS7u',
      '/unsubscribe/0190d0a1000070008000000000000001.Zk3-v_9QpL2mN4bX6cV8zA0sD1fG3hJ5kL7qW9eR2tY',
    ]) {
      const page = await fetch(server.baseUrl + url, {
        headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
      });
      expect(page.status, url).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
    }
  });

  it('answers 405 with Allow for a wrong method on an existing route', async () => {
    const put = await server.request('PUT', '/api/course/free');
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, HEAD');
    expect(put.body.error).toBe(messages.methodNotAllowed);
    const get = await server.request('GET', `/api/user/delete/${learner.id}`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('DELETE');
    const unknown = await server.request('PUT', '/api/nothing-here');
    expect(unknown.status).toBe(404);
  });
});
