import { existsSync } from 'node:fs';
import path from 'node:path';
import { messages } from '@ishuri/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates, courseItems, courses, enrolments, progress } from '../../db/schema';
import { uuidv7 } from '../../lib/ids';
import {
  SETUP_TIMEOUT,
  createCourse,
  createLesson,
  createSubLesson,
  enrol,
} from '../../test/content';
import { createUser } from '../../test/factories';
import type { TestUser } from '../../test/factories';
import { formOf, pngImage, videoFile } from '../../test/media';
import { startTestServer } from '../../test/server';
import type { TestServer } from '../../test/server';

let server: TestServer;
let admin: TestUser;
let instructor: TestUser;
let otherInstructor: TestUser;
let learner: TestUser;

beforeAll(async () => {
  // Uploads are kept: these tests follow the uploaded file itself (its deletion once made small
  // is modules/media/video-originals.test.ts's).
  server = await startTestServer({ keepOriginalVideos: true });
  [admin, instructor, otherInstructor, learner] = await Promise.all([
    createUser(server, { role: 'admin' }),
    createUser(server, { role: 'instructor' }),
    createUser(server, { role: 'instructor' }),
    createUser(server, { role: 'learner' }),
  ]);
}, SETUP_TIMEOUT);

afterAll(async () => {
  await server?.close();
});

/** Whether the file behind a URL is stored (a premium video's URL carries its signature). */
const fileOnDisk = (url: string) =>
  existsSync(
    path.join(server.dataDir, 'uploads', url.replace(/^\/uploads\//, '').replace(/\?.*$/, '')),
  );

describe('POST /api/course/create', () => {
  it('creates a free course by default; the creator owns it', async () => {
    const response = await server.request('POST', '/api/course/create', {
      token: admin.token,
      form: formOf({ title: '  Intro to Kinyarwanda ', description: 'Greetings and numbers' }),
    });
    expect(response.status).toBe(201);
    expect(response.body.message).toBe(messages.courseCreated);
    expect(response.body.data).toMatchObject({
      title: 'Intro to Kinyarwanda',
      description: 'Greetings and numbers',
      courseType: 'free',
      imageUrl: null,
      ownerId: admin.id,
    });
    expect(response.body.data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(response.body.data.createdAt)).not.toBeNaN();
  });

  it('lets an instructor create a premium course with an image', async () => {
    const course = await createCourse(
      server,
      instructor,
      { title: 'Data analysis', courseType: 'premium' },
      { field: 'imageUrl', name: 'cover.png', type: 'image/png', data: await pngImage(400, 200) },
    );
    expect(course.courseType).toBe('premium');
    expect(course.ownerId).toBe(instructor.id);
    expect(course.imageUrl).toMatch(/^\/uploads\/images\/.+\.webp$/);
    expect(fileOnDisk(course.imageUrl!)).toBe(true);
  });

  it('answers each missing or wrong field with its sentence', async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ description: 'No title' }, 'title', messages.titleRequired],
      [{ title: '   ', description: 'Blank title' }, 'title', messages.titleRequired],
      [{ title: 'No description' }, 'description', messages.descriptionRequired],
      [
        { title: 'T', description: 'D', courseType: 'gold' },
        'courseType',
        messages.courseTypeInvalid,
      ],
    ];
    for (const [fields, field, sentence] of cases) {
      const response = await server.request('POST', '/api/course/create', {
        token: admin.token,
        form: formOf(fields),
      });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ error: sentence, code: 'VALIDATION_FAILED' });
      expect(response.body.fields[field]).toBe(sentence);
    }
  });

  it('accepts the text fields as JSON too', async () => {
    const response = await server.request('POST', '/api/course/create', {
      token: admin.token,
      body: { title: 'From JSON', description: 'No image', courseType: 'premium' },
    });
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({ title: 'From JSON', courseType: 'premium' });
  });

  it('refuses visitors (401) and learners (403) before reading the upload', async () => {
    const form = formOf({ title: 'T', description: 'D' });
    expect((await server.request('POST', '/api/course/create', { form })).status).toBe(401);
    const asLearner = await server.request('POST', '/api/course/create', {
      token: learner.token,
      form: formOf({ title: 'T', description: 'D' }),
    });
    expect(asLearner.status).toBe(403);
    expect(asLearner.body.code).toBe('FORBIDDEN');
  });
});

