import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SMALL_IMAGE_MAX_WIDTH, smallImageUrlOf } from '@ishuri/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse, enrol, SETUP_TIMEOUT } from '../../test/content';
import { createUser } from '../../test/factories';
import type { TestUser } from '../../test/factories';
import { formOf } from '../../test/media';
import { startTestServer } from '../../test/server';
import type { TestServer } from '../../test/server';

/**
 * Course and blog images' small copies for costly data (contract images.ts): made at upload,
 * stored beside the image, served by the same rule, deleted with it, and made on the first
 * request for an image stored before them.
 */

let server: TestServer;
let admin: TestUser;
let enrolled: TestUser;
let learner: TestUser;

/** A photo-like picture (a gradient with grain): it does not shrink to nothing as flat colour does. */
async function photo(width = 1600, height = 900): Promise<Buffer> {
  const grain = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 128, g: 128, b: 128 },
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  const gradient = Buffer.from(
    `<svg width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#1d4ed8"/><stop offset="1" stop-color="#f59e0b"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 3}" cy="${height / 2}" r="${height / 4}" fill="#16a34a"/></svg>`,
  );
  return sharp(gradient)
    .composite([{ input: grain, blend: 'soft-light' }])
    .png()
    .toBuffer();
}

const onDisk = (url: string) =>
  path.join(server.dataDir, 'uploads', url.replace(/^\/uploads\//, ''));

const imagePart = async () => ({
  field: 'imageUrl',
  name: 'cover.png',
  type: 'image/png',
  data: await photo(),
});

/** GET a file as a caller with `token` (none: a visitor) sees it. */
async function get(url: string, token?: string) {
  const response = await fetch(server.baseUrl + url, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return {
    status: response.status,
    cache: response.headers.get('cache-control'),
    type: response.headers.get('content-type'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

beforeAll(async () => {
  server = await startTestServer();
  [admin, enrolled, learner] = await Promise.all([
    createUser(server, { role: 'admin' }),
    createUser(server),
    createUser(server),
  ]);
}, SETUP_TIMEOUT);

afterAll(() => server?.close());

describe('small copies of images', () => {
  it('an uploaded course image gets a small WebP beside it, at most 320 px wide and far lighter', async () => {
    const course = await createCourse(server, admin, { courseType: 'free' }, await imagePart());
    const small = smallImageUrlOf(course.imageUrl);
    expect(small).toBe(course.imageUrl!.replace(/\.webp$/, '.small.webp'));
    // Made at upload: on disk before anyone asks for it.
    expect(existsSync(onDisk(small!))).toBe(true);

    const main = await readFile(onDisk(course.imageUrl!));
    const copy = await readFile(onDisk(small!));
    const meta = await sharp(copy).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(SMALL_IMAGE_MAX_WIDTH);
    expect(meta.height).toBe(180);
    expect(copy.length).toBeLessThan(main.length / 8);
    expect(copy.length).toBeLessThan(16 * 1024);

    const served = await get(small!);
    expect(served.status).toBe(200);
    expect(served.type).toBe('image/webp');
    expect(served.bytes.equals(copy)).toBe(true);
  });

  it("a premium course's image and its small copy answer everyone alike, publicly cached", async () => {
    const course = await createCourse(server, admin, { courseType: 'premium' }, await imagePart());
    await enrol(server, enrolled.id, course.id);
    const small = smallImageUrlOf(course.imageUrl)!;
    for (const token of [undefined, learner.token, enrolled.token, admin.token]) {
      const [image, copy] = [await get(course.imageUrl!, token), await get(small, token)];
      expect(image.status).toBe(200);
      expect(copy.status).toBe(image.status);
      expect(copy.cache).toBe(image.cache);
      expect(copy.cache).toBe('public, max-age=31536000, immutable');
    }
    // A course that changes type changes nothing for either.
    const update = await server.request('PUT', `/api/course/update/${course.id}`, {
      token: admin.token,
      form: formOf({ courseType: 'free' }),
    });
    expect(update.status, update.text).toBe(200);
    expect((await get(small)).status).toBe(200);
  });

  it('a blog image gets one too; a replaced or deleted image takes its small copy with it', async () => {
    const blog = await server.request('POST', '/api/blog/create', {
      token: admin.token,
      form: formOf({ title: 'Small pictures', content: 'For costly data.' }, await imagePart()),
    });
    expect(blog.status, blog.text).toBe(201);
    const blogSmall = smallImageUrlOf(blog.body.data.imageUrl)!;
    expect((await get(blogSmall)).status).toBe(200);
    const removed = await server.request('DELETE', `/api/blog/delete/${blog.body.data.id}`, {
      token: admin.token,
    });
    expect(removed.status).toBe(200);
    expect(existsSync(onDisk(blogSmall))).toBe(false);

    const course = await createCourse(server, admin, {}, await imagePart());
    const firstSmall = smallImageUrlOf(course.imageUrl)!;
    const replaced = await server.request('PUT', `/api/course/update/${course.id}`, {
      token: admin.token,
      form: formOf({}, await imagePart()),
    });
    expect(replaced.status, replaced.text).toBe(200);
    expect(existsSync(onDisk(firstSmall))).toBe(false);
    const secondSmall = smallImageUrlOf(replaced.body.data.imageUrl)!;
    expect(existsSync(onDisk(secondSmall))).toBe(true);
    const deleted = await server.request('DELETE', `/api/course/delete/${course.id}`, {
      token: admin.token,
    });
    expect(deleted.status).toBe(200);
    expect(existsSync(onDisk(secondSmall))).toBe(false);
    // Asked for again, a deleted image's small copy is not made again.
    expect((await get(secondSmall)).status).toBe(404);
  });

  it('an image stored before small copies existed gets its own at the first request', async () => {
    // As an older upload or the demo's covers: the web copy alone.
    const url = '/uploads/images/older-cover.webp';
    await mkdir(path.dirname(onDisk(url)), { recursive: true });
    await writeFile(
      onDisk(url),
      await sharp(await photo())
        .resize({ width: 1200 })
        .webp({ quality: 80 })
        .toBuffer(),
    );
    const small = smallImageUrlOf(url)!;
    expect(existsSync(onDisk(small))).toBe(false);

    const first = await Promise.all([get(small), get(small)]);
    for (const answer of first) {
      expect(answer.status).toBe(200);
      expect(answer.cache).toBe('public, max-age=31536000, immutable');
      expect((await sharp(answer.bytes).metadata()).width).toBe(SMALL_IMAGE_MAX_WIDTH);
    }
    // Kept: made once.
    const made = await stat(onDisk(small));
    expect((await get(small)).status).toBe(200);
    expect((await stat(onDisk(small))).mtimeMs).toBe(made.mtimeMs);
    expect(made.size).toBeLessThan((await stat(onDisk(url))).size / 8);

    // No image, no small copy; nor a small copy of a small copy, nor of another folder's file.
    await rm(onDisk(url));
    await rm(onDisk(small));
    expect((await get(small)).status).toBe(404);
    expect(existsSync(onDisk(small))).toBe(false);
    expect((await get('/uploads/images/older-cover.small.small.webp')).status).toBe(404);
    expect((await get('/uploads/media/explainer.small.webp')).status).toBe(404);
  });
});
