import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';

/**
 * Course content for the learning journeys, created through the API with an admin token:
 * courses, lessons and sub-lessons (text, or a short WebM generated here with ffmpeg).
 */

const run = promisify(execFile);

const clips = new Map<string, Promise<Buffer>>();

/**
 * A VP8/Vorbis WebM of a test picture and a tone, generated once per worker and size with the
 * npm ffmpeg binary.
 */
export function webmClip(width: number, height: number, seconds: number): Promise<Buffer> {
  const name = `${width}x${height}x${seconds}`;
  let clip = clips.get(name);
  if (!clip) {
    clip = (async () => {
      const ffmpeg = (await import('@ffmpeg-installer/ffmpeg')).default.path;
      const dir = mkdtempSync(path.join(os.tmpdir(), 'ishuri-learn-clip-'));
      const file = path.join(dir, 'clip.webm');
      try {
        await run(ffmpeg, [
          '-hide_banner',
          '-loglevel',
          'error',
          '-f',
          'lavfi',
          '-i',
          `testsrc=size=${width}x${height}:rate=15:duration=${seconds}`,
          '-f',
          'lavfi',
          '-i',
          `sine=frequency=440:duration=${seconds}`,
          '-c:v',
          'libvpx',
          '-b:v',
          '200k',
          '-c:a',
          'libvorbis',
          '-shortest',
          '-y',
          file,
        ]);
        return readFileSync(file);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    })();
    clips.set(name, clip);
  }
  return clip;
}

/** A 2-second 320x180 clip. */
export const shortWebm = () => webmClip(320, 180, 2);

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

export const uniqueTitle = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

export async function createCourse(
  request: APIRequestContext,
  adminToken: string,
  fields: { title: string; description: string; courseType: 'free' | 'premium' },
): Promise<{ id: string; title: string }> {
  const response = await request.post('/api/course/create', {
    headers: auth(adminToken),
    multipart: fields,
  });
  expect(response.status(), await response.text()).toBe(201);
  const { data } = (await response.json()) as { data: { id: string; title: string } };
  return data;
}

export type ItemFields =
  | { title: string; description?: string; content: string }
  | { title: string; description?: string; video: Buffer };

function itemForm(fields: ItemFields) {
  const base = { title: fields.title, description: fields.description ?? '' };
  return 'video' in fields
    ? {
        ...base,
        contentType: 'video',
        videoUrl: { name: 'lesson.webm', mimeType: 'video/webm', buffer: fields.video },
      }
    : { ...base, contentType: 'text', content: fields.content };
}

export async function addLesson(
  request: APIRequestContext,
  adminToken: string,
  courseId: string,
  fields: ItemFields,
): Promise<{ id: string }> {
  const response = await request.post(`/api/lesson/create/${courseId}`, {
    headers: auth(adminToken),
    multipart: itemForm(fields),
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { id: string } }).data;
}

export async function addSubLesson(
  request: APIRequestContext,
  adminToken: string,
  lessonId: string,
  fields: ItemFields,
): Promise<{ id: string }> {
  const response = await request.post(`/api/sublesson/create/${lessonId}`, {
    headers: auth(adminToken),
    multipart: itemForm(fields),
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { id: string } }).data;
}

/** A free course of three text lessons, the first with a sub-lesson: four items. */
export async function createFreeTextCourse(request: APIRequestContext, adminToken: string) {
  const course = await createCourse(request, adminToken, {
    title: uniqueTitle('Free Basics'),
    description: 'A short free course of text lessons.',
    courseType: 'free',
  });
  const first = await addLesson(request, adminToken, course.id, {
    title: 'Getting started',
    content: 'Welcome to the course.',
  });
  await addSubLesson(request, adminToken, first.id, {
    title: 'Your first steps',
    content: 'Take your time.',
  });
  await addLesson(request, adminToken, course.id, {
    title: 'Going further',
    content: 'More ideas.',
  });
  await addLesson(request, adminToken, course.id, {
    title: 'Wrapping up',
    content: 'That is all.',
  });
  return course;
}