describe('course lists', () => {
  // Only this block's courses carry the marker; the other tests' courses share the server.
  const marker = 'zqlisted';
  const mine = ['Algebra', 'Biology', 'Chemistry', 'Drawing', 'Economics'];
  let author: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    [author, other] = await Promise.all([
      createUser(server, { role: 'instructor' }),
      createUser(server, { role: 'admin' }),
    ]);
    for (const [title, courseType, by] of [
      ['Algebra', 'free', author],
      ['Biology', 'premium', author],
      ['Chemistry', 'free', other],
      ['Drawing', 'premium', other],
      ['Economics', 'free', author],
    ] as const) {
      await createCourse(server, by, {
        title,
        courseType,
        description: `${marker} about ${title}`,
      });
    }
  }, SETUP_TIMEOUT);

  const titles = (body: { data: Array<{ title: string }> }) => body.data.map((c) => c.title);
  const ours = (body: { data: Array<{ title: string }> }) =>
    titles(body).filter((title) => mine.includes(title));

  it('lists free courses to anyone, newest first', async () => {
    const response = await server.request('GET', '/api/course/free');
    expect(response.status).toBe(200);
    expect(ours(response.body)).toEqual(['Economics', 'Chemistry', 'Algebra']);
    expect(response.body.data.every((c: any) => c.courseType === 'free')).toBe(true);
    // Unpaged: the whole (short) list, with its total (decisions.md §1).
    expect(response.body.total).toBe(response.body.data.length);
  });

  it('lists premium courses to signed-in users only', async () => {
    expect((await server.request('GET', '/api/course/premium')).status).toBe(401);
    const response = await server.request('GET', '/api/course/premium', { token: learner.token });
    expect(response.status).toBe(200);
    expect(ours(response.body)).toEqual(['Drawing', 'Biology']);
    expect(response.body.data.every((c: any) => c.courseType === 'premium')).toBe(true);
  });

  it('lists all courses, with paging, filter and sort', async () => {
    const all = await server.request('GET', '/api/course/all');
    expect(ours(all.body)).toEqual(['Economics', 'Drawing', 'Chemistry', 'Biology', 'Algebra']);

    const page = await server.request(
      'GET',
      `/api/course/all?q=${marker}&page=2&pageSize=2&sort=title:asc`,
    );
    expect(page.body).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(titles(page.body)).toEqual(['Chemistry', 'Drawing']);

    const filtered = await server.request(
      'GET',
      `/api/course/all?q=${marker.toUpperCase()}%20ABOUT%20b`,
    );
    expect(titles(filtered.body)).toEqual(['Biology']);
    expect(filtered.body.total).toBe(1);

    const bad = await server.request('GET', '/api/course/all?sort=owner:asc');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('BAD_SORT');
    expect((await server.request('GET', '/api/course/all?pageSize=500')).status).toBe(400);
  });

  it('keeps the caller’s own courses with mine=true', async () => {
    const own = await server.request('GET', '/api/course/all?mine=true', { token: author.token });
    expect(own.status).toBe(200);
    expect(titles(own.body)).toEqual(['Economics', 'Biology', 'Algebra']);
    const adminOwn = await server.request('GET', '/api/course/all?mine=true', {
      token: other.token,
    });
    expect(titles(adminOwn.body)).toEqual(['Drawing', 'Chemistry']);
    expect((await server.request('GET', '/api/course/all?mine=true')).status).toBe(401);
    const learnerOwn = await server.request('GET', '/api/course/all?mine=true', {
      token: learner.token,
    });
    expect(learnerOwn.status).toBe(403);
    const notMine = await server.request('GET', '/api/course/all?mine=false', {
      token: learner.token,
    });
    expect(ours(notMine.body)).toHaveLength(5);
  });
});

