import { messages } from '@ishuri/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, premiumPasses } from '../../db/schema';
import { uuidv7 } from '../../lib/ids';
import { createUser as createTestUser } from '../../test/factories';
import type { TestUser } from '../../test/factories';
import { startTestServer } from '../../test/server';
import type { TestServer } from '../../test/server';

/**
 * The users of these tests hold a Premium pass (issue 33: enrolling in a premium course needs
 * one; premium.test.ts tests the refusal).
 */
async function createUser(on: TestServer, values: Parameters<typeof createTestUser>[1] = {}) {
  const user = await createTestUser(on, values);
  const now = Date.now();
  await on.ctx.database.db.insert(premiumPasses).values({
    userId: user.id,
    startsAt: new Date(now - 60_000),
    endsAt: new Date(now + 30 * 24 * 60 * 60 * 1000),
  });
  return user;
}

let server: TestServer;
let admin: TestUser;
let instructor: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createUser(server, { role: 'admin' });
  instructor = await createUser(server, { role: 'instructor' });
});

afterAll(async () => {
  await server?.close();
});

async function createCourse(courseType: 'free' | 'premium' = 'free') {
  const [row] = await server.ctx.database.db
    .insert(courses)
    .values({
      id: uuidv7(),
      title: `Course ${Math.random().toString(36).slice(2, 8)}`,
      description: 'A course for the enrolment tests.',
      courseType,
      ownerId: instructor.id,
    })
    .returning();
  return row!;
}

describe('POST /api/enroll/create/:courseId', () => {
  it('enrols the first time with 201 and answers 200 the second time, without a duplicate', async () => {
    const learner = await createUser(server);
    const course = await createCourse('premium');
    const first = await server.request('POST', `/api/enroll/create/${course.id}`, {
      token: learner.token,
    });
    expect(first.status).toBe(201);
    expect(first.body.message).toBe(messages.enrolled);
    expect(first.body.data).toMatchObject({ courseId: course.id, userId: learner.id });
    expect(new Date(first.body.data.createdAt).toISOString()).toBe(first.body.data.createdAt);

    const again = await server.request('POST', `/api/enroll/create/${course.id}`, {
      token: learner.token,
    });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);

    const mine = await server.request('GET', '/api/enroll/byUser', { token: learner.token });
    expect(mine.body.data).toEqual([first.body.data]);
    const length = await server.request('GET', '/api/enroll/length', { token: learner.token });
    expect(length.body).toEqual({ data: { count: 1 } });
  });

  it('accepts an empty JSON body, as the web app sends it', async () => {
    const learner = await createUser(server);
    const course = await createCourse();
    const response = await server.request('POST', `/api/enroll/create/${course.id}`, {
      token: learner.token,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(201);
  });

  it('lets every signed-in role enrol in a free or a premium course', async () => {
    const free = await createCourse('free');
    const premium = await createCourse('premium');
    for (const role of ['learner', 'instructor', 'admin'] as const) {
      const user = await createUser(server, { role });
      for (const course of [free, premium]) {
        const response = await server.request('POST', `/api/enroll/create/${course.id}`, {
          token: user.token,
        });
        expect(response.status, `${role} in ${course.courseType}`).toBe(201);
      }
    }
  });

  it('answers 404 for an unknown course and for an id that is not a UUID', async () => {
    const learner = await createUser(server);
    for (const id of [uuidv7(), 'not-a-uuid', '1', "1' or '1'='1"]) {
      const response = await server.request(
        'POST',
        `/api/enroll/create/${encodeURIComponent(id)}`,
        { token: learner.token },
      );
      expect(response.status, id).toBe(404);
      expect(response.body).toEqual({ error: messages.courseNotFound, code: 'COURSE_NOT_FOUND' });
    }
    const length = await server.request('GET', '/api/enroll/length', { token: learner.token });
    expect(length.body.data.count).toBe(0);
  });

  it('gives two concurrent enrolments of one learner in one course a single row', async () => {
    const learner = await createUser(server);
    const course = await createCourse();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        server.request('POST', `/api/enroll/create/${course.id}`, { token: learner.token }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 201]);
    const mine = await server.request('GET', '/api/enroll/byUser', { token: learner.token });
    expect(mine.body.data).toHaveLength(1);
  });
});

