import { existsSync } from 'node:fs';
import path from 'node:path';
import { messages } from '@ishuri/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogs } from '../../db/schema';
import { uuidv7 } from '../../lib/ids';
import { SETUP_TIMEOUT } from '../../test/content';
import { createUser } from '../../test/factories';
import type { TestUser } from '../../test/factories';
import { filesUnder, formOf, pngImage } from '../../test/media';
import { startTestServer } from '../../test/server';
import type { TestServer } from '../../test/server';

let server: TestServer;
let admin: TestUser;
let instructor: TestUser;
let learner: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  [admin, instructor, learner] = await Promise.all([
    createUser(server, { role: 'admin' }),
    createUser(server, { role: 'instructor' }),
    createUser(server, { role: 'learner' }),
  ]);
}, SETUP_TIMEOUT);

afterAll(async () => {
  await server?.close();
});

const fileOnDisk = (url: string) =>
  existsSync(path.join(server.dataDir, 'uploads', url.replace(/^\/uploads\//, '')));

async function publish(title: string, content = `${title} in many words.`, image?: Buffer) {
  const response = await server.request('POST', '/api/blog/create', {
    token: admin.token,
    form: formOf(
      { title, content },
      image ? { field: 'imageUrl', name: 'b.png', data: image } : undefined,
    ),
  });
  expect(response.status, response.text).toBe(201);
  return response.body.data;
}

describe('blogs', () => {
  it('publishes a post with an image (admin)', async () => {
    const response = await server.request('POST', '/api/blog/create', {
      token: admin.token,
      form: formOf(
        { title: 'Learning in Kigali', content: 'First paragraph.\n\nSecond paragraph.' },
        { field: 'imageUrl', name: 'kigali.png', data: await pngImage(800, 400) },
      ),
    });
    expect(response.status).toBe(201);
    expect(response.body.message).toBe(messages.blogCreated);
    expect(response.body.data).toMatchObject({
      title: 'Learning in Kigali',
      content: 'First paragraph.\n\nSecond paragraph.',
    });
    expect(response.body.data.imageUrl).toMatch(/^\/uploads\/images\/.+\.webp$/);
    expect(fileOnDisk(response.body.data.imageUrl)).toBe(true);
  });

  it('answers the validation sentences, keeping no image', async () => {
    const before = await filesUnder(path.join(server.dataDir, 'uploads'));
    const image = await pngImage(100, 50);
    for (const [fields, field, sentence] of [
      [{ content: 'No title' }, 'title', messages.titleRequired],
      [{ title: 'No content' }, 'content', messages.contentRequired],
      [{ title: 'Blank', content: ' \n ' }, 'content', messages.contentRequired],
    ] as const) {
      const response = await server.request('POST', '/api/blog/create', {
        token: admin.token,
        form: formOf(fields, { field: 'imageUrl', name: 'i.png', data: image }),
      });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ error: sentence, code: 'VALIDATION_FAILED' });
      expect(response.body.fields[field]).toBe(sentence);
    }
    expect(await filesUnder(path.join(server.dataDir, 'uploads'))).toEqual(before);
  });

  it('keeps content as plain text and serves it only as JSON', async () => {
    const html = '<script>alert("x")</script><b>bold</b> & more';
    const post = await publish('Markup', html);
    const response = await server.request('GET', `/api/blog/single/${post.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.body.data.content).toBe(html);
  });

  it('lists posts newest first, pages them and counts them', async () => {
    // Only these posts carry the marker; the other tests' posts share the server.
    const marker = 'zqlisted';
    const countBefore = (await server.request('GET', '/api/blog/number')).body.data.count;
    for (const title of ['Alpha', 'Beta', 'Gamma']) {
      await publish(title, `${marker} about ${title.toLowerCase()}`);
    }
    const all = await server.request('GET', '/api/blog/all');
    expect(all.status).toBe(200);
    const ours = all.body.data
      .map((b: any) => b.title)
      .filter((t: string) => ['Alpha', 'Beta', 'Gamma'].includes(t));
    expect(ours).toEqual(['Gamma', 'Beta', 'Alpha']);
    // Unpaged: the whole (short) list, with its total (decisions.md §1).
    expect(all.body.total).toBe(all.body.data.length);
    const page = await server.request(
      'GET',
      `/api/blog/all?q=${marker}&page=1&pageSize=2&sort=title:asc`,
    );
    expect(page.body).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page.body.data.map((b: any) => b.title)).toEqual(['Alpha', 'Beta']);
    const filtered = await server.request('GET', `/api/blog/all?q=${marker}%20about%20gam`);
    expect(filtered.body.data.map((b: any) => b.title)).toEqual(['Gamma']);
    const counted = await server.request('GET', '/api/blog/number');
    expect(counted.body).toEqual({ data: { count: countBefore + 3 } });
    const [row] = await server.ctx.database.db.select({ n: count() }).from(blogs);
    expect(counted.body.data.count).toBe(row!.n);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [uuidv7(), 'post-1']) {
      const response = await server.request('GET', `/api/blog/single/${id}`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: messages.blogNotFound, code: 'BLOG_NOT_FOUND' });
      const deleted = await server.request('DELETE', `/api/blog/delete/${id}`, {
        token: admin.token,
      });
      expect(deleted.status).toBe(404);
    }
  });

  it('a deleted post leaves the list at once, after the list was read', async () => {
    const post = await publish('Read then gone', 'Listed, then deleted.', await pngImage(200, 100));
    const titles = async () => {
      const list = await server.request('GET', '/api/blog/all?page=1&pageSize=50', {
        token: admin.token,
      });
      return (list.body.data.items ?? list.body.data).map((b: { title: string }) => b.title);
    };
    expect(await titles()).toContain('Read then gone');
    expect(await titles()).toContain('Read then gone');
    const response = await server.request('DELETE', `/api/blog/delete/${post.id}`, {
      token: admin.token,
    });
    expect(response.status).toBe(200);
    expect(await titles()).not.toContain('Read then gone');
  });

  it('deletes a post and its image (admin only)', async () => {
    const post = await publish('Short-lived', 'Soon gone.', await pngImage(200, 100));
    const refusals: Array<[string | undefined, number]> = [
      [undefined, 401],
      [learner.token, 403],
      [instructor.token, 403],
    ];
    for (const [token, status] of refusals) {
      const response = await server.request('DELETE', `/api/blog/delete/${post.id}`, { token });
      expect(response.status).toBe(status);
    }
    const response = await server.request('DELETE', `/api/blog/delete/${post.id}`, {
      token: admin.token,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: messages.blogDeleted });
    expect(fileOnDisk(post.imageUrl)).toBe(false);
    expect((await server.request('GET', `/api/blog/single/${post.id}`)).status).toBe(404);
  });

  it('lets only admins publish', async () => {
    const [before] = await server.ctx.database.db.select({ n: count() }).from(blogs);
    for (const [token, status] of [
      [undefined, 401],
      [learner.token, 403],
      [instructor.token, 403],
    ] as const) {
      const response = await server.request('POST', '/api/blog/create', {
        token,
        form: formOf({ title: 'T', content: 'C' }),
      });
      expect(response.status).toBe(status);
    }
    const [after] = await server.ctx.database.db.select({ n: count() }).from(blogs);
    expect(after!.n).toBe(before!.n);
  });
});
