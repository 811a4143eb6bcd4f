import { existsSync } from 'node:fs';
import path from 'node:path';
import { messages } from '@ishuri/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseItems } from '../../db/schema';
import { uuidv7 } from '../../lib/ids';
import { SETUP_TIMEOUT, createCourse, createLesson, createSubLesson } from '../../test/content';
import { createUser } from '../../test/factories';
import type { TestUser } from '../../test/factories';
import { filesUnder, formOf, pngImage, videoFile } from '../../test/media';
import { startTestServer } from '../../test/server';
import type { TestServer } from '../../test/server';

let server: TestServer;
let admin: TestUser;
let owner: TestUser;
let otherInstructor: TestUser;
let learner: TestUser;
let courseId: string;

beforeAll(async () => {
  // Uploads are kept: these tests follow the uploaded file itself (its deletion once made small
  // is modules/media/video-originals.test.ts's).
  server = await startTestServer({ keepOriginalVideos: true });
  [admin, owner, otherInstructor, learner] = await Promise.all([
    createUser(server, { role: 'admin' }),
    createUser(server, { role: 'instructor' }),
    createUser(server, { role: 'instructor' }),
    createUser(server, { role: 'learner' }),
  ]);
  courseId = (
    await createCourse(server, owner, {
      title: 'Photography',
      description: 'Light and frames',
      courseType: 'free',
    })
  ).id;
}, SETUP_TIMEOUT);

afterAll(async () => {
  await server?.close();
});

