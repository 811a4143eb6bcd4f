import { expect } from 'vitest';
import { certificates, contactMessages, subscribers } from './db/schema';
import { uuidv7 } from './lib/ids';
import { generateCertificateCode } from './modules/certificates/certificates.service';
import { createCourse, createLesson, createSubLesson } from './test/content';
import { formOf } from './test/media';
import { createUser } from './test/factories';
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

let serial = 0;

/** A contact message written straight to the database (the public form is rate-limited). */
async function contactMessage(world: MatrixWorld): Promise<string> {
  const id = uuidv7();
  await world.server.ctx.database.db.insert(contactMessages).values({
    id,
    fullName: 'Matrix Sender',
    email: 'sender@example.rw',
    subject: 'Hello',
    message: 'A question.',
  });
  return id;
}

async function subscriber(world: MatrixWorld): Promise<string> {
  const email = `matrix${++serial}@example.rw`;
  await world.server.ctx.database.db.insert(subscribers).values({ id: uuidv7(), email });
  return email;
}

/** The enrolled learner's certificate for the premium course, made once per world. */
const certificateOfWorld = new WeakMap<MatrixWorld, Promise<{ id: string; code: string }>>();
function learnerCertificate(world: MatrixWorld) {
  let made = certificateOfWorld.get(world);
  if (!made) {
    made = (async () => {
      const id = uuidv7();
      const code = generateCertificateCode();
      await world.server.ctx.database.db.insert(certificates).values({
        id,
        certificateCode: code,
        userId: world.users.enrolledLearner.id,
        courseId: world.premiumCourse.id,
        learnerName: 'Enrolled Learner',
        courseTitle: world.premiumCourse.title,
        courseType: 'premium',
      });
      return { id, code };
    })();
    certificateOfWorld.set(world, made);
  }
  return made;
}

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
  // Users
  {
    endpoint: 'GET /api/user/profile',
    action: 'user:readSelf',
    call: (w, token) => get(w, '/api/user/profile', token),
  },
  {
    endpoint: "PUT /api/user/update/{a learner's id}",
    action: 'user:update',
    subject: (w) => ({ userId: w.users.learner.id }),
    call: (w, token) =>
      w.server.request('PUT', `/api/user/update/${w.users.learner.id}`, {
        token,
        body: {
          firstName: w.users.learner.firstName,
          lastName: w.users.learner.lastName,
          email: w.users.learner.email,
        },
      }),
  },
  {
    endpoint: 'GET /api/user/all',
    action: 'user:list',
    call: (w, token) => get(w, '/api/user/all', token),
  },
  {
    endpoint: 'DELETE /api/user/delete/{id}',
    action: 'user:delete',
    call: async (w, token) => {
      const doomed = await createUser(w.server);
      return w.server.request('DELETE', `/api/user/delete/${doomed.id}`, { token });
    },
  },
  // Enrolments
  {
    endpoint: 'POST /api/enroll/create/{courseId}',
    action: 'enrolment:create',
    success: 201,
    call: async (w, token) => {
      const course = await createCourse(w.server, w.users.instructorOwner, {
        title: `Enrol ${++serial}`,
        courseType: 'premium',
      });
      return w.server.request('POST', `/api/enroll/create/${course.id}`, { token });
    },
  },
  {
    endpoint: 'GET /api/enroll/byUser',
    action: 'enrolment:readOwn',
    call: (w, token) => get(w, '/api/enroll/byUser', token),
  },
  {
    endpoint: 'GET /api/enroll/length',
    action: 'enrolment:readOwn',
    call: (w, token) => get(w, '/api/enroll/length', token),
  },
  {
    endpoint: 'GET /api/enroll/number',
    action: 'enrolment:countAll',
    call: (w, token) => get(w, '/api/enroll/number', token),
  },
  // Contact messages
  {
    endpoint: 'POST /api/contact/send',
    action: 'contact:send',
    call: (w, token) =>
      w.server.request('POST', '/api/contact/send', {
        token,
        body: {
          FullName: 'Matrix Sender',
          email: `sender${++serial}@example.rw`,
          subject: 'Hello',
          message: 'A question.',
        },
      }),
  },
  {
    endpoint: 'GET /api/contact/all',
    action: 'contact:manage',
    call: (w, token) => get(w, '/api/contact/all', token),
  },
  {
    endpoint: 'GET /api/contact/single/{id}',
    action: 'contact:manage',
    call: async (w, token) => get(w, `/api/contact/single/${await contactMessage(w)}`, token),
  },
  {
    endpoint: 'DELETE /api/contact/delete/{id}',
    action: 'contact:manage',
    call: async (w, token) =>
      w.server.request('DELETE', `/api/contact/delete/${await contactMessage(w)}`, { token }),
  },
  // Subscribers
  {
    endpoint: 'POST /api/sub/subscribe',
    action: 'subscriber:subscribe',
    call: (w, token) =>
      w.server.request('POST', '/api/sub/subscribe', {
        token,
        body: { email: `reader${++serial}@example.rw` },
      }),
  },
  {
    endpoint: 'GET /api/sub/subscribers',
    action: 'subscriber:manage',
    call: (w, token) => get(w, '/api/sub/subscribers', token),
  },
  {
    endpoint: 'DELETE /api/sub/unsubscribe/{email}',
    action: 'subscriber:manage',
    call: async (w, token) =>
      w.server.request('DELETE', `/api/sub/unsubscribe/${await subscriber(w)}`, { token }),
  },
  // Progress
  {
    endpoint: 'GET /api/progress/{courseId}',
    action: 'progress:readOwn',
    call: (w, token) => get(w, `/api/progress/${w.premiumCourse.id}`, token),
  },
  {
    endpoint: 'POST /api/progress/complete (free course)',
    action: 'progress:write',
    subject: (w) => ({ courseType: 'free', ownerId: w.freeCourse.ownerId }),
    call: async (w, token) => {
      const lessons = await get(w, `/api/lesson/byCourse/${w.freeCourse.id}`);
      return w.server.request('POST', '/api/progress/complete', {
        token,
        body: { courseId: w.freeCourse.id, lessonId: lessons.body.data[0].id },
      });
    },
  },
  {
    endpoint: 'POST /api/progress/upsert (premium course)',
    action: 'progress:write',
    subject: premiumSubject,
    call: (w, token) =>
      w.server.request('POST', '/api/progress/upsert', {
        token,
        body: { courseId: w.premiumCourse.id, lessonId: w.premiumTextLesson.id, progress: 100 },
      }),
  },
  // Certificates
  {
    endpoint: 'GET /api/certificate/byUser',
    action: 'certificate:readOwn',
    call: (w, token) => get(w, '/api/certificate/byUser', token),
  },
  {
    endpoint: 'GET /api/certificate/numberByUser',
    action: 'certificate:readOwn',
    call: (w, token) => get(w, '/api/certificate/numberByUser', token),
  },
  {
    endpoint: 'GET /api/certificate/all',
    action: 'certificate:listAll',
    call: (w, token) => get(w, '/api/certificate/all', token),
  },
  {
    endpoint: 'GET /api/certificate/number',
    action: 'certificate:listAll',
    call: (w, token) => get(w, '/api/certificate/number', token),
  },
  {
    endpoint: "GET /api/certificate/download/{the enrolled learner's id}",
    action: 'certificate:download',
    subject: (w) => ({ userId: w.users.enrolledLearner.id }),
    call: async (w, token) =>
      get(w, `/api/certificate/download/${(await learnerCertificate(w)).id}`, token),
  },
  {
    endpoint: 'GET /api/certificate/verify/{code}',
    action: 'certificate:verify',
    call: async (w, token) =>
      get(w, `/api/certificate/verify/${(await learnerCertificate(w)).code}`, token),
  },
];

describeRoleMatrix(rows);