describe('GET /api/course/single/{id}', () => {
  it('answers the course with its lessons and their sub-lessons in order', async () => {
    const course = await createCourse(server, admin, { title: 'Ordered' });
    const first = await createLesson(server, admin, course.id, { title: 'First' });
    const second = await createLesson(server, admin, course.id, { title: 'Second' });
    await createSubLesson(server, admin, second.id, { title: 'Second, part one' });
    await createSubLesson(server, admin, second.id, { title: 'Second, part two' });
    await createSubLesson(server, admin, first.id, { title: 'First, part one' });

    const response = await server.request('GET', `/api/course/single/${course.id}`, {
      token: admin.token,
    });
    expect(response.status).toBe(200);
    const data = response.body.data;
    expect(data).toMatchObject({ id: course.id, title: 'Ordered', ownerId: admin.id });
    expect(data.lessons.map((l: any) => [l.title, l.position])).toEqual([
      ['First', 1],
      ['Second', 2],
    ]);
    expect(data.lessons[0].subLessons.map((s: any) => s.title)).toEqual(['First, part one']);
    expect(data.lessons[1].subLessons.map((s: any) => [s.title, s.position])).toEqual([
      ['Second, part one', 1],
      ['Second, part two', 2],
    ]);
    expect(data.lessons[0].content).toBe('Read me.');
  });

  it('answers 404 for an unknown id and for a malformed one', async () => {
    for (const id of [uuidv7(), 'not-a-uuid', '1', "1' or '1'='1"]) {
      const response = await server.request('GET', `/api/course/single/${encodeURIComponent(id)}`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: messages.courseNotFound, code: 'COURSE_NOT_FOUND' });
    }
  });
});

describe('DELETE /api/course/delete/{id}', () => {
  it('lets the owner delete, removing lessons, enrolments, progress and files; certificates stay', async () => {
    const course = await createCourse(
      server,
      instructor,
      { title: 'To delete', courseType: 'premium' },
      { field: 'imageUrl', name: 'c.png', data: await pngImage(300, 150) },
    );
    const lesson = await createLesson(
      server,
      instructor,
      course.id,
      {},
      {
        field: 'videoUrl',
        name: 'v.mp4',
        data: await videoFile('mp4'),
      },
    );
    const sub = await createSubLesson(
      server,
      instructor,
      lesson.id,
      {},
      {
        field: 'videoUrl',
        name: 'v.webm',
        data: await videoFile('webm'),
      },
    );
    await enrol(server, learner.id, course.id);
    const db = server.ctx.database.db;
    await db.insert(progress).values({
      userId: learner.id,
      courseId: course.id,
      itemId: lesson.id,
      progress: 100,
      completed: true,
    });
    const certificateId = uuidv7();
    await db.insert(certificates).values({
      id: certificateId,
      certificateCode: `ISH-${certificateId.slice(-8).toUpperCase()}`,
      userId: learner.id,
      courseId: course.id,
      learnerName: 'A Learner',
      courseTitle: course.title,
      courseType: 'premium',
    });
    for (const url of [course.imageUrl!, lesson.videoUrl!, sub.videoUrl!]) {
      expect(fileOnDisk(url)).toBe(true);
    }

    const notOwner = await server.request('DELETE', `/api/course/delete/${course.id}`, {
      token: otherInstructor.token,
    });
    expect(notOwner.status).toBe(403);

    const response = await server.request('DELETE', `/api/course/delete/${course.id}`, {
      token: instructor.token,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: messages.courseDeleted });

    for (const url of [course.imageUrl!, lesson.videoUrl!, sub.videoUrl!]) {
      expect(fileOnDisk(url)).toBe(false);
    }
    const countOf = async (table: any, column: any) =>
      (await db.select({ n: count() }).from(table).where(eq(column, course.id)))[0]!.n;
    expect(await countOf(courses, courses.id)).toBe(0);
    expect(await countOf(courseItems, courseItems.courseId)).toBe(0);
    expect(await countOf(enrolments, enrolments.courseId)).toBe(0);
    expect(await countOf(progress, progress.courseId)).toBe(0);
    const [subRow] = await db.select().from(courseItems).where(eq(courseItems.id, sub.id));
    expect(subRow).toBeUndefined();
    const [certificate] = await db
      .select()
      .from(certificates)
      .where(eq(certificates.id, certificateId));
    expect(certificate).toMatchObject({ courseId: null, courseTitle: 'To delete' });

    const again = await server.request('DELETE', `/api/course/delete/${course.id}`, {
      token: instructor.token,
    });
    expect(again.status).toBe(404);
  });

  it('lets an admin delete any course; refuses visitors, learners and other instructors', async () => {
    const course = await createCourse(server, instructor, { title: 'Admin deletes' });
    expect((await server.request('DELETE', `/api/course/delete/${course.id}`)).status).toBe(401);
    for (const user of [learner, otherInstructor]) {
      const response = await server.request('DELETE', `/api/course/delete/${course.id}`, {
        token: user.token,
      });
      expect(response.status).toBe(403);
    }
    const response = await server.request('DELETE', `/api/course/delete/${course.id}`, {
      token: admin.token,
    });
    expect(response.status).toBe(200);
  });

  it('answers 404 for an unknown id and for a malformed one', async () => {
    for (const id of [uuidv7(), 'nope']) {
      const response = await server.request('DELETE', `/api/course/delete/${id}`, {
        token: admin.token,
      });
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('COURSE_NOT_FOUND');
    }
  });
});

