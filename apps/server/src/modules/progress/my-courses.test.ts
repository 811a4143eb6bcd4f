import { messages } from '@ishuri/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses } from '../../db/schema';
import { createUser } from '../../test/factories';
import type { TestUser } from '../../test/factories';
import { createCourseWithItems, enrol } from '../../test/learning-factories';
import type { TestCourse } from '../../test/learning-factories';
import { formOf } from '../../test/media';
import { startTestServer } from '../../test/server';
import type { TestServer } from '../../test/server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const complete = async (user: TestUser, courseId: string, lessonId: string) => {
  const response = await server.request('POST', '/api/progress/upsert', {
    token: user.token,
    body: { courseId, lessonId, progress: 100 },
  });
  expect(response.status).toBe(200);
  return response;
};

const myCourses = (user: TestUser, query = '') =>
  server.request('GET', `/api/progress/courses${query}`, { token: user.token });

describe('GET /api/progress/courses ("My courses")', () => {
  let learner: TestUser;
  let other: TestUser;
  let started: TestCourse;
  let enrolledOnly: TestCourse;
  let finished: TestCourse;
  let untouched: TestCourse;
  let certificateId: string;

  beforeAll(async () => {
    learner = await createUser(server);
    other = await createUser(server);
    // Two lessons with one sub-lesson each: four items.
    started = await createCourseWithItems(server, [1, 1], {
      title: 'Started free course',
      courseType: 'free',
    });
    enrolledOnly = await createCourseWithItems(server, [1], {
      title: 'Enrolled premium course',
      courseType: 'premium',
    });
    finished = await createCourseWithItems(server, [0], {
      title: 'Finished premium course',
      courseType: 'premium',
    });
    untouched = await createCourseWithItems(server, [0], {
      title: 'Untouched course',
      courseType: 'free',
    });

    // Activity, oldest first: the enrolment, the free course's first item, the finished course.
    await enrol(server, learner.id, enrolledOnly.id);
    await sleep(10);
    await complete(learner, started.id, started.items[0]!);
    await sleep(10);
    await enrol(server, learner.id, finished.id);
    const last = await complete(learner, finished.id, finished.items[0]!);
    certificateId = last.body.data.certificateId;
    expect(certificateId).toEqual(expect.any(String));
    // Another learner's progress is theirs alone.
    await complete(other, untouched.id, untouched.items[0]!);
  });

  it('lists every course started or enrolled in, most recently active first, with where the learner is', async () => {
    const response = await myCourses(learner);
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(3);
    expect(response.body.page).toBe(1);
    expect(response.body.pageSize).toBe(10);
    const rows = response.body.data as Array<Record<string, any>>;
    expect(rows.map((row) => row.course.title)).toEqual([
      'Finished premium course',
      'Started free course',
      'Enrolled premium course',
    ]);
    const [done, midway, notYet] = rows;

    expect(done).toMatchObject({
      enrolled: true,
      totalItems: 1,
      completedItems: 1,
      percent: 100,
      completed: true,
      nextItem: null,
      certificate: { id: certificateId, certificateCode: expect.stringMatching(/^ISH-/) },
    });
    expect(midway).toMatchObject({
      enrolled: false,
      totalItems: 4,
      completedItems: 1,
      percent: 25,
      completed: false,
      // The first lesson's sub-lesson comes next (learning order, not creation order).
      nextItem: { id: started.items[1], title: 'Sub-lesson at 1', contentType: 'text' },
      certificate: null,
    });
    expect(notYet).toMatchObject({
      enrolled: true,
      totalItems: 2,
      completedItems: 0,
      percent: 0,
      completed: false,
      nextItem: { id: enrolledOnly.items[0], title: 'Lesson at 10', contentType: 'text' },
      certificate: null,
    });
    expect(Object.keys(midway!.course).sort()).toEqual(
      ['courseType', 'createdAt', 'description', 'id', 'imageUrl', 'published', 'title'].sort(),
    );
    expect(Date.parse(done!.lastActivityAt)).toBeGreaterThan(Date.parse(notYet!.lastActivityAt));
  });

  it('is the caller’s own: another learner sees only theirs', async () => {
    const response = await myCourses(other);
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(1);
    expect(response.body.data.map((row: any) => row.course.title)).toEqual(['Untouched course']);
  });

  it('always pages, and says how many there are past the end', async () => {
    const first = await myCourses(learner, '?pageSize=2');
    expect(first.body).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(first.body.data.map((row: any) => row.course.title)).toEqual([
      'Finished premium course',
      'Started free course',
    ]);
    const second = await myCourses(learner, '?pageSize=2&page=2');
    expect(second.body.data.map((row: any) => row.course.title)).toEqual([
      'Enrolled premium course',
    ]);
    const beyond = await myCourses(learner, '?pageSize=2&page=9');
    expect(beyond.status).toBe(200);
    expect(beyond.body).toEqual({ data: [], total: 3, page: 9, pageSize: 2 });
    for (const bad of ['?pageSize=0', '?pageSize=101', '?page=0', '?page=x']) {
      expect((await myCourses(learner, bad)).status).toBe(400);
    }
  });

  it('needs a signed-in caller', async () => {
    const response = await server.request('GET', '/api/progress/courses');
    expect(response.status).toBe(401);
  });

  it('keeps a course put back to draft for its learners, marked, with their progress; its read says "being updated" to them only', async () => {
    const admin = await createUser(server, { role: 'admin' });
    const enrolledLearner = await createUser(server);
    const startedOnly = await createUser(server);
    const stranger = await createUser(server);
    const course = await createCourseWithItems(server, [0, 0], {
      title: 'Being reworked',
      courseType: 'free',
    });
    await enrol(server, enrolledLearner.id, course.id);
    await complete(enrolledLearner, course.id, course.items[0]!);
    // Progress without an enrolment (a free course) makes it theirs too.
    await complete(startedOnly, course.id, course.items[0]!);
    const publish = async (published: 'true' | 'false') => {
      const response = await server.request('PUT', `/api/course/update/${course.id}`, {
        token: admin.token,
        form: formOf({ published }),
      });
      expect(response.status, response.text).toBe(200);
    };
    const single = (id: string, user?: TestUser) =>
      server.request('GET', `/api/course/single/${id}`, user ? { token: user.token } : {});

    await publish('false');
    for (const learnerOf of [enrolledLearner, startedOnly]) {
      const mine = await myCourses(learnerOf);
      expect(mine.status).toBe(200);
      expect(mine.body.total).toBe(1);
      expect(mine.body.data[0]).toMatchObject({
        course: { id: course.id, title: 'Being reworked', published: false },
        enrolled: learnerOf === enrolledLearner,
        totalItems: 2,
        completedItems: 1,
        percent: 50,
      });
      // In any letter case: "being updated", and nothing of the course.
      for (const id of [course.id, course.id.toUpperCase()]) {
        const read = await single(id, learnerOf);
        expect(read.status).toBe(403);
        expect(read.body).toEqual({
          error: messages.courseBeingUpdated,
          code: 'COURSE_BEING_UPDATED',
        });
      }
    }
    // Anyone else: no such course (a draft does not leak).
    expect((await myCourses(stranger)).body.total).toBe(0);
    for (const user of [stranger, undefined]) {
      const read = await single(course.id, user);
      expect(read.status).toBe(404);
      expect(read.body.code).toBe('COURSE_NOT_FOUND');
    }

    // Published again: the same progress, the course readable.
    await publish('true');
    const back = await myCourses(enrolledLearner);
    expect(back.body.data[0]).toMatchObject({
      course: { id: course.id, published: true },
      completedItems: 1,
    });
    expect((await single(course.id, enrolledLearner)).status).toBe(200);
  });

  it('forgets a deleted course', async () => {
    const learnerOfDeleted = await createUser(server);
    const doomed = await createCourseWithItems(server, [0], {
      title: 'Soon gone',
      courseType: 'free',
    });
    await complete(learnerOfDeleted, doomed.id, doomed.items[0]!);
    expect((await myCourses(learnerOfDeleted)).body.total).toBe(1);
    await server.ctx.database.db.delete(courses).where(eq(courses.id, doomed.id));
    expect((await myCourses(learnerOfDeleted)).body).toEqual({
      data: [],
      total: 0,
      page: 1,
      pageSize: 10,
    });
  });
});
