import { can } from '@ishuri/contract';
import type { Action, Actor, Blog, Course, Lesson, Subject, SubLesson } from '@ishuri/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse, createLesson, createSubLesson, enrol } from './content';
import { createUser } from './factories';
import type { TestUser } from './factories';
import { formOf, videoFile } from './media';
import { startTestServer } from './server';
import type { ApiResponse, TestServer } from './server';

/**
 * The role matrix harness: every row of the table is called as each role, and the status it
 * answers is checked against `can(actor, action, subject)` of contract/abilities.ts: allowed →
 * the row's success status; refused → 401 for a visitor, 403 for a signed-in user. Rows whose
 * call always succeeds but whose body depends on the rule (premium content) check the body.
 */
export const matrixRoles = [
  'visitor',
  'learner',
  'enrolledLearner',
  'instructorOwner',
  'instructorOther',
  'admin',
] as const;
export type MatrixRole = (typeof matrixRoles)[number];
type SignedInRole = Exclude<MatrixRole, 'visitor'>;

/** What every row can use: one server, a user per role, and content owned by `instructorOwner`. */
export interface MatrixWorld {
  server: TestServer;
  users: Record<SignedInRole, TestUser>;
  /** Both owned by `instructorOwner`; `enrolledLearner` is enrolled in both. */
  freeCourse: Course;
  premiumCourse: Course;
  /** A text lesson (with a text sub-lesson) and a video lesson of the premium course. */
  premiumTextLesson: Lesson;
  premiumSubLesson: SubLesson;
  premiumVideoLesson: Lesson;
  blog: Blog;
}

export interface MatrixRow {
  /** `METHOD /path`, as product.md §7 names it. */
  endpoint: string;
  action: Action;
  /** What the action is about; `enrolled` is added for the enrolled learner. */
  subject?: (world: MatrixWorld) => Subject;
  /** Calls the endpoint with the role's token (a fresh target where the call changes data). */
  call: (
    world: MatrixWorld,
    token: string | undefined,
    role: MatrixRole,
  ) => Promise<ApiResponse<any>>;
  /** The status when allowed (200 unless said). */
  success?: number;
  /**
   * For calls that answer `success` to everyone and let the rule decide what the body holds:
   * checks the body for the given outcome instead of the status.
   */
  body?: (response: ApiResponse<any>, allowed: boolean, world: MatrixWorld) => void;
}

export function actorOf(world: MatrixWorld, role: MatrixRole): Actor | null {
  if (role === 'visitor') return null;
  const user = world.users[role];
  return { id: user.id, role: user.role };
}

export function tokenOf(world: MatrixWorld, role: MatrixRole): string | undefined {
  return role === 'visitor' ? undefined : world.users[role].token;
}

export function isAllowed(row: MatrixRow, world: MatrixWorld, role: MatrixRole): boolean {
  const subject = { ...row.subject?.(world), enrolled: role === 'enrolledLearner' };
  return can(actorOf(world, role), row.action, subject);
}

export function expectedStatus(row: MatrixRow, world: MatrixWorld, role: MatrixRole): number {
  const success = row.success ?? 200;
  if (row.body || isAllowed(row, world, role)) return success;
  return role === 'visitor' ? 401 : 403;
}

export async function buildWorld(): Promise<MatrixWorld> {
  const server = await startTestServer();
  const [learner, enrolledLearner, instructorOwner, instructorOther, admin] = await Promise.all([
    createUser(server, { role: 'learner', firstName: 'Learner' }),
    createUser(server, { role: 'learner', firstName: 'Enrolled' }),
    createUser(server, { role: 'instructor', firstName: 'Owner' }),
    createUser(server, { role: 'instructor', firstName: 'Other' }),
    createUser(server, { role: 'admin', firstName: 'Admin' }),
  ]);
  const users = { learner, enrolledLearner, instructorOwner, instructorOther, admin };
  const freeCourse = await createCourse(server, instructorOwner, { title: 'Free course' });
  const premiumCourse = await createCourse(server, instructorOwner, {
    title: 'Premium course',
    courseType: 'premium',
  });
  const premiumTextLesson = await createLesson(server, instructorOwner, premiumCourse.id, {
    title: 'Premium reading',
    content: 'Premium text.',
  });
  const premiumSubLesson = await createSubLesson(server, instructorOwner, premiumTextLesson.id, {
    title: 'Premium part',
    content: 'Premium sub-text.',
  });
  const premiumVideoLesson = await createLesson(
    server,
    instructorOwner,
    premiumCourse.id,
    { title: 'Premium watching' },
    { field: 'videoUrl', name: 'v.mp4', data: await videoFile('mp4') },
  );
  await createLesson(server, instructorOwner, freeCourse.id, {
    title: 'Free reading',
    content: 'Free text.',
  });
  await enrol(server, enrolledLearner.id, freeCourse.id);
  await enrol(server, enrolledLearner.id, premiumCourse.id);
  const blogResponse = await server.request('POST', '/api/blog/create', {
    token: admin.token,
    form: formOf({ title: 'A post', content: 'Its words.' }),
  });
  expect(blogResponse.status).toBe(201);
  return {
    server,
    users,
    freeCourse,
    premiumCourse,
    premiumTextLesson,
    premiumSubLesson,
    premiumVideoLesson,
    blog: blogResponse.body.data,
  };
}

/** One `describe` per row, one test per role, on one shared world. */
export function describeRoleMatrix(rows: MatrixRow[]): void {
  let world: MatrixWorld;
  beforeAll(async () => {
    world = await buildWorld();
  });
  afterAll(async () => {
    await world?.server.close();
  });
  for (const row of rows) {
    describe(row.endpoint, () => {
      for (const role of matrixRoles) {
        it(`as ${role}`, async () => {
          const response = await row.call(world, tokenOf(world, role), role);
          const expected = expectedStatus(row, world, role);
          expect(response.status, `${row.endpoint} as ${role}: ${response.text}`).toBe(expected);
          if (expected >= 400) {
            expect(response.body).toMatchObject({
              error: expect.any(String),
              code: expect.any(String),
            });
          }
          row.body?.(response, isAllowed(row, world, role), world);
        });
      }
    });
  }
}