describe('premium content (decisions.md §3)', () => {
  it('hides content and videos from a learner until enrolled, and shows them after', async () => {
    const course = await createCourse(server, instructor, {
      title: 'Premium only',
      courseType: 'premium',
    });
    const text = await createLesson(server, instructor, course.id, {
      title: 'Reading',
      content: 'The secret of the course.',
    });
    const video = await createLesson(
      server,
      instructor,
      course.id,
      { title: 'Watching' },
      {
        field: 'videoUrl',
        name: 'v.mp4',
        data: await videoFile('mp4'),
      },
    );
    await createSubLesson(server, instructor, text.id, {
      title: 'More reading',
      content: 'More secrets.',
    });

    const reader = await createUser(server, { role: 'learner' });
    const views = async (token?: string) => {
      const single = await server.request('GET', `/api/course/single/${course.id}`, { token });
      const byCourse = await server.request('GET', `/api/lesson/byCourse/${course.id}`, { token });
      expect(single.status).toBe(200);
      expect(byCourse.status).toBe(200);
      return [single.body.data.lessons, byCourse.body.data];
    };
    const hidden = (lessonsList: any[]) => {
      expect(lessonsList.map((l) => l.title)).toEqual(['Reading', 'Watching']);
      expect(lessonsList.map((l) => l.contentType)).toEqual(['text', 'video']);
      for (const lesson of lessonsList) {
        expect(lesson.content).toBeNull();
        expect(lesson.videoUrl).toBeNull();
        expect(lesson.video).toBeNull();
        for (const sub of lesson.subLessons) {
          expect(sub.title).toBe('More reading');
          expect(sub.content).toBeNull();
          expect(sub.videoUrl).toBeNull();
        }
      }
    };
    const shown = (lessonsList: any[]) => {
      expect(lessonsList[0].content).toBe('The secret of the course.');
      expect(lessonsList[0].subLessons[0].content).toBe('More secrets.');
      // The smallest rendition, signed (the renditions are made below, before any read).
      const played = new URL(lessonsList[1].videoUrl, server.baseUrl);
      expect(played.pathname).toBe(
        new URL(video.videoUrl!, server.baseUrl).pathname.replace(/\.mp4$/, '/240p.mp4'),
      );
      expect(played.searchParams.get('sig')).toBeTruthy();
      expect(lessonsList[1].video.renditions.length).toBeGreaterThan(0);
      for (const made of lessonsList[1].video.renditions) expect(made.url).toMatch(/[?&]sig=/);
    };
    await server.ctx.jobs.kick();

    for (const token of [undefined, reader.token, otherInstructor.token]) {
      for (const list of await views(token)) hidden(list);
    }
    await enrol(server, reader.id, course.id);
    for (const list of await views(reader.token)) shown(list);
    for (const token of [instructor.token, admin.token]) {
      for (const list of await views(token)) shown(list);
    }
    // A stale or forged token reads as a visitor.
    for (const list of await views('not.a.token')) hidden(list);
  });

  it('shows a free course’s content to everyone', async () => {
    const course = await createCourse(server, instructor, { title: 'Open' });
    await createLesson(server, instructor, course.id, { content: 'For all.' });
    const response = await server.request('GET', `/api/course/single/${course.id}`);
    expect(response.body.data.lessons[0].content).toBe('For all.');
  });
});

