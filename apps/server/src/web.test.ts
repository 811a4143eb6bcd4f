import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './test/server';
import type { TestServer } from './test/server';

let server: TestServer;
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;

beforeAll(async () => {
  // A stand-in build of the web app, written to a temporary folder before the server starts.
  const { mkdtemp } = await import('node:fs/promises');
  const os = await import('node:os');
  const webDist = await mkdtemp(path.join(os.tmpdir(), 'ishuri-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  // Two prerendered public pages (apps/web/scripts/prerender.mjs writes them and their list).
  await mkdir(path.join(webDist, 'prerendered'));
  await writeFile(path.join(webDist, 'prerendered', 'landing.html'), '<div id="root">Landing');
  await writeFile(path.join(webDist, 'prerendered', 'course.html'), '<div id="root">A course');
  await writeFile(
    path.join(webDist, 'prerendered', 'pages.json'),
    JSON.stringify([
      { matches: '^/$', file: 'prerendered/landing.html' },
      { matches: '^/course/[^/]+/?$', file: 'prerendered/course.html' },
      { matches: '^/gone/?$', file: 'prerendered/gone.html' },
    ]),
  );
  await writeFile(path.join(webDist, 'assets', 'app-1234.js'), script);
  await writeFile(path.join(webDist, 'assets', 'app-1234.js.br'), brotliCompressSync(script));
  server = await startTestServer({ webDist });
});
afterAll(() => server?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  fetch(server.baseUrl + url, { headers });

describe('serving the web app', () => {
  it("answers a prerendered public page's addresses with its own HTML, never cached", async () => {
    for (const [url, text] of [
      ['/', 'Landing'],
      ['/course/abc', 'A course'],
      ['/course/abc/?from=mail', 'A course'],
    ] as const) {
      const response = await get(url, { accept: 'text/html' });
      expect(response.status, url).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text(), url).toBe(`<div id="root">${text}`);
    }
  });

  it('answers any other app route with index.html, never cached', async () => {
    for (const url of [
      // A listed page whose file is missing, and an address beyond a page's pattern.
      '/gone',
      '/course/abc/more',
      '/login',
      '/dashboard/all-users',
      '/resetpassword/abc',
      '/course/x?y=1',
    ]) {
      const response = await get(url, { accept: 'text/html,application/xhtml+xml' });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it('keeps a JSON 404 for unknown API paths and missing assets', async () => {
    const api = await get('/api/nope');
    expect(api.status).toBe(404);
    expect(((await api.json()) as { code: string }).code).toBe('ROUTE_NOT_FOUND');
    const asset = await get('/assets/missing-999.js');
    expect(asset.status).toBe(404);
  });

  it('sends hashed assets precompressed and cached for a year', async () => {
    const response = await fetch(server.baseUrl + '/assets/app-1234.js', {
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('cache-control')).toContain('max-age=31536000');
    // fetch decodes br itself; the body must be the original script.
    expect(await response.text()).toBe(script);
  });

  it('compresses API answers larger than 1 kB', async () => {
    const { request } = await import('node:http');
    const body = await new Promise<{ encoding?: string; data: Buffer }>((resolve, reject) => {
      request(
        server.baseUrl + '/api/docs/json',
        { headers: { 'accept-encoding': 'br' } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ encoding: res.headers['content-encoding'], data: Buffer.concat(chunks) }),
          );
        },
      )
        .on('error', reject)
        .end();
    });
    expect(body.encoding).toBe('br');
    const doc = JSON.parse(brotliDecompressSync(body.data).toString('utf8'));
    expect(doc.openapi).toMatch(/^3\./);
  });
});

describe('security headers', () => {
  // The policy of the app (a literal copy: it changes only with a decision to change it).
  const expected: Record<string, string> = {
    'content-security-policy':
      "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';" +
      "frame-ancestors 'self';img-src 'self' data: blob:;object-src 'none';script-src 'self';" +
      "script-src-attr 'none';style-src 'self' 'unsafe-inline';media-src 'self' blob:;" +
      "frame-src 'none';connect-src 'self'",
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };

  it('are on every kind of answer: pages, files, reads, 304s, errors', async () => {
    const free = await get('/api/course/free');
    const answers: Array<[string, Response]> = [
      ['prerendered page', await get('/', { accept: 'text/html' })],
      ['app page', await get('/dashboard', { accept: 'text/html' })],
      ['file', await get('/assets/app-1234.js', { 'accept-encoding': 'br' })],
      ['read', free],
      ['304', await get('/api/course/free', { 'if-none-match': free.headers.get('etag') ?? '' })],
      ['401', await get('/api/user/profile')],
      ['404', await get('/api/no-such-thing')],
      ['400', await get('/api/course/free?page=0')],
    ];
    for (const [kind, response] of answers) {
      for (const [name, value] of Object.entries(expected)) {
        expect(response.headers.get(name), `${kind}: ${name}`).toBe(value);
      }
    }
    expect(answers.map(([, response]) => response.status)).toEqual([
      200, 200, 200, 200, 304, 401, 404, 400,
    ]);
  });
});
