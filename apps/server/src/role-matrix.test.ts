import { expect } from 'vitest';
import { createCourse, createLesson, createSubLesson } from './test/content';
import { formOf } from './test/media';
import { describeRoleMatrix } from './test/role-matrix';
import type { MatrixRow, MatrixWorld } from './test/role-matrix';

/**
 * Every endpoint, called as visitor, learner, enrolled learner, instructor (owner and not) and
 * admin; the expected status comes from `can(...)` of contract/abilities.ts. Add a row per new
 * endpoint.
 */

const premiumSubject = (world: MatrixWorld) => ({
  courseType: world.premiumCourse.courseType,
  ownerId: world.premiumCourse.ownerId,
});
const ownedSubject = (world: MatrixWorld) => ({ ownerId: world.users.instructorOwner.id });

/** The body check of the lesson views: content and video only where the rule allows them. */
function premiumLessons(lessons: any[], allowed: boolean) {
  const text = lessons.find((lesson) => lesson.title === 'Premium reading');
  const video = lessons.find((lesson) => lesson.title === 'Premium watching');
  expect(text.content).toBe(allowed ? 'Premium text.' : null);
  expect(text.subLessons[0].content).toBe(allowed ? 'Premium sub-text.' : null);
  expect(video.videoUrl === null).toBe(!allowed);
  expect(text.title).toBe('Premium reading');
}

const get = (world: MatrixWorld, url: string, token?: string) =>
  world.server.request('GET', url, { token });

const rows: MatrixRow[] = [
  // Courses
  {
    endpoint: 'GET /api/course/free',
    action: 'course:read',
    call: (w, token) => get(w, '/api/course/free', token),
  },
  {
    endpoint: 'GET /api/course/all',
    action: 'course:read',
    call: (w, token) => get(w, '/api/course/all', token),
  },
  {
    endpoint: 'GET /api/course/all?mine=true',
    action: 'course:listManaged',
    call: (w, token) => get(w, '/api/course/all?mine=true', token),
  },
  {
    endpoint: 'GET /api/course/premium',
    action: 'course:listPremium',
    call: (w, token) => get(w, '/api/course/premium', token),
  },
  {
    endpoint: 'GET /api/course/single/{premium id}',
    action: 'course:readContent',
    subject: premiumSubject,
    call: (w, token) => get(w, `/api/course/single/${w.premiumCourse.id}`, token),
    body: (response, allowed) => premiumLessons(response.body.data.lessons, allowed),
  },
  {
    endpoint: 'GET /api/course/single/{free id}',
    action: 'course:readContent',
    subject: (w) => ({ courseType: 'free', ownerId: w.freeCourse.ownerId }),
    call: (w, token) => get(w, `/api/course/single/${w.freeCourse.id}`, token),
    body: (response, allowed) => {
      expect(allowed).toBe(true);
      expect(response.body.data.lessons[0].content).toBe('Free text.');
    },
  },
  {
    endpoint: 'POST /api/course/create',
    action: 'course:create',
    success: 201,
    call: (w, token) =>
      w.server.request('POST', '/api/course/create', {
        token,
        form: formOf({ title: 'Matrix course', description: 'Made in the matrix' }),
      }),
  },
  {
    endpoint: 'DELETE /api/course/delete/{id}',
    action: 'course:manage',
    subject: ownedSubject,
    call: async (w, token) => {
      const course = await createCourse(w.server, w.users.instructorOwner, { title: 'Doomed' });
      return w.server.request('DELETE', `/api/course/delete/${course.id}`, { token });
    },
  },
  // Lessons and sub-lessons
  {
    endpoint: 'GET /api/lesson/byCourse/{premium id}',
    action: 'course:readContent',
    subject: premiumSubject,
    call: (w, token) => get(w, `/api/lesson/byCourse/${w.premiumCourse.id}`, token),
    body: (response, allowed) => premiumLessons(response.body.data, allowed),
  },
  {
    endpoint: 'POST /api/lesson/create/{courseId}',
    action: 'course:manage',
    subject: ownedSubject,
    success: 201,
    call: (w, token) =>
      w.server.request('POST', `/api/lesson/create/${w.premiumCourse.id}`, {
        token,
        form: formOf({ title: 'Matrix lesson', content: 'Words.' }),
      }),
  },
  {
    endpoint: 'DELETE /api/lesson/delete/{id}',
    action: 'course:manage',
    subject: ownedSubject,
    call: async (w, token) => {
      const lesson = await createLesson(w.server, w.users.instructorOwner, w.premiumCourse.id);
      return w.server.request('DELETE', `/api/lesson/delete/${lesson.id}`, { token });
    },
  },
  {
    endpoint: 'POST /api/sublesson/create/{lessonId}',
    action: 'course:manage',
    subject: ownedSubject,
    success: 201,
    call: (w, token) =>
      w.server.request('POST', `/api/sublesson/create/${w.premiumTextLesson.id}`, {
        token,
        form: formOf({ title: 'Matrix part', content: 'Words.' }),
      }),
  },
  {
    endpoint: 'DELETE /api/sublesson/delete/{id}',
    action: 'course:manage',
    subject: ownedSubject,
    call: async (w, token) => {
      const sub = await createSubLesson(w.server, w.users.instructorOwner, w.premiumTextLesson.id);
      return w.server.request('DELETE', `/api/sublesson/delete/${sub.id}`, { token });
    },
  },
  // Blogs
  {
    endpoint: 'GET /api/blog/all',
    action: 'blog:read',
    call: (w, token) => get(w, '/api/blog/all', token),
  },
  {
    endpoint: 'GET /api/blog/number',
    action: 'blog:read',
    call: (w, token) => get(w, '/api/blog/number', token),
  },
  {
    endpoint: 'GET /api/blog/single/{id}',
    action: 'blog:read',
    call: (w, token) => get(w, `/api/blog/single/${w.blog.id}`, token),
  },
  {
    endpoint: 'POST /api/blog/create',
    action: 'blog:manage',
    success: 201,
    call: (w, token) =>
      w.server.request('POST', '/api/blog/create', {
        token,
        form: formOf({ title: 'Matrix post', content: 'Words.' }),
      }),
  },
  {
    endpoint: 'DELETE /api/blog/delete/{id}',
    action: 'blog:manage',
    call: async (w, token) => {
      const created = await w.server.request('POST', '/api/blog/create', {
        token: w.users.admin.token,
        form: formOf({ title: 'Doomed post', content: 'Words.' }),
      });
      return w.server.request('DELETE', `/api/blog/delete/${created.body.data.id}`, { token });
    },
  },
];

describeRoleMatrix(rows);
