import { existsSync } from 'node:fs';
import path from 'node:path';
import { messages } from '@ishuri/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETUP_TIMEOUT, createCourse, createLesson, createSubLesson } from '../../test/content';
import { createUser } from '../../test/factories';
import type { TestUser } from '../../test/factories';
import { formOf, pngImage, videoFile } from '../../test/media';
import { startTestServer } from '../../test/server';
import type { TestServer } from '../../test/server';

// Authoring (issue 12, point 8): editing courses, lessons and sub-lessons, reordering them, and
// drafts that only their owner and admins see.

let server: TestServer;
let admin: TestUser;
let owner: TestUser;
let otherInstructor: TestUser;
let learner: TestUser;

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
}, SETUP_TIMEOUT);
afterAll(() => server?.close());

const fileOnDisk = (url: string) =>
  existsSync(path.join(server.dataDir, 'uploads', url.replace(/^\/uploads\//, '')));

const titles = async (url: string, token?: string) => {
  const response = await server.request('GET', url, token ? { token } : {});
  expect(response.status, response.text).toBe(200);
  return (response.body.data as { title: string }[]).map((row) => row.title);
};

describe('drafts', () => {
  it('POST /api/course/create without `published` makes a published course, as before', async () => {
    const course = await createCourse(server, owner, { title: 'Published by default' });
    expect(course.published).toBe(true);
    expect(await titles('/api/course/free')).toContain('Published by default');
  });

  it('a draft is seen by its owner and admins only; to anyone else it does not exist', async () => {
    const draft = await createCourse(server, owner, {
      title: 'Secret draft',
      courseType: 'free',
      published: 'false',
    });
    expect(draft.published).toBe(false);
    await createLesson(server, owner, draft.id, { title: 'Draft lesson' });

    // Literal expectations per caller: [free list, all list, single, lessons]
    const seen: [string, string | undefined, [boolean, boolean, number, number]][] = [
      ['visitor', undefined, [false, false, 404, 404]],
      ['learner', learner.token, [false, false, 404, 404]],
      ['another instructor', otherInstructor.token, [false, false, 404, 404]],
      ['owner', owner.token, [false, true, 200, 200]],
      ['admin', admin.token, [false, true, 200, 200]],
    ];
    for (const [who, token, [inFree, inAll, single, lessons]] of seen) {
      expect((await titles('/api/course/free', token)).includes('Secret draft'), who).toBe(inFree);
      expect((await titles('/api/course/all', token)).includes('Secret draft'), who).toBe(inAll);
      const one = await server.request('GET', `/api/course/single/${draft.id}`, { token });
      expect(one.status, who).toBe(single);
      // In any letter case, the same answer.
      const upper = await server.request('GET', `/api/course/single/${draft.id.toUpperCase()}`, {
        token,
      });
      expect(upper.status, who).toBe(single);
      const items = await server.request('GET', `/api/lesson/byCourse/${draft.id}`, { token });
      expect(items.status, who).toBe(lessons);
      if (single === 404) expect(one.body.code).toBe('COURSE_NOT_FOUND');
    }
    expect(await titles('/api/course/all?mine=true', owner.token)).toContain('Secret draft');
    const enrol = await server.request('POST', `/api/enroll/create/${draft.id}`, {
      token: learner.token,
    });
    expect(enrol.status).toBe(404);
  });

  it('publishing shows it to everyone; a draft again leaves the catalogue, and stays in its learners’ My courses', async () => {
    const draft = await createCourse(server, owner, {
      title: 'Ready soon',
      courseType: 'free',
      published: 'false',
    });
    const lesson = await createLesson(server, owner, draft.id, { title: 'First steps' });
    const publish = await server.request('PUT', `/api/course/update/${draft.id}`, {
      token: owner.token,
      form: formOf({ published: 'true' }),
    });
    expect(publish.status, publish.text).toBe(200);
    expect(publish.body).toMatchObject({
      message: messages.courseUpdated,
      data: { published: true, title: 'Ready soon' },
    });
    expect(await titles('/api/course/free')).toContain('Ready soon');

    // A learner starts it …
    const done = await server.request('POST', '/api/progress/complete', {
      token: learner.token,
      body: { courseId: draft.id, lessonId: lesson.id, progress: 100 },
    });
    expect(done.status, done.text).toBe(200);
    const mine = await server.request('GET', '/api/progress/courses', { token: learner.token });
    expect(mine.body.data.map((entry: any) => entry.course.title)).toContain('Ready soon');

    // … and the owner takes it back: gone from the catalogue and enrolments; in the learner's
    // My courses it stays, as a draft (being updated, issue 32 point 9), and its read says so.
    const back = await server.request('PUT', `/api/course/update/${draft.id}`, {
      token: owner.token,
      form: formOf({ published: 'false' }),
    });
    expect(back.status).toBe(200);
    expect(await titles('/api/course/free')).not.toContain('Ready soon');
    const after = await server.request('GET', '/api/progress/courses', { token: learner.token });
    expect(
      after.body.data
        .filter((entry: any) => entry.course.title === 'Ready soon')
        .map((entry: any) => [entry.course.published, entry.completedItems]),
    ).toEqual([[false, 1]]);
    const read = await server.request('GET', `/api/course/single/${draft.id}`, {
      token: learner.token,
    });
    expect(read.status).toBe(403);
    expect(read.body.code).toBe('COURSE_BEING_UPDATED');
    const enrolments = await server.request('GET', '/api/enroll/byUser', { token: learner.token });
    expect(enrolments.body.data.map((row: any) => row.courseId)).not.toContain(draft.id);
    const progress = await server.request('GET', `/api/progress/${draft.id}`, {
      token: learner.token,
    });
    expect(progress.status).toBe(404);
  });

  it('refuses a `published` that is not true or false', async () => {
    const response = await server.request('POST', '/api/course/create', {
      token: owner.token,
      form: formOf({ title: 'T', description: 'D', published: 'maybe' }),
    });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({ published: messages.yesOrNo });
  });
});

describe('editing', () => {
  it('a course: only what is sent changes; a new image replaces the old file', async () => {
    const course = await createCourse(
      server,
      owner,
      { title: 'Old title', description: 'Kept description', courseType: 'free' },
      { field: 'imageUrl', name: 'a.png', data: await pngImage(200, 100) },
    );
    expect(fileOnDisk(course.imageUrl!)).toBe(true);
    const edited = await server.request('PUT', `/api/course/update/${course.id.toUpperCase()}`, {
      token: owner.token,
      form: formOf(
        { title: 'New title', courseType: 'premium' },
        { field: 'imageUrl', name: 'b.png', data: await pngImage(300, 100) },
      ),
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.data).toMatchObject({
      title: 'New title',
      description: 'Kept description',
      courseType: 'premium',
      published: true,
    });
    expect(edited.body.data.imageUrl).not.toBe(course.imageUrl);
    expect(fileOnDisk(edited.body.data.imageUrl)).toBe(true);
    expect(fileOnDisk(course.imageUrl!)).toBe(false);

    const empty = await server.request('PUT', `/api/course/update/${course.id}`, {
      token: owner.token,
      form: formOf({ title: '   ' }),
    });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toEqual({ title: messages.titleRequired });
    const stranger = await server.request('PUT', `/api/course/update/${course.id}`, {
      token: otherInstructor.token,
      form: formOf({ title: 'Taken over' }),
    });
    expect(stranger.status).toBe(403);
  });

  it('a lesson: text edited, then made a video, then text again (its video file goes)', async () => {
    const course = await createCourse(server, owner, { title: 'Editing lessons' });
    const lesson = await createLesson(server, owner, course.id, {
      title: 'Draft title',
      content: 'First words',
    });
    const edit = (fields: Record<string, string>, file?: Parameters<typeof formOf>[1]) =>
      server.request('PUT', `/api/lesson/update/${lesson.id}`, {
        token: owner.token,
        form: formOf(fields, file),
      });

    const text = await edit({ title: 'Final title', content: 'Better words' });
    expect(text.status, text.text).toBe(200);
    expect(text.body).toMatchObject({
      message: messages.lessonUpdated,
      data: { title: 'Final title', contentType: 'text', content: 'Better words' },
    });

    const noVideo = await edit({ contentType: 'video' });
    expect(noVideo.status).toBe(400);
    expect(noVideo.body.fields).toEqual({ videoUrl: messages.videoRequiredForVideo });

    const clip = await videoFile('mp4');
    const video = await edit({}, { field: 'videoUrl', name: 'v.mp4', data: clip });
    expect(video.status, video.text).toBe(200);
    expect(video.body.data).toMatchObject({ title: 'Final title', contentType: 'video' });
    const videoUrl = video.body.data.videoUrl as string;
    expect(fileOnDisk(videoUrl)).toBe(true);

    // Another video replaces it; the first file goes.
    const replaced = await edit({}, { field: 'videoUrl', name: 'w.mp4', data: clip });
    expect(replaced.status).toBe(200);
    expect(fileOnDisk(videoUrl)).toBe(false);
    const secondUrl = replaced.body.data.videoUrl as string;

    const emptyText = await edit({ contentType: 'text' });
    expect(emptyText.status).toBe(400);
    expect(emptyText.body.fields).toEqual({ content: messages.contentRequiredForText });
    const back = await edit({ contentType: 'text', content: 'Words again' });
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ contentType: 'text', videoUrl: null });
    expect(fileOnDisk(secondUrl)).toBe(false);
  });

  it('a sub-lesson: its title and content; strangers get 403, unknown ids 404', async () => {
    const course = await createCourse(server, owner, { title: 'Editing parts' });
    const lesson = await createLesson(server, owner, course.id);
    const sub = await createSubLesson(server, owner, lesson.id, { title: 'Part', content: 'A' });
    const edited = await server.request('PUT', `/api/sublesson/update/${sub.id}`, {
      token: admin.token,
      form: formOf({ title: 'Part one', content: 'B' }),
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.data).toMatchObject({ title: 'Part one', content: 'B', position: 1 });
    const stranger = await server.request('PUT', `/api/sublesson/update/${sub.id}`, {
      token: otherInstructor.token,
      form: formOf({ title: 'Mine now' }),
    });
    expect(stranger.status).toBe(403);
    const unknown = await server.request(
      'PUT',
      '/api/sublesson/update/01890a5d-ac96-774b-bcce-b302099a8057',
      { token: owner.token, form: formOf({ title: 'X' }) },
    );
    expect(unknown.status).toBe(404);
  });
});

describe('reordering', () => {
  it('lessons take the order given; the learning path follows it', async () => {
    const course = await createCourse(server, owner, { title: 'Order', courseType: 'free' });
    const a = await createLesson(server, owner, course.id, { title: 'A' });
    const b = await createLesson(server, owner, course.id, { title: 'B' });
    const c = await createLesson(server, owner, course.id, { title: 'C' });
    const put = (ids: string[], token = owner.token) =>
      server.request('PUT', `/api/lesson/reorder/${course.id}`, { token, body: { ids } });
    const order = async () =>
      (await server.request('GET', `/api/course/single/${course.id}`)).body.data.lessons.map(
        (lesson: { title: string }) => lesson.title,
      );

    const moved = await put([c.id.toUpperCase(), a.id, b.id]);
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toEqual({ message: messages.orderSaved });
    expect(await order()).toEqual(['C', 'A', 'B']);

    // Anything but the course's lessons, each once, changes nothing.
    const stranger = await createLesson(server, owner, (await createCourse(server, owner)).id);
    for (const ids of [
      [a.id, b.id],
      [a.id, b.id, c.id, c.id],
      [a.id, b.id, stranger.id],
      [a.id, a.id, b.id],
    ]) {
      const refused = await put(ids);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ error: messages.orderMismatch, code: 'ORDER_MISMATCH' });
    }
    expect(await order()).toEqual(['C', 'A', 'B']);
    expect((await put([a.id, b.id, c.id], otherInstructor.token)).status).toBe(403);

    // The first item to learn is now C: completing A first is out of order.
    const early = await server.request('POST', '/api/progress/complete', {
      token: learner.token,
      body: { courseId: course.id, lessonId: a.id, progress: 100 },
    });
    expect(early.status).toBe(409);
    const first = await server.request('POST', '/api/progress/complete', {
      token: learner.token,
      body: { courseId: course.id, lessonId: c.id, progress: 100 },
    });
    expect(first.status).toBe(200);
  });

  it('sub-lessons too', async () => {
    const course = await createCourse(server, owner, { title: 'Parts order' });
    const lesson = await createLesson(server, owner, course.id);
    const one = await createSubLesson(server, owner, lesson.id, { title: 'One' });
    const two = await createSubLesson(server, owner, lesson.id, { title: 'Two' });
    const moved = await server.request('PUT', `/api/sublesson/reorder/${lesson.id}`, {
      token: owner.token,
      body: { ids: [two.id, one.id] },
    });
    expect(moved.status, moved.text).toBe(200);
    const tree = await server.request('GET', `/api/course/single/${course.id}`, {
      token: owner.token,
    });
    expect(tree.body.data.lessons[0].subLessons.map((s: { title: string }) => s.title)).toEqual([
      'Two',
      'One',
    ]);
    const short = await server.request('PUT', `/api/sublesson/reorder/${lesson.id}`, {
      token: owner.token,
      body: { ids: [two.id] },
    });
    expect(short.status).toBe(409);
  });
});