const uploadsDir = () => path.join(server.dataDir, 'uploads');
const fileOnDisk = (url: string) =>
  existsSync(path.join(uploadsDir(), url.replace(/^\/uploads\//, '')));

/** The validation cases shared by lessons and sub-lessons (product.md §5). */
async function validationCases(url: string) {
  const clip = await videoFile('mp4');
  const cases: Array<{
    fields: Record<string, string>;
    file?: Parameters<typeof formOf>[1];
    field: string;
    sentence: string;
  }> = [
    { fields: { content: 'x' }, field: 'title', sentence: messages.titleRequired },
    { fields: { title: '  ', content: 'x' }, field: 'title', sentence: messages.titleRequired },
    { fields: { title: 'T' }, field: 'content', sentence: messages.contentRequiredForText },
    {
      fields: { title: 'T', contentType: 'text', content: '   ' },
      field: 'content',
      sentence: messages.contentRequiredForText,
    },
    {
      fields: { title: 'T', contentType: 'video' },
      field: 'videoUrl',
      sentence: messages.videoRequiredForVideo,
    },
    {
      fields: { title: 'T', contentType: 'video', content: 'text is not a video' },
      field: 'videoUrl',
      sentence: messages.videoRequiredForVideo,
    },
    {
      fields: { title: 'T', contentType: 'audio', content: 'x' },
      field: 'contentType',
      sentence: messages.contentTypeInvalid,
    },
    {
      // The title is checked after the video was stored: the file must go again.
      fields: { contentType: 'video' },
      file: { field: 'videoUrl', name: 'v.mp4', data: clip },
      field: 'title',
      sentence: messages.titleRequired,
    },
  ];
  // Earlier uploads' renditions are made first: only this request's files are compared.
  await server.ctx.jobs.kick();
  const before = await filesUnder(uploadsDir());
  for (const { fields, file, field, sentence } of cases) {
    const response = await server.request('POST', url, {
      token: owner.token,
      form: formOf(fields, file),
    });
    expect(response.status, JSON.stringify(fields)).toBe(400);
    expect(response.body).toMatchObject({ error: sentence, code: 'VALIDATION_FAILED' });
    expect(response.body.fields[field]).toBe(sentence);
  }
  expect(await filesUnder(uploadsDir())).toEqual(before);
}

describe('POST /api/lesson/create/{courseId}', () => {
  it('adds a text lesson and a video lesson, in creation order', async () => {
    const course = await createCourse(server, owner, { title: 'Order' });
    const text = await server.request('POST', `/api/lesson/create/${course.id}`, {
      token: owner.token,
      form: formOf({
        title: 'Framing',
        description: 'Rule of thirds',
        content: 'Put the subject on a third.\n\nThen breathe.',
      }),
    });
    expect(text.status).toBe(201);
    expect(text.body.message).toBe(messages.lessonCreated);
    expect(text.body.data).toMatchObject({
      courseId: course.id,
      title: 'Framing',
      description: 'Rule of thirds',
      contentType: 'text',
      content: 'Put the subject on a third.\n\nThen breathe.',
      videoUrl: null,
      position: 1,
      subLessons: [],
    });

    const video = await server.request('POST', `/api/lesson/create/${course.id}`, {
      token: owner.token,
      form: formOf(
        { title: 'Light', description: 'Golden hour' },
        { field: 'videoUrl', name: 'light.mp4', data: await videoFile('mp4') },
      ),
    });
    expect(video.status).toBe(201);
    expect(video.body.data).toMatchObject({ contentType: 'video', content: null, position: 2 });
    expect(fileOnDisk(video.body.data.videoUrl)).toBe(true);
  });

  it('keeps no file sent with a text lesson', async () => {
    // Earlier uploads' renditions are made first: only this request's files are compared.
    await server.ctx.jobs.kick();
    const before = await filesUnder(uploadsDir());
    const response = await server.request('POST', `/api/lesson/create/${courseId}`, {
      token: owner.token,
      form: formOf(
        { title: 'Text after all', contentType: 'text', content: 'Words.' },
        { field: 'videoUrl', name: 'v.webm', data: await videoFile('webm') },
      ),
    });
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({ contentType: 'text', videoUrl: null });
    expect(await filesUnder(uploadsDir())).toEqual(before);
  });

  it('answers each validation sentence, keeping no file', async () => {
    await validationCases(`/api/lesson/create/${courseId}`);
  });

  it('gives every lesson its own position under concurrent creation', async () => {
    const course = await createCourse(server, owner, { title: 'Concurrent' });
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        server.request('POST', `/api/lesson/create/${course.id}`, {
          token: owner.token,
          form: formOf({ title: `L${i}`, content: 'x' }),
        }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(new Array(8).fill(201));
    const positions = responses.map((r) => r.body.data.position).sort((a, b) => a - b);
    expect(positions).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('is for admins and the course’s owner only; the upload of others is never stored', async () => {
    // Earlier uploads' renditions are made first: only this request's files are compared.
    await server.ctx.jobs.kick();
    const before = await filesUnder(uploadsDir());
    const clip = await videoFile('mp4');
    const send = (token?: string) =>
      server.request('POST', `/api/lesson/create/${courseId}`, {
        token,
        form: formOf({ title: 'Intruder' }, { field: 'videoUrl', name: 'v.mp4', data: clip }),
      });
    expect((await send()).status).toBe(401);
    expect((await send(learner.token)).status).toBe(403);
    expect((await send(otherInstructor.token)).status).toBe(403);
    expect(await filesUnder(uploadsDir())).toEqual(before);
    const byAdmin = await send(admin.token);
    expect(byAdmin.status).toBe(201);
  });

  it('answers 404 for an unknown or malformed course id', async () => {
    for (const id of [uuidv7(), 'abc']) {
      const response = await server.request('POST', `/api/lesson/create/${id}`, {
        token: admin.token,
        form: formOf({ title: 'T', content: 'x' }),
      });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: messages.courseNotFound, code: 'COURSE_NOT_FOUND' });
    }
  });
});

describe('GET /api/lesson/byCourse/{courseId}', () => {
  it('answers the lessons in order, each with its sub-lessons and the course', async () => {
    const course = await createCourse(
      server,
      owner,
      { title: 'Listed', description: 'Described', courseType: 'free' },
      { field: 'imageUrl', name: 'c.png', data: await pngImage(200, 100) },
    );
    const one = await createLesson(server, owner, course.id, { title: 'One' });
    await createLesson(server, owner, course.id, { title: 'Two' });
    await createSubLesson(server, owner, one.id, { title: 'One.a' });
    await createSubLesson(server, owner, one.id, { title: 'One.b' });

    const response = await server.request('GET', `/api/lesson/byCourse/${course.id}`);
    expect(response.status).toBe(200);
    expect(response.body.data.map((l: any) => l.title)).toEqual(['One', 'Two']);
    expect(response.body.data[0].subLessons.map((s: any) => s.title)).toEqual(['One.a', 'One.b']);
    expect(response.body.data[1].subLessons).toEqual([]);
    expect(response.body.data[0].course).toEqual({
      title: 'Listed',
      description: 'Described',
      courseType: 'free',
      imageUrl: course.imageUrl,
    });
  });

  it('answers an empty list for a course without lessons, and 404 for unknown ids', async () => {
    const course = await createCourse(server, owner, { title: 'Empty' });
    expect((await server.request('GET', `/api/lesson/byCourse/${course.id}`)).body).toEqual({
      data: [],
    });
    for (const id of [uuidv7(), 'zzz']) {
      const response = await server.request('GET', `/api/lesson/byCourse/${id}`);
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('COURSE_NOT_FOUND');
    }
  });
});

describe('DELETE /api/lesson/delete/{id}', () => {
  it('deletes the lesson, its sub-lessons and their videos', async () => {
    const lesson = await createLesson(
      server,
      owner,
      courseId,
      { title: 'Gone' },
      {
        field: 'videoUrl',
        name: 'v.mp4',
        data: await videoFile('mp4'),
      },
    );
    const sub = await createSubLesson(
      server,
      owner,
      lesson.id,
      { title: 'Gone too' },
      {
        field: 'videoUrl',
        name: 'v.webm',
        data: await videoFile('webm'),
      },
    );
    expect(fileOnDisk(lesson.videoUrl!)).toBe(true);
    expect(fileOnDisk(sub.videoUrl!)).toBe(true);

    for (const user of [learner, otherInstructor]) {
      const refused = await server.request('DELETE', `/api/lesson/delete/${lesson.id}`, {
        token: user.token,
      });
      expect(refused.status).toBe(403);
    }
    expect((await server.request('DELETE', `/api/lesson/delete/${lesson.id}`)).status).toBe(401);

    const response = await server.request('DELETE', `/api/lesson/delete/${lesson.id}`, {
      token: owner.token,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: messages.lessonDeleted });
    expect(fileOnDisk(lesson.videoUrl!)).toBe(false);
    expect(fileOnDisk(sub.videoUrl!)).toBe(false);
    const db = server.ctx.database.db;
    expect(await db.select().from(courseItems).where(eq(courseItems.id, lesson.id))).toEqual([]);
    expect(await db.select().from(courseItems).where(eq(courseItems.id, sub.id))).toEqual([]);
  });

  it('lets an admin delete any lesson; answers 404 for unknown ids', async () => {
    const lesson = await createLesson(server, owner, courseId);
    const response = await server.request('DELETE', `/api/lesson/delete/${lesson.id}`, {
      token: admin.token,
    });
    expect(response.status).toBe(200);
    for (const id of [lesson.id, 'bad-id']) {
      const again = await server.request('DELETE', `/api/lesson/delete/${id}`, {
        token: admin.token,
      });
      expect(again.status).toBe(404);
      expect(again.body).toEqual({ error: messages.lessonNotFound, code: 'LESSON_NOT_FOUND' });
    }
  });
});

describe('sub-lessons', () => {
  let lessonId: string;

  beforeAll(async () => {
    lessonId = (await createLesson(server, owner, courseId, { title: 'Parent' })).id;
  }, SETUP_TIMEOUT);

  it('adds text and video sub-lessons in creation order', async () => {
    const text = await server.request('POST', `/api/sublesson/create/${lessonId}`, {
      token: owner.token,
      form: formOf({ title: 'Part one', description: 'Start', content: 'Plain words.' }),
    });
    expect(text.status).toBe(201);
    expect(text.body.message).toBe(messages.subLessonCreated);
    expect(text.body.data).toMatchObject({
      lessonId,
      title: 'Part one',
      description: 'Start',
      contentType: 'text',
      content: 'Plain words.',
      videoUrl: null,
      position: 1,
    });
    const video = await server.request('POST', `/api/sublesson/create/${lessonId}`, {
      token: owner.token,
      form: formOf(
        { title: 'Part two', contentType: 'video' },
        { field: 'videoUrl', name: 'p2.mov', data: await videoFile('mov') },
      ),
    });
    expect(video.status).toBe(201);
    expect(video.body.data).toMatchObject({ contentType: 'video', content: null, position: 2 });
    expect(video.body.data.videoUrl).toMatch(/\.mov$/);
  });

  it('answers each validation sentence, keeping no file', async () => {
    await validationCases(`/api/sublesson/create/${lessonId}`);
  });

  it('gives every sub-lesson its own position under concurrent creation', async () => {
    const parent = await createLesson(server, owner, courseId, { title: 'Busy parent' });
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        server.request('POST', `/api/sublesson/create/${parent.id}`, {
          token: owner.token,
          form: formOf({ title: `S${i}`, content: 'x' }),
        }),
      ),
    );
    const positions = responses.map((r) => r.body.data.position).sort((a, b) => a - b);
    expect(positions).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('is for admins and the course’s owner only', async () => {
    const send = (token?: string) =>
      server.request('POST', `/api/sublesson/create/${lessonId}`, {
        token,
        form: formOf({ title: 'S', content: 'x' }),
      });
    expect((await send()).status).toBe(401);
    expect((await send(learner.token)).status).toBe(403);
    expect((await send(otherInstructor.token)).status).toBe(403);
    expect((await send(admin.token)).status).toBe(201);
  });

  it('answers 404 for an unknown or malformed lesson id', async () => {
    for (const id of [uuidv7(), 'x']) {
      const response = await server.request('POST', `/api/sublesson/create/${id}`, {
        token: admin.token,
        form: formOf({ title: 'T', content: 'x' }),
      });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: messages.lessonNotFound, code: 'LESSON_NOT_FOUND' });
    }
  });

  it('deletes a sub-lesson and its video', async () => {
    const sub = await createSubLesson(
      server,
      owner,
      lessonId,
      { title: 'Short-lived' },
      {
        field: 'videoUrl',
        name: 'v.mp4',
        data: await videoFile('mp4'),
      },
    );
    expect(fileOnDisk(sub.videoUrl!)).toBe(true);
    const refused = await server.request('DELETE', `/api/sublesson/delete/${sub.id}`, {
      token: otherInstructor.token,
    });
    expect(refused.status).toBe(403);
    const response = await server.request('DELETE', `/api/sublesson/delete/${sub.id}`, {
      token: owner.token,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: messages.subLessonDeleted });
    expect(fileOnDisk(sub.videoUrl!)).toBe(false);
    for (const id of [sub.id, 'nope']) {
      const again = await server.request('DELETE', `/api/sublesson/delete/${id}`, {
        token: admin.token,
      });
      expect(again.status).toBe(404);
      expect(again.body).toEqual({
        error: messages.subLessonNotFound,
        code: 'SUB_LESSON_NOT_FOUND',
      });
    }
  });
});
