import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { messages } from '@ishuri/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureFirstAdmin } from './first-admin';
import { startTestServer } from './test/server';
import type { TestServer } from './test/server';

let server: TestServer;

beforeAll(async () => {
  // No SMTP_URL: mail goes to .eml files and the code is printed, as on a first local start.
  server = await startTestServer({ adminPassword: undefined });
});
afterAll(() => server?.close());

describe('health and unknown paths', () => {
  it('answers 200 with the database reachable', async () => {
    const response = await server.request('GET', '/api/health');
    expect(response.status).toBe(200);
    expect(response.body.data.status).toBe('ok');
  });

  it('answers 503 when the database is unreachable', async () => {
    const broken = await startTestServer();
    try {
      await broken.ctx.database.close();
      const response = await broken.request('GET', '/api/health');
      expect(response.status).toBe(503);
      expect(response.body).toEqual({ error: messages.serviceUnavailable, code: 'UNAVAILABLE' });
    } finally {
      await broken.close().catch(() => undefined);
    }
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    for (const url of ['/api/nothing-here', '/api', '/api/course/../../etc/passwd']) {
      const response = await server.request('GET', url);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(response.body.code).toBe('ROUTE_NOT_FOUND');
    }
    const post = await server.request('POST', '/api/auth/nope', { body: {} });
    expect(post.status).toBe(404);
  });

  it('sends security headers', async () => {
    const response = await server.request('GET', '/api/health');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });
});

describe('API documentation', () => {
  it('publishes an OpenAPI document generated from the contract, and a reference page', async () => {
    const doc = await server.request('GET', '/api/docs/json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    const signup = doc.body.paths['/api/auth/signup'].post;
    expect(signup.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['firstName', 'lastName', 'email', 'password']),
    );
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining(['/api/auth/signin', '/api/auth/verifyCode', '/api/user/all']),
    );
    const page = await server.request('GET', '/api/docs');
    expect([200, 302]).toContain(page.status);
    expect(page.text.toLowerCase()).toContain('swagger');
  });
});

describe('error bodies', () => {
  it('never carry a stack, SQL or a file path', async () => {
    const responses = await Promise.all([
      server.request('POST', '/api/auth/signin', { body: { email: 'x' } }),
      server.request('POST', '/api/auth/signin', {
        headers: { 'content-type': 'application/json' },
        body: undefined,
      }),
      fetch(`${server.baseUrl}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"email": "broken',
      }).then(async (r) => ({ status: r.status, text: await r.text() })),
      server.request('POST', '/api/auth/verifyCode', {
        body: { userId: "'; drop table users; --", verificationCode: '1' },
      }),
      server.request('GET', '/api/user/profile', { token: 'garbage' }),
      server.request('DELETE', '/api/user/delete/not-a-uuid'),
      server.request('POST', '/api/auth/signup', {
        headers: { 'content-type': 'text/xml' },
        body: undefined,
      }),
    ]);
    for (const response of responses) {
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      const body = JSON.parse(response.text);
      expect(typeof body.error).toBe('string');
      expect(typeof body.code).toBe('string');
      expect(response.text).not.toMatch(
        /\s+at\s+\S+\s+\(|node_modules|\/work\/|\/tmp\/|select |insert |stack/i,
      );
    }
  });
});

describe('mail without an SMTP server', () => {
  it('writes .eml files and prints the sign-in code, which signs the user in', async () => {
    const created = await server.request('POST', '/api/auth/signup', {
      body: {
        firstName: 'Eric',
        lastName: 'K',
        email: 'eric@example.rw',
        password: 'long-enough-1',
      },
    });
    expect(created.status).toBe(201);
    const signin = await server.request('POST', '/api/auth/signin', {
      body: { email: 'eric@example.rw', password: 'long-enough-1' },
    });
    expect(signin.status).toBe(200);
    const line = server.printed.find((l) => l.includes('sign-in code for eric@example.rw'));
    const code = /(\d{6})$/.exec(line ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const files = await readdir(path.join(server.dataDir, 'mail'));
    expect(files.some((f) => f.endsWith('.eml'))).toBe(true);
    const eml = await readFile(path.join(server.dataDir, 'mail', files[0]!), 'utf8');
    expect(eml).toContain('To: eric@example.rw');
    const verified = await server.request('POST', '/api/auth/verifyCode', {
      body: { userId: signin.body.userId, verificationCode: code },
    });
    expect(verified.status).toBe(200);
  });
});

describe('first start', () => {
  it('creates one admin with a printed password on an empty database, only once', async () => {
    const fresh = await startTestServer({
      adminEmail: 'boss@ishuri.test',
      adminPassword: undefined,
    });
    try {
      const lines: string[] = [];
      expect(await ensureFirstAdmin(fresh.ctx, (l) => lines.push(l))).toBe(true);
      expect(await ensureFirstAdmin(fresh.ctx, (l) => lines.push(l))).toBe(false);
      const password = /password: (\S+)/.exec(lines.join('\n'))?.[1];
      expect(password).toBeTruthy();
      expect(lines.join('\n')).toContain('boss@ishuri.test');
      const signin = await fresh.request('POST', '/api/auth/signin', {
        body: { email: 'boss@ishuri.test', password },
      });
      expect(signin.status).toBe(200);
      const code = /(\d{6})$/.exec(
        fresh.printed.find((l) => l.includes('sign-in code for boss@ishuri.test')) ?? '',
      )?.[1];
      const verified = await fresh.request('POST', '/api/auth/verifyCode', {
        body: { userId: signin.body.userId, verificationCode: code },
      });
      expect(verified.status).toBe(200);
      const payload = JSON.parse(
        Buffer.from(verified.body.token.split('.')[1], 'base64url').toString(),
      );
      expect(payload.role).toBe('admin');
    } finally {
      await fresh.close();
    }
  });

  it('uses ADMIN_PASSWORD when it is set and does not print it', async () => {
    const fresh = await startTestServer({
      adminEmail: 'chief@ishuri.test',
      adminPassword: 'chosen-secret-1',
    });
    try {
      const lines: string[] = [];
      await ensureFirstAdmin(fresh.ctx, (l) => lines.push(l));
      expect(lines.join('\n')).not.toContain('chosen-secret-1');
      const signin = await fresh.request('POST', '/api/auth/signin', {
        body: { email: 'chief@ishuri.test', password: 'chosen-secret-1' },
      });
      expect(signin.status).toBe(200);
    } finally {
      await fresh.close();
    }
  });
});
