import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse } from './test/content';
import { createUser } from './test/factories';
import type { TestUser } from './test/factories';
import { startTestServer } from './test/server';
import type { TestServer } from './test/server';

let server: TestServer;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createUser(server, { role: 'admin' });
  await createCourse(server, admin, { title: 'Cached course', courseType: 'free' });
});
afterAll(() => server?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  fetch(server.baseUrl + url, { headers });

describe('public reads and their ETag', () => {
  for (const url of ['/api/course/free', '/api/blog/all', '/api/course/free?page=1&pageSize=5']) {
    it(`${url}: a repeated read is 304 with no body, and revalidated each time`, async () => {
      const first = await get(url);
      expect(first.status).toBe(200);
      const tag = first.headers.get('etag');
      expect(tag).toMatch(/^W\/"/);
      // Browsers revalidate (max-age=0); shared caches may serve it briefly (issue 31, point 4).
      expect(first.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=10');
      // Serving it stale while revalidating is said to shared caches only (RFC 9213).
      expect(first.headers.get('cdn-cache-control')).toBe(
        'public, max-age=10, stale-while-revalidate=60',
      );
      await first.arrayBuffer();

      const again = await get(url, { 'if-none-match': tag! });
      expect(again.status).toBe(304);
      expect((await again.arrayBuffer()).byteLength).toBe(0);
      expect(again.headers.get('etag')).toBe(tag);

      // Compressed or not, the tag is that of the answer's JSON.
      const compressed = await get(url, { 'accept-encoding': 'br', 'if-none-match': tag! });
      expect(compressed.status).toBe(304);
    });
  }

  it('a write makes the next read fresh: another tag, the whole answer', async () => {
    const before = await get('/api/course/single/' + (await firstFreeCourseId()));
    const tag = before.headers.get('etag')!;
    await before.arrayBuffer();
    const list = await get('/api/course/free');
    const listTag = list.headers.get('etag')!;
    await list.arrayBuffer();

    await createCourse(server, admin, { title: 'A newer course', courseType: 'free' });
    const after = await get('/api/course/free', { 'if-none-match': listTag });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(listTag);
    const body = (await after.json()) as { data: Array<{ title: string }> };
    expect(body.data.map((course) => course.title)).toContain('A newer course');
    // An unchanged course still answers 304.
    const same = await get('/api/course/single/' + (await firstFreeCourseId('Cached course')), {
      'if-none-match': tag,
    });
    expect(same.status).toBe(304);
  });

  it('a signed-in read is never stored', async () => {
    const response = await get('/api/user/profile', { authorization: `Bearer ${admin.token}` });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});

async function firstFreeCourseId(title = 'Cached course'): Promise<string> {
  const response = await get('/api/course/free');
  const body = (await response.json()) as { data: Array<{ id: string; title: string }> };
  return body.data.find((course) => course.title === title)!.id;
}