describe('user ids on course answers (decisions.md §2)', () => {
  it('never shows ownerId to a visitor or a learner; the owner and admins still get it', async () => {
    const free = await createCourse(server, instructor, {
      title: 'Owned free',
      courseType: 'free',
    });
    const premium = await createCourse(server, instructor, {
      title: 'Owned premium',
      courseType: 'premium',
    });
    const urls = [
      '/api/course/free?pageSize=100',
      '/api/course/all?pageSize=100',
      '/api/course/premium?pageSize=100',
      `/api/course/single/${free.id}`,
      `/api/course/single/${premium.id}`,
    ];
    for (const token of [undefined, learner.token, otherInstructor.token]) {
      for (const url of urls) {
        const response = await server.request('GET', url, { token });
        if (response.status === 401) continue; // premium list for a visitor
        expect(response.status, url).toBe(200);
        expect(response.text, url).not.toContain('ownerId');
        expect(response.text, url).not.toContain(instructor.id);
        expect(response.text, url).not.toContain(admin.id);
      }
    }
    for (const [token, expected] of [
      [instructor.token, instructor.id],
      [admin.token, instructor.id],
    ] as const) {
      const single = await server.request('GET', `/api/course/single/${premium.id}`, { token });
      expect(single.body.data.ownerId).toBe(expected);
      const mine = await server.request('GET', '/api/course/all?pageSize=100', { token });
      const listed = mine.body.data.find((c: { id: string }) => c.id === free.id);
      expect(listed.ownerId).toBe(expected);
    }
  });
});

describe("the owner's name on the list of courses (issue 32, point 14)", () => {
  it('admins and the owner read it; visitors and learners never; none once the owner is deleted', async () => {
    const owner = await createUser(server, {
      role: 'instructor',
      firstName: 'Claudine',
      lastName: 'Uwimana',
    });
    const course = await createCourse(server, owner, { title: 'Owned by Claudine' });
    const listed = async (token?: string) => {
      const response = await server.request('GET', '/api/course/all?q=Claudine', { token });
      expect(response.status, response.text).toBe(200);
      return response;
    };
    for (const token of [admin.token, owner.token]) {
      const response = await listed(token);
      expect(response.body.data).toMatchObject([
        { id: course.id, ownerId: owner.id, ownerName: 'Claudine Uwimana' },
      ]);
    }
    for (const token of [undefined, learner.token, otherInstructor.token]) {
      const response = await listed(token);
      expect(response.body.data).toHaveLength(1);
      expect(response.text).not.toContain('ownerName');
      expect(response.text).not.toContain('Uwimana');
    }
    const removed = await server.request('DELETE', `/api/user/delete/${owner.id}`, {
      token: admin.token,
    });
    expect(removed.status, removed.text).toBe(200);
    const orphan = await listed(admin.token);
    expect(orphan.body.data).toMatchObject([{ id: course.id, ownerId: null, ownerName: null }]);
  });
});
