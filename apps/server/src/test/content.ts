import type { Course, Lesson, SubLesson } from '@ishuri/contract';
import { expect } from 'vitest';
import { enrolments } from '../db/schema';
import type { TestUser } from './factories';
import { formOf } from './media';
import type { TestServer } from './server';

/** Courses, lessons and sub-lessons made through the API, as their authors would. */

/**
 * For set-up hooks that start a server and make users and content: generous, because a busy
 * machine (password hashing, migrations) can take far longer than an idle one.
 */
export const SETUP_TIMEOUT = 180_000;

type FilePart = Parameters<typeof formOf>[1];

export async function createCourse(
  server: TestServer,
  author: TestUser,
  fields: Record<string, string> = {},
  file?: FilePart,
): Promise<Course> {
  const response = await server.request('POST', '/api/course/create', {
    token: author.token,
    form: formOf({ title: 'A course', description: 'What it teaches', ...fields }, file),
  });
  expect(response.status, response.text).toBe(201);
  return response.body.data;
}

export async function createLesson(
  server: TestServer,
  author: TestUser,
  courseId: string,
  fields: Record<string, string> = {},
  file?: FilePart,
): Promise<Lesson> {
  const response = await server.request('POST', `/api/lesson/create/${courseId}`, {
    token: author.token,
    form: formOf(
      {
        title: 'A lesson',
        description: 'About it',
        ...(file ? {} : { content: 'Read me.' }),
        ...fields,
      },
      file,
    ),
  });
  expect(response.status, response.text).toBe(201);
  return response.body.data;
}

export async function createSubLesson(
  server: TestServer,
  author: TestUser,
  lessonId: string,
  fields: Record<string, string> = {},
  file?: FilePart,
): Promise<SubLesson> {
  const response = await server.request('POST', `/api/sublesson/create/${lessonId}`, {
    token: author.token,
    form: formOf(
      {
        title: 'A part',
        description: 'Of it',
        ...(file ? {} : { content: 'Read on.' }),
        ...fields,
      },
      file,
    ),
  });
  expect(response.status, response.text).toBe(201);
  return response.body.data;
}

/**
 * An enrolment row, written straight to the database: by default one made before Premium passes
 * existed (issue 33), which keeps its access; `{ legacy: false }` for one that needs a pass.
 */
export async function enrol(
  server: TestServer,
  userId: string,
  courseId: string,
  options: { legacy?: boolean } = {},
): Promise<void> {
  await server.ctx.database.db
    .insert(enrolments)
    .values({ userId, courseId, legacyAccess: options.legacy ?? true })
    .onConflictDoNothing();
}