describe('own lists and counts', () => {
  it('shows each user only their own enrolments, newest first', async () => {
    const a = await createUser(server);
    const b = await createUser(server);
    const c1 = await createCourse();
    const c2 = await createCourse('premium');
    await server.request('POST', `/api/enroll/create/${c1.id}`, { token: a.token });
    await server.request('POST', `/api/enroll/create/${c2.id}`, { token: a.token });
    await server.request('POST', `/api/enroll/create/${c2.id}`, { token: b.token });

    const mineA = await server.request('GET', '/api/enroll/byUser', { token: a.token });
    expect(mineA.status).toBe(200);
    expect(mineA.body.data.map((e: any) => e.courseId)).toEqual([c2.id, c1.id]);
    expect(mineA.body.data.every((e: any) => e.userId === a.id)).toBe(true);
    expect(Object.keys(mineA.body.data[0]).sort()).toEqual(['courseId', 'createdAt', 'userId']);

    const mineB = await server.request('GET', '/api/enroll/byUser', { token: b.token });
    expect(mineB.body.data).toEqual([expect.objectContaining({ courseId: c2.id, userId: b.id })]);
    expect(
      (await server.request('GET', '/api/enroll/length', { token: a.token })).body.data.count,
    ).toBe(2);
    expect(
      (await server.request('GET', '/api/enroll/length', { token: b.token })).body.data.count,
    ).toBe(1);
  });

  it('answers only the named courses with courseIds, in any letter case', async () => {
    const learner = await createUser(server);
    const other = await createUser(server);
    const [c1, c2, c3] = [
      await createCourse(),
      await createCourse('premium'),
      await createCourse(),
    ];
    for (const course of [c1, c2, c3]) {
      await server.request('POST', `/api/enroll/create/${course.id}`, { token: learner.token });
    }
    await server.request('POST', `/api/enroll/create/${c1.id}`, { token: other.token });
    const only = async (courseIds: string, token = learner.token) => {
      const response = await server.request(
        'GET',
        `/api/enroll/byUser?courseIds=${encodeURIComponent(courseIds)}`,
        { token },
      );
      expect(response.status, response.text).toBe(200);
      return response.body.data.map((e: any) => e.courseId);
    };
    expect(await only(`${c1.id},${c3.id}`)).toEqual([c3.id, c1.id]);
    expect(await only(c2.id.toUpperCase())).toEqual([c2.id]);
    // Another user's enrolment in a named course is not the caller's.
    expect(await only(`${c2.id},${c3.id}`, other.token)).toEqual([]);
    // A course never enrolled in, or unknown, is simply not in the answer.
    expect(await only(uuidv7())).toEqual([]);
  });

  it.each([
    ['not an id', 'nope'],
    ['an empty item', ','],
    ['101 ids', Array.from({ length: 101 }, () => uuidv7()).join(',')],
  ])('refuses courseIds with %s (400, with the rule)', async (_, courseIds) => {
    const learner = await createUser(server);
    const response = await server.request(
      'GET',
      `/api/enroll/byUser?courseIds=${encodeURIComponent(courseIds)}`,
      { token: learner.token },
    );
    expect(response.status).toBe(400);
    expect(response.text).toContain('at most 100 course ids');
  });

  it('counts every enrolment for the admin, and drops a deleted course’s enrolments', async () => {
    const before = await server.request('GET', '/api/enroll/number', { token: admin.token });
    expect(before.status).toBe(200);
    const learner = await createUser(server);
    const course = await createCourse();
    await server.request('POST', `/api/enroll/create/${course.id}`, { token: learner.token });
    const after = await server.request('GET', '/api/enroll/number', { token: admin.token });
    expect(after.body).toEqual({ data: { count: before.body.data.count + 1 } });

    await server.ctx.database.db.delete(courses).where(eq(courses.id, course.id));
    const afterDelete = await server.request('GET', '/api/enroll/number', { token: admin.token });
    expect(afterDelete.body.data.count).toBe(before.body.data.count);
    const again = await server.request('POST', `/api/enroll/create/${course.id}`, {
      token: learner.token,
    });
    expect(again.status).toBe(404);
  });
});

describe('OpenAPI document', () => {
  it('documents every endpoint of this module', async () => {
    const doc = await server.request('GET', '/api/docs/json');
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/enroll/create/{courseId}',
        '/api/enroll/byUser',
        '/api/enroll/number',
        '/api/enroll/length',
      ]),
    );
  });
});

describe('role matrix (decisions.md §3)', () => {
  const roles = ['visitor', 'learner', 'instructor', 'admin'] as const;

  it('answers each endpoint as the spec says, for visitor, learner, instructor and admin', async () => {
    const course = await createCourse('premium');
    // decisions.md §3: every signed-in role enrols and reads its own enrolments; only admins
    // count everyone's. Statuses by role, in the order of `roles`.
    const table: { method: string; url: string; statuses: number[] }[] = [
      { method: 'POST', url: `/api/enroll/create/${course.id}`, statuses: [401, 201, 201, 201] },
      { method: 'GET', url: '/api/enroll/byUser', statuses: [401, 200, 200, 200] },
      { method: 'GET', url: '/api/enroll/length', statuses: [401, 200, 200, 200] },
      { method: 'GET', url: '/api/enroll/number', statuses: [401, 403, 403, 200] },
    ];
    const codes: Record<number, string> = { 401: 'UNAUTHENTICATED', 403: 'FORBIDDEN' };
    for (const [index, role] of roles.entries()) {
      const user = role === 'visitor' ? null : await createUser(server, { role });
      for (const endpoint of table) {
        const response = await server.request(endpoint.method, endpoint.url, {
          token: user?.token,
        });
        const expected = endpoint.statuses[index]!;
        expect(response.status, `${role} ${endpoint.method} ${endpoint.url}`).toBe(expected);
        if (codes[expected]) expect(response.body.code).toBe(codes[expected]);
      }
    }
  });

  it('refuses a bad or expired token with 401', async () => {
    const response = await server.request('GET', '/api/enroll/byUser', { token: 'nonsense' });
    expect(response.status).toBe(401);
  });
});
