import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/**
 * Content for the dashboard journeys, made through the real API (with an admin's or an
 * instructor's token) or generated on disk with ffmpeg.
 */

const run = promisify(execFile);
const workDir = mkdtempSync(path.join(os.tmpdir(), 'ishuri-dashboard-e2e-'));

/** A short unique word, to find one's own rows among those other tests create. */
export const unique = (prefix: string) => `${prefix}${randomBytes(3).toString('hex')}`;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A small real PNG (a coloured 320×160 picture). */
export async function makePng(name = 'cover'): Promise<string> {
  const file = path.join(workDir, `${name}-${randomBytes(3).toString('hex')}.png`);
  await run(ffmpeg.path, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'color=c=0x1d4ed8:s=320x160',
    '-frames:v',
    '1',
    file,
  ]);
  return file;
}

/**
 * A real WebM video with a tone: a test pattern under noise, so that it does not compress (about
 * 2.5 MB for 3 seconds): large enough for an upload whose progress can be watched.
 */
export async function makeWebm(name = 'clip'): Promise<string> {
  const file = path.join(workDir, `${name}-${randomBytes(3).toString('hex')}.webm`);
  await run(ffmpeg.path, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=640x360:rate=25:duration=3',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=3',
    '-vf',
    'noise=alls=60:allf=t+u',
    '-c:v',
    'libvpx',
    '-b:v',
    '12M',
    '-deadline',
    'realtime',
    '-cpu-used',
    '8',
    '-c:a',
    'libvorbis',
    '-shortest',
    file,
  ]);
  return file;
}

export interface CreatedCourse {
  id: string;
  title: string;
  ownerId: string | null;
}

export async function createCourseViaApi(
  request: APIRequestContext,
  token: string,
  fields: { title: string; description?: string; courseType?: 'free' | 'premium' },
): Promise<CreatedCourse> {
  const response = await request.post('/api/course/create', {
    headers: bearer(token),
    multipart: {
      title: fields.title,
      description: fields.description ?? `About ${fields.title}.`,
      courseType: fields.courseType ?? 'free',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: CreatedCourse }).data;
}

export async function createTextLessonViaApi(
  request: APIRequestContext,
  token: string,
  courseId: string,
  title: string,
): Promise<{ id: string }> {
  const response = await request.post(`/api/lesson/create/${courseId}`, {
    headers: bearer(token),
    multipart: { title, description: '', contentType: 'text', content: `The text of ${title}.` },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { id: string } }).data;
}

export async function sendContactViaApi(
  request: APIRequestContext,
  message: { FullName: string; email: string; subject: string; message: string },
) {
  const response = await request.post('/api/contact/send', { data: { phone: '', ...message } });
  expect(response.status(), await response.text()).toBe(200);
}

export async function subscribeViaApi(request: APIRequestContext, email: string) {
  const response = await request.post('/api/sub/subscribe', { data: { email } });
  expect(response.status(), await response.text()).toBe(200);
}

/** A learner enrols and completes every item of a course: a certificate is issued. */
export async function completeCourseViaApi(
  request: APIRequestContext,
  token: string,
  courseId: string,
) {
  const enrol = await request.post(`/api/enroll/create/${courseId}`, { headers: bearer(token) });
  expect(enrol.ok(), await enrol.text()).toBe(true);
  const course = await request.get(`/api/course/single/${courseId}`, { headers: bearer(token) });
  const { data } = (await course.json()) as {
    data: { lessons: Array<{ id: string; subLessons: Array<{ id: string }> }> };
  };
  const items = data.lessons.flatMap((lesson) => [
    lesson.id,
    ...lesson.subLessons.map((s) => s.id),
  ]);
  for (const lessonId of items) {
    const done = await request.post('/api/progress/upsert', {
      headers: bearer(token),
      data: { courseId, lessonId, progress: 100 },
    });
    expect(done.status(), await done.text()).toBe(200);
  }
}

/** The toasts show sentences of the catalogue; this finds one among them. */
export const toast = (page: Page, text: string) =>
  page.locator('.Toastify').getByText(text, { exact: true });

/** The sidebar of the dashboard. */
export const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });
