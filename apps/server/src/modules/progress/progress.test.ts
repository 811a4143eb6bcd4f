import { messages } from '@ishuri/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates, jobs } from '../../db/schema';
import { uuidv7 } from '../../lib/ids';
import { createUser } from '../../test/factories';
import type { TestUser } from '../../test/factories';
import { createCourseWithItems, enrol } from '../../test/learning-factories';
import type { TestCourse } from '../../test/learning-factories';
import { startTestServer } from '../../test/server';
import type { TestServer } from '../../test/server';

let server: TestServer;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createUser(server, { role: 'admin' });
});

afterAll(async () => {
  await server?.close();
});

const upsert = (user: TestUser, courseId: string, lessonId: string, progress: number = 100) =>
  server.request('POST', '/api/progress/upsert', {
    token: user.token,
    body: { courseId, lessonId, progress },
  });

const complete = (user: TestUser, courseId: string, lessonId: string) =>
  server.request('POST', '/api/progress/complete', {
    token: user.token,
    body: { courseId, lessonId },
  });

const certificatesOf = (userId: string) =>
  server.ctx.database.db.select().from(certificates).where(eq(certificates.userId, userId));

describe('completing a premium course item by item', () => {
  let learner: TestUser;
  let course: TestCourse;

  beforeAll(async () => {
    learner = await createUser(server);
    // Lesson 1 with two sub-lessons, lesson 2 alone, lesson 3 with one sub-lesson: six items.
    course = await createCourseWithItems(server, [2, 0, 1], { courseType: 'premium' });
    await enrol(server, learner.id, course.id);
  });

  it('follows the lessons and sub-lessons in order and issues exactly one certificate', async () => {
    const { id, items } = course;
    expect(items).toHaveLength(6);

    const empty = await server.request('GET', `/api/progress/${id}`, { token: learner.token });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ data: [] });

    // Skipping ahead: the second item (a sub-lesson) before the first lesson.
    const early = await complete(learner, id, items[1]!);
    expect(early.status).toBe(409);
    expect(early.body).toEqual({
      error: messages.progressOutOfOrder,
      code: 'PROGRESS_OUT_OF_ORDER',
    });
    // The client's progress value does not make the last item acceptable either.
    const last = await upsert(learner, id, items[5]!, 100);
    expect(last.status).toBe(409);

    const first = await complete(learner, id, items[0]!);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ lessonId: items[0], progress: 100, completed: true });

    // Completing twice is harmless.
    const again = await complete(learner, id, items[0]!);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ lessonId: items[0], progress: 100, completed: true });

    for (const item of items.slice(1, 5)) {
      const response = await upsert(learner, id, item);
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual({
        completed: false,
        record: { lessonId: item, progress: 100, completed: true },
        certificateId: null,
      });
    }
    expect(await certificatesOf(learner.id)).toHaveLength(0);

    const final = await upsert(learner, id, items[5]!);
    expect(final.status).toBe(200);
    expect(final.body.message).toBe(messages.certificateGenerated);
    expect(final.body.data.completed).toBe(true);
    expect(final.body.data.record).toEqual({ lessonId: items[5], progress: 100, completed: true });
    const rows = await certificatesOf(learner.id);
    expect(rows).toHaveLength(1);
    expect(final.body.data.certificateId).toBe(rows[0]!.id);
    expect(rows[0]).toMatchObject({
      courseId: id,
      courseTitle: course.title,
      courseType: 'premium',
      learnerName: `${learner.firstName} ${learner.lastName}`,
    });
    expect(rows[0]!.certificateCode).toMatch(/^ISH-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);

    // Repeating the last item: harmless, not a second completion, no second certificate.
    const repeat = await upsert(learner, id, items[5]!);
    expect(repeat.status).toBe(200);
    expect(repeat.body.data.completed).toBe(false);
    expect(await certificatesOf(learner.id)).toHaveLength(1);
    const queued = await server.ctx.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `certificate:${rows[0]!.id}`));
    expect(queued).toHaveLength(1);

    const records = await server.request('GET', `/api/progress/${id}`, { token: learner.token });
    expect(records.status).toBe(200);
    expect(records.body.data).toEqual(
      items.map((lessonId) => ({ lessonId, progress: 100, completed: true })),
    );

    // The learner's own list shows it.
    const mine = await server.request('GET', '/api/certificate/byUser', { token: learner.token });
    expect(mine.body.data).toHaveLength(1);
    expect(mine.body.data[0]).toMatchObject({
      id: rows[0]!.id,
      course: { title: course.title, courseType: 'premium' },
    });
  });

  it('shows only the caller’s own records', async () => {
    const other = await createUser(server);
    const response = await server.request('GET', `/api/progress/${course.id}`, {
      token: other.token,
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([]);
  });
});

describe('partial progress', () => {
  it('saves how far the learner got, never goes down, and does not unlock the next item', async () => {
    const learner = await createUser(server);
    const course = await createCourseWithItems(server, [0, 0], { courseType: 'free' });
    const [a, b] = course.items as [string, string];

    const partial = await upsert(learner, course.id, a, 40);
    expect(partial.status).toBe(200);
    expect(partial.body.data).toEqual({
      completed: false,
      record: { lessonId: a, progress: 40, completed: false },
      certificateId: null,
    });
    const lower = await upsert(learner, course.id, a, 10);
    expect(lower.body.data.record).toEqual({ lessonId: a, progress: 40, completed: false });
    expect((await upsert(learner, course.id, b)).status).toBe(409);

    expect((await upsert(learner, course.id, a)).body.data.record.completed).toBe(true);
    // A lower value never un-completes an item.
    const after = await upsert(learner, course.id, a, 20);
    expect(after.body.data.record).toEqual({ lessonId: a, progress: 100, completed: true });
  });
});

describe('refusals', () => {
  let learner: TestUser;
  let course: TestCourse;
  let otherCourse: TestCourse;

  beforeAll(async () => {
    learner = await createUser(server);
    course = await createCourseWithItems(server, [1, 0], { courseType: 'premium' });
    otherCourse = await createCourseWithItems(server, [0], { courseType: 'free' });
    await enrol(server, learner.id, course.id);
  });

  it('refuses an item of another course, with a clear sentence', async () => {
    for (const item of [otherCourse.items[0]!, course.items[1]!]) {
      const target = item === course.items[1] ? otherCourse.id : course.id;
      const response = await complete(learner, target, item);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({
        error: messages.itemNotInCourse,
        code: 'ITEM_NOT_IN_COURSE',
      });
    }
  });

  it('refuses an unknown item and an unknown course', async () => {
    const unknownItem = await upsert(learner, course.id, uuidv7());
    expect(unknownItem.status).toBe(404);
    expect(unknownItem.body).toEqual({
      error: messages.progressItemNotFound,
      code: 'ITEM_NOT_FOUND',
    });
    const unknownCourse = await upsert(learner, uuidv7(), course.items[0]!);
    expect(unknownCourse.status).toBe(404);
    expect(unknownCourse.body.code).toBe('COURSE_NOT_FOUND');
    const unknownList = await server.request('GET', `/api/progress/${uuidv7()}`, {
      token: learner.token,
    });
    expect(unknownList.status).toBe(404);
  });

  it('answers 404 (not 500) for ids that are not UUIDs', async () => {
    for (const [courseId, lessonId] of [
      ['not-a-uuid', course.items[0]!],
      [course.id, "1' or '1'='1"],
    ]) {
      const response = await complete(learner, courseId!, lessonId!);
      expect(response.status).toBe(404);
      expect(response.body.error).toBeTruthy();
    }
    const list = await server.request('GET', '/api/progress/123', { token: learner.token });
    expect(list.status).toBe(404);
  });

  it('refuses a premium course the learner is not enrolled in', async () => {
    const stranger = await createUser(server);
    for (const call of [complete, upsert]) {
      const response = await call(stranger, course.id, course.items[0]!);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ error: messages.notEnrolled, code: 'NOT_ENROLLED' });
    }
  });

  it('lets the owner and an admin record progress without enrolment, with no certificate', async () => {
    const owner = await createUser(server, { role: 'instructor' });
    const owned = await createCourseWithItems(server, [0], {
      courseType: 'premium',
      ownerId: owner.id,
    });
    const instructor = await createUser(server, { role: 'instructor' });
    expect((await upsert(instructor, owned.id, owned.items[0]!)).status).toBe(403);
    for (const user of [owner, admin]) {
      const response = await upsert(user, owned.id, owned.items[0]!);
      expect(response.status).toBe(200);
      expect(response.body.data.completed).toBe(true);
      expect(response.body.data.certificateId).toBeNull();
      expect(await certificatesOf(user.id)).toHaveLength(0);
    }
  });

  it('requires a signed-in user and a well-formed body', async () => {
    const visitor = await server.request('POST', '/api/progress/upsert', {
      body: { courseId: course.id, lessonId: course.items[0] },
    });
    expect(visitor.status).toBe(401);
    expect((await server.request('GET', `/api/progress/${course.id}`)).status).toBe(401);

    const missing = await server.request('POST', '/api/progress/complete', {
      token: learner.token,
      body: { courseId: course.id },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.fields.lessonId).toBe(messages.progressIdsRequired);
    const tooMuch = await upsert(learner, course.id, course.items[0]!, 150);
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.fields.progress).toBe(messages.progressValueInvalid);
  });
});

describe('a free course', () => {
  it('accepts progress from any signed-in user and issues no certificate', async () => {
    const learner = await createUser(server);
    const course = await createCourseWithItems(server, [1, 1], { courseType: 'free' });
    const certificateJobs = () =>
      server.ctx.database.db.select().from(jobs).where(eq(jobs.type, 'certificate.issue'));
    const jobsBefore = (await certificateJobs()).length;
    const responses = [];
    for (const item of course.items) responses.push(await upsert(learner, course.id, item));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(responses.map((r) => r.body.data.completed)).toEqual([false, false, false, true]);
    const last = responses.at(-1)!;
    expect(last.body.message).toBe(messages.courseCompleted);
    expect(last.body.data.certificateId).toBeNull();
    expect(await certificatesOf(learner.id)).toHaveLength(0);
    expect(await certificateJobs()).toHaveLength(jobsBefore);
    const mine = await server.request('GET', '/api/certificate/numberByUser', {
      token: learner.token,
    });
    expect(mine.body).toEqual({ data: { count: 0 } });
  });
});

describe('the OpenAPI document', () => {
  it('documents the progress and certificate calls', async () => {
    const response = await server.request('GET', '/api/docs/json');
    expect(response.status).toBe(200);
    const paths = Object.keys(response.body.paths);
    for (const path of [
      '/api/progress/{courseId}',
      '/api/progress/complete',
      '/api/progress/upsert',
      '/api/certificate/all',
      '/api/certificate/byUser',
      '/api/certificate/number',
      '/api/certificate/numberByUser',
      '/api/certificate/download/{id}',
      '/api/certificate/verify/{code}',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
