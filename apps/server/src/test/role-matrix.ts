import type { Blog, Course, Lesson, SubLesson } from '@ishuri/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETUP_TIMEOUT, createCourse, createLesson, createSubLesson, enrol } from './content';
import { createUser } from './factories';
import type { TestUser } from './factories';
import { formOf, pngImage, videoFile } from './media';
import { startTestServer } from './server';
import type { ApiResponse, TestServer } from './server';
import { startSmtp } from './smtp';
import type { TestSmtp } from './smtp';

/**
 * The role matrix harness. The test file writes, for every endpoint, the status each caller must
 * get as a literal table (decisions.md §3 for who may do what, §1 for the statuses); the harness
 * calls every row as every caller and compares. Nothing here asks the code under test (the
 * contract's `can()`, the route guards) what the answer should be.
 */

/** The callers, in the order of the table's columns. */
export const matrixRoles = [
  'visitor',
  'learner',
  'enrolledLearner',
  'instructorOwner',
  'instructorOther',
  'admin',
] as const;
export type MatrixRole = (typeof matrixRoles)[number];
export type SignedInRole = Exclude<MatrixRole, 'visitor'>;

/** One expected status per caller, in the order of `matrixRoles`. */
export type Statuses = readonly [number, number, number, number, number, number];
/** One yes/no per caller, in the order of `matrixRoles`. */
export type PerCaller = readonly [boolean, boolean, boolean, boolean, boolean, boolean];

/** What every row can use: one server, a user per role, and content owned by `instructorOwner`. */
export interface MatrixWorld {
  server: TestServer;
  /** The server's mail goes here (sign-in codes, reset links). */
  smtp: TestSmtp;
  users: Record<SignedInRole, TestUser>;
  /** Both owned by `instructorOwner`; `enrolledLearner` is enrolled in both. */
  freeCourse: Course;
  premiumCourse: Course;
  /** The free course's first (and only) lesson, a text lesson. */
  freeLesson: Lesson;
  /** A text lesson (with a text sub-lesson) and a video lesson of the premium course. */
  premiumTextLesson: Lesson;
  premiumSubLesson: SubLesson;
  premiumVideoLesson: Lesson;
  /** A free course's only item: a quiz of one question (choice `yes` is right). */
  quizLesson: Lesson;
  /** A post by the admin, with an image. */
  blog: Blog;
}

/**
 * Calls the endpoint as one caller: `token` is the caller's (undefined for the visitor). Calls
 * that change or use up something make their own fresh target each time.
 */
export type MatrixCall = (
  world: MatrixWorld,
  token: string | undefined,
  role: MatrixRole,
) => Promise<ApiResponse<any>>;

/**
 * For rows that answer 200 to everyone but whose body depends on the caller (premium content):
 * `seen` says, per caller, whether the protected part must be in the body.
 */
export interface BodyCheck {
  seen: PerCaller;
  check: (response: ApiResponse<any>, seen: boolean) => void;
}

export interface MatrixTable<K extends string> {
  /** Row name → the status each caller gets. The name is `METHOD /path` (+ ` (case)`). */
  statuses: Record<K, Statuses>;
  /** Row name → how to call it. */
  calls: Record<K, MatrixCall>;
  bodies?: Partial<Record<K, BodyCheck>>;
  /**
   * Routes under /api that need no row (none today; the documentation pages but
   * /api/docs/json are left out). Every other route must have at least one row, so that a new
   * endpoint cannot be forgotten.
   */
  exempt?: string[];
}

export function tokenOf(world: MatrixWorld, role: MatrixRole): string | undefined {
  return role === 'visitor' ? undefined : world.users[role].token;
}

/** `GET /api/course/single/:id (premium course)` → `GET /api/course/single/:id`. */
export function routeOf(rowName: string): string {
  return rowName.replace(/ \(.*\)$/, '').replace(/\?.*$/, '');
}

export async function buildWorld(): Promise<MatrixWorld> {
  const smtp = await startSmtp();
  const server = await startTestServer({ smtpUrl: smtp.url });
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
  const freeLesson = await createLesson(server, instructorOwner, freeCourse.id, {
    title: 'Free reading',
    content: 'Free text.',
  });
  const quizCourse = await createCourse(server, instructorOwner, { title: 'Quiz course' });
  const quizLesson = await createLesson(server, instructorOwner, quizCourse.id, {
    title: 'A check',
    contentType: 'quiz',
    quiz: JSON.stringify({
      questions: [
        {
          id: 'q',
          kind: 'trueFalse',
          prompt: 'Is this a quiz?',
          choices: [
            { id: 'yes', text: 'True', correct: true },
            { id: 'no', text: 'False', correct: false },
          ],
        },
      ],
    }),
  });
  await enrol(server, enrolledLearner.id, freeCourse.id);
  await enrol(server, enrolledLearner.id, premiumCourse.id);
  const blogResponse = await server.request('POST', '/api/blog/create', {
    token: admin.token,
    form: formOf(
      { title: 'A post', content: 'Its words.' },
      { field: 'imageUrl', name: 'p.png', type: 'image/png', data: await pngImage(64, 32) },
    ),
  });
  expect(blogResponse.status, blogResponse.text).toBe(201);
  return {
    server,
    smtp,
    users,
    freeCourse,
    premiumCourse,
    freeLesson,
    premiumTextLesson,
    premiumSubLesson,
    premiumVideoLesson,
    quizLesson,
    blog: blogResponse.body.data,
  };
}

/**
 * `METHOD /path` of every route under /api (but the documentation pages), read from Fastify's
 * route tree: each line is a path segment, indented 4 characters per level under its parent.
 */
export function apiRoutes(tree: string): string[] {
  const parents: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (.*) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (parents[depth - 1] ?? '') + match[2];
    parents[depth] = path;
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const method of match[3]!.split(', ')) {
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.push(`${method} ${path}`);
    }
  }
  return routes;
}

/** One `describe` per row, one test per caller, on one shared world; then the coverage check. */
export function describeRoleMatrix<K extends string>(table: MatrixTable<K>): void {
  let world: MatrixWorld;
  beforeAll(async () => {
    world = await buildWorld();
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    await world?.server.close();
    await world?.smtp.close();
  });

  const names = Object.keys(table.statuses) as K[];
  for (const name of names) {
    describe(name, () => {
      matrixRoles.forEach((role, column) => {
        it(`as ${role}`, async () => {
          const expected = table.statuses[name][column]!;
          const response = await table.calls[name](world, tokenOf(world, role), role);
          expect(response.status, `${name} as ${role}: ${response.text.slice(0, 300)}`).toBe(
            expected,
          );
          if (expected >= 400) {
            expect(response.body).toMatchObject({
              error: expect.any(String),
              code: expect.any(String),
            });
          }
          const body = table.bodies?.[name];
          if (body) body.check(response, body.seen[column]!);
        });
      });
    });
  }

  it('has a row for every route of the API', () => {
    const covered = new Set(names.map(routeOf));
    const exempt = new Set(table.exempt ?? []);
    const routes = apiRoutes(world.server.app.printRoutes({ commonPrefix: false }));
    // The tree shares prefixes (`/api/certificate/number` → `ByUser`): the reading must join them.
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /api/health',
        'GET /api/certificate/numberByUser',
        'GET /api/sub/subscribers',
        'DELETE /api/sub/unsubscribe/:email',
      ]),
    );
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((route) => !covered.has(route) && !exempt.has(route))).toEqual([]);
  });
}
