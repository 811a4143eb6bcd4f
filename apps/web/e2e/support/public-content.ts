import { deflateSync, crc32 } from 'node:zlib';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import type { Blog, Course, Lesson, SubLesson } from '@ishuri/contract';

/** A unique suffix, so that parallel tests on one database never see each other's titles. */
export const uniqueTag = () =>
  `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG of one colour with a stripe (made here, never downloaded). */
export function pngImage(width = 160, height = 90, rgb: [number, number, number] = [29, 78, 216]) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const stripe = Math.abs(x - y) < 8;
      row[1 + x * 3] = stripe ? 255 : rgb[0];
      row[2 + x * 3] = stripe ? 255 : rgb[1];
      row[3 + x * 3] = stripe ? 255 : rgb[2];
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function created<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: T }).data;
}

/** POST /api/course/create (multipart), with an image unless `image: false`. */
export async function createCourse(
  request: APIRequestContext,
  token: string,
  fields: { title: string; description: string; courseType?: 'free' | 'premium'; image?: boolean },
): Promise<Course> {
  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {
    title: fields.title,
    description: fields.description,
    courseType: fields.courseType ?? 'free',
  };
  if (fields.image !== false) {
    multipart.imageUrl = { name: 'cover.png', mimeType: 'image/png', buffer: pngImage() };
  }
  return created<Course>(
    await request.post('/api/course/create', { headers: auth(token), multipart }),
  );
}

/** POST /api/lesson/create/{courseId}: a text lesson. */
export async function createTextLesson(
  request: APIRequestContext,
  token: string,
  courseId: string,
  fields: { title: string; description?: string; content?: string },
): Promise<Lesson> {
  return created<Lesson>(
    await request.post(`/api/lesson/create/${courseId}`, {
      headers: auth(token),
      multipart: {
        title: fields.title,
        description: fields.description ?? '',
        contentType: 'text',
        content: fields.content ?? `The text of ${fields.title}.`,
      },
    }),
  );
}

/** POST /api/sublesson/create/{lessonId}: a text sub-lesson. */
export async function createTextSubLesson(
  request: APIRequestContext,
  token: string,
  lessonId: string,
  fields: { title: string; content?: string },
): Promise<SubLesson> {
  return created<SubLesson>(
    await request.post(`/api/sublesson/create/${lessonId}`, {
      headers: auth(token),
      multipart: {
        title: fields.title,
        description: '',
        contentType: 'text',
        content: fields.content ?? `The text of ${fields.title}.`,
      },
    }),
  );
}

/** POST /api/blog/create (multipart), with an image unless `image: false`. */
export async function createBlog(
  request: APIRequestContext,
  token: string,
  fields: { title: string; content: string; image?: boolean },
): Promise<Blog> {
  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {
    title: fields.title,
    content: fields.content,
  };
  if (fields.image !== false) {
    multipart.imageUrl = {
      name: 'post.png',
      mimeType: 'image/png',
      buffer: pngImage(160, 90, [15, 118, 110]),
    };
  }
  return created<Blog>(await request.post('/api/blog/create', { headers: auth(token), multipart }));
}

/** The page is no wider than its window (nothing scrolls sideways). */
export async function horizontalOverflow(page: Page) {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}
