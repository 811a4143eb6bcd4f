import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { messages } from '@ishuri/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseItems } from '../../db/schema';
import { cleanUpResumableUploads } from './resumable-uploads';
import { keyOfPublicUrl } from '../../lib/storage';
import { createCourse, createLesson, SETUP_TIMEOUT } from '../../test/content';
import { createUser } from '../../test/factories';
import type { TestUser } from '../../test/factories';
import { filesUnder, formOf, lectureVideo, pngImage, videoFile } from '../../test/media';
import { startTestServer, uploadedPath } from '../../test/server';
import type { TestServer } from '../../test/server';

/** Resumable uploads (tus 1.0) at /api/uploads/tus, and lessons made from them. */

const MAX_VIDEO = 2 * 1024 * 1024;
const TUS = '/api/uploads/tus';

let server: TestServer;
let admin: TestUser;
let instructor: TestUser;
let learner: TestUser;
let courseId: string;
let lecture: Buffer;
let tusDir: string;

beforeAll(async () => {
  // The original is kept after its renditions, so that it can be compared with the source.
  const keep = { keepOriginalVideos: true };
  server = await startTestServer({
    maxVideoBytes: MAX_VIDEO,
    resumableUploads: { maxOpenPerUser: 3, cleanUpBatch: 2 },
    ...keep,
  });
  tusDir = path.join(server.dataDir, 'tus');
  [admin, instructor, learner] = await Promise.all([
    createUser(server, { role: 'admin' }),
    createUser(server, { role: 'instructor' }),
    createUser(server),
  ]);
  courseId = (await createCourse(server, admin, { courseType: 'free' })).id;
  lecture = await lectureVideo(2);
}, SETUP_TIMEOUT);

afterAll(async () => {
  await server?.close();
});

interface TusAnswer {
  status: number;
  headers: Headers;
  text: string;
  body: any;
}

/** One tus request, as a client sends it (Tus-Resumable, bearer token, raw bytes). */
async function tus(
  method: string,
  url: string,
  token: string | null,
  headers: Record<string, string> = {},
  body?: Buffer,
): Promise<TusAnswer> {
  const response = await fetch(server.baseUrl + url, {
    method,
    headers: {
      'tus-resumable': '1.0.0',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body ? new Uint8Array(body) : undefined,
  });
  const text = await response.text();
  const json = text && response.headers.get('content-type')?.includes('application/json');
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: json ? JSON.parse(text) : text,
  };
}

/** Creates an upload of `length` bytes; answers its URL (the relative Location). */
async function create(user: TestUser, length: number): Promise<string> {
  const created = await tus('POST', TUS, user.token, { 'upload-length': String(length) });
  expect(created.status, created.text).toBe(201);
  const location = created.headers.get('location')!;
  expect(location).toMatch(/^\/api\/uploads\/tus\/[0-9a-f]{32}$/);
  return location;
}

const patch = (user: TestUser, url: string, offset: number, bytes: Buffer) =>
  tus(
    'PATCH',
    url,
    user.token,
    { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    bytes,
  );

/** A whole upload of `data`, in one PATCH; answers its id. */
async function uploadAll(user: TestUser, data: Buffer): Promise<string> {
  const url = await create(user, data.length);
  const sent = await patch(user, url, 0, data);
  expect(sent.status, sent.text).toBe(204);
  return idOf(url);
}

const idOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);
const tusFilesOf = async (id: string) =>
  (await filesUnder(tusDir)).filter((name) => name.startsWith(id));
const lessonCount = async () =>
  (await server.ctx.database.db.select({ n: count() }).from(courseItems))[0]!.n;

const createLessonWith = (user: TestUser, fields: Record<string, string>, course = courseId) =>
  server.request('POST', `/api/lesson/create/${course}`, {
    token: user.token,
    form: formOf({ title: 'Resumed', description: 'Sent in two halves', ...fields }),
  });

describe('a resumable upload', () => {
  it('cut at 50 % resumes from the offset HEAD gives, and makes a lesson whose video is the source, byte for byte, with renditions', async () => {
    const half = Math.floor(lecture.length / 2);
    const created = await tus('POST', TUS, admin.token, {
      'upload-length': String(lecture.length),
    });
    expect(created.status, created.text).toBe(201);
    expect(created.headers.get('tus-resumable')).toBe('1.0.0');
    // Unfinished uploads expire a day after their creation.
    const expires = Date.parse(created.headers.get('upload-expires')!);
    expect(Math.abs(expires - (Date.now() + 24 * 60 * 60 * 1000))).toBeLessThan(60_000);
    const url = created.headers.get('location')!;

    const first = await patch(admin, url, 0, lecture.subarray(0, half));
    expect(first.status, first.text).toBe(204);
    expect(first.headers.get('upload-offset')).toBe(String(half));

    // The connection was cut: the client asks where to go on from.
    const head = await tus('HEAD', url, admin.token);
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(half));
    expect(head.headers.get('upload-length')).toBe(String(lecture.length));
    expect(head.headers.get('cache-control')).toBe('no-store');

    // Sending the first half again is refused: the offset is not where the upload is.
    const again = await patch(admin, url, 0, lecture.subarray(0, half));
    expect(again.status).toBe(409);

    const rest = await patch(admin, url, half, lecture.subarray(half));
    expect(rest.status, rest.text).toBe(204);
    expect(rest.headers.get('upload-offset')).toBe(String(lecture.length));

    const id = idOf(url);
    const saved = await createLessonWith(admin, { videoUpload: id });
    expect(saved.status, saved.text).toBe(201);
    const lesson = saved.body.data;
    expect(lesson.contentType).toBe('video');
    expect(lesson.videoUrl).toMatch(/^\/uploads\/videos\/[0-9a-f-]{36}\.mp4$/);
    const key = keyOfPublicUrl(lesson.videoUrl)!;
    expect(Buffer.compare(await readFile(uploadedPath(server, key)), lecture)).toBe(0);
    // Served as any upload is.
    const served = await fetch(server.baseUrl + lesson.videoUrl);
    expect(served.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await served.arrayBuffer()), lecture)).toBe(0);
    // The tus files are gone, and so is the upload.
    expect(await tusFilesOf(id)).toEqual([]);
    expect((await tus('HEAD', url, admin.token)).status).toBe(404);

    // Its renditions are asked for like those of a multipart upload.
    await server.ctx.jobs.kick();
    const read = await server.request('GET', `/api/lesson/byCourse/${courseId}`);
    const made = read.body.data.find((item: { id: string }) => item.id === lesson.id);
    expect(made.video.status).toBe('ready');
    expect(made.video.renditions.map((r: { quality: string }) => r.quality).sort()).toEqual([
      '240p',
      '360p',
      'audio',
    ]);
  });

  it('makes a sub-lesson, and replaces a lesson’s video on update', async () => {
    const clip = await videoFile('webm');
    const parent = await createLesson(server, admin, courseId);
    const sub = await server.request('POST', `/api/sublesson/create/${parent.id}`, {
      token: admin.token,
      form: formOf({ title: 'Part', videoUpload: await uploadAll(admin, clip) }),
    });
    expect(sub.status, sub.text).toBe(201);
    expect(sub.body.data.videoUrl).toMatch(/^\/uploads\/videos\/[0-9a-f-]{36}\.webm$/);

    const updated = await server.request('PUT', `/api/lesson/update/${parent.id}`, {
      token: admin.token,
      form: formOf({ videoUpload: await uploadAll(admin, clip) }),
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body.data.contentType).toBe('video');
    const key = keyOfPublicUrl(updated.body.data.videoUrl)!;
    expect(Buffer.compare(await readFile(uploadedPath(server, key)), clip)).toBe(0);
  });

  it('is its creator’s alone: another user, admins included, gets 404 for HEAD, PATCH, DELETE and a lesson', async () => {
    const half = Math.floor(lecture.length / 2);
    const url = await create(instructor, lecture.length);
    expect((await patch(instructor, url, 0, lecture.subarray(0, half))).status).toBe(204);
    const id = idOf(url);
    const ownCourse = (await createCourse(server, instructor)).id;

    for (const other of [admin, await createUser(server, { role: 'instructor' })]) {
      const otherCourse = (await createCourse(server, other)).id;
      for (const answer of [
        await tus('HEAD', url, other.token),
        await patch(other, url, half, lecture.subarray(half)),
        await tus('DELETE', url, other.token),
      ]) {
        expect(answer.status).toBe(404);
        if (answer.text) expect(answer.body.code).toBe('UPLOAD_NOT_FOUND');
        expect(answer.headers.get('tus-resumable')).toBe('1.0.0');
      }
      const used = await createLessonWith(other, { videoUpload: id }, otherCourse);
      expect(used.status).toBe(404);
      expect(used.body).toMatchObject({ code: 'UPLOAD_NOT_FOUND', error: messages.uploadNotFound });
    }
    // Its own course does not make it anyone else's either.
    expect((await createLessonWith(admin, { videoUpload: id }, ownCourse)).status).toBe(404);

    // An id that is no id of this server is no path either.
    for (const bad of ['..%2F..%2Fjwt-secret', '..', id.toUpperCase(), `${id}.json`, `${id}0`]) {
      expect((await tus('HEAD', `${TUS}/${bad}`, instructor.token)).status, bad).toBe(404);
      const lesson = await createLessonWith(instructor, { videoUpload: bad }, ownCourse);
      expect(lesson.status, bad).toBe(404);
    }

    // A chunk sent to one's own upload with the other's id in the query string goes to one's own.
    const mine = await create(admin, 10);
    const trick = await patch(admin, `${mine}?x=/${id}`, 0, Buffer.alloc(10, 1));
    expect(trick.status, trick.text).toBe(204);
    expect((await tus('HEAD', mine, admin.token)).headers.get('upload-offset')).toBe('10');

    // Untouched by all of it.
    const head = await tus('HEAD', url, instructor.token);
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(half));
    expect(await tusFilesOf(id)).toEqual([id, `${id}.json`]);
    // Cancelled by its creator: gone.
    expect((await tus('DELETE', url, instructor.token)).status).toBe(204);
    expect(await tusFilesOf(id)).toEqual([]);
    expect((await tus('DELETE', mine, admin.token)).status).toBe(204);
  });

  it('is for admins and instructors: a learner gets 403, a visitor 401', async () => {
    const asLearner = await tus('POST', TUS, learner.token, { 'upload-length': '100' });
    expect(asLearner.status).toBe(403);
    expect(asLearner.body.code).toBe('FORBIDDEN');
    const asVisitor = await tus('POST', TUS, null, { 'upload-length': '100' });
    expect(asVisitor.status).toBe(401);
    expect(await filesUnder(tusDir)).toEqual([]);
  });

  it('declares its length, at most the video limit: 413 over it, 400 without it', async () => {
    const over = await tus('POST', TUS, admin.token, { 'upload-length': String(MAX_VIDEO + 1) });
    expect(over.status).toBe(413);
    expect(over.body).toMatchObject({
      code: 'VIDEO_TOO_LARGE',
      error: messages.videoTooLarge('2 MB'),
    });
    const deferred = await tus('POST', TUS, admin.token, { 'upload-defer-length': '1' });
    expect(deferred.status).toBe(400);
    expect(deferred.body.code).toBe('UPLOAD_LENGTH_REQUIRED');
    const none = await tus('POST', TUS, admin.token);
    expect(none.status).toBe(400);
    const atLimit = await create(admin, MAX_VIDEO);
    expect((await tus('DELETE', atLimit, admin.token)).status).toBe(204);
    expect(await filesUnder(tusDir)).toEqual([]);
  });

  it('that is no video completes, but a lesson refuses it with the 415 of a multipart upload, and it is removed', async () => {
    const png = await pngImage(200, 100);
    const multipart = await server.request('POST', `/api/lesson/create/${courseId}`, {
      token: admin.token,
      form: formOf(
        { title: 'Not a video' },
        { field: 'videoUrl', name: 'clip.mp4', type: 'video/mp4', data: png },
      ),
    });
    expect(multipart.status).toBe(415);
    expect(multipart.body.code).toBe('VIDEO_TYPE_NOT_ALLOWED');

    // Earlier uploads' renditions are made first: only this test's files are compared.
    await server.ctx.jobs.kick();
    const before = {
      lessons: await lessonCount(),
      files: await filesUnder(path.join(server.dataDir, 'uploads')),
    };
    const id = await uploadAll(admin, png);
    const refused = await createLessonWith(admin, { title: 'Not a video', videoUpload: id });
    expect(refused.status).toBe(415);
    expect(refused.body).toEqual(multipart.body);
    expect(await tusFilesOf(id)).toEqual([]);

    // A video cut short is damaged, as in a multipart upload.
    const cut = await uploadAll(admin, lecture.subarray(0, lecture.length - 1000));
    const damaged = await createLessonWith(admin, { videoUpload: cut });
    expect(damaged.status).toBe(400);
    expect(damaged.body.code).toBe('VIDEO_DAMAGED');
    expect(await tusFilesOf(cut)).toEqual([]);

    expect(await lessonCount()).toBe(before.lessons);
    expect(await filesUnder(path.join(server.dataDir, 'uploads'))).toEqual(before.files);
  });

  it('unfinished cannot be used (409); a form refused for another reason keeps it to send again', async () => {
    const clip = await videoFile('mp4');
    const url = await create(admin, clip.length);
    expect((await patch(admin, url, 0, clip.subarray(0, 100))).status).toBe(204);
    const id = idOf(url);
    const early = await createLessonWith(admin, { videoUpload: id });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({
      code: 'UPLOAD_UNFINISHED',
      error: messages.uploadUnfinished,
    });

    expect((await patch(admin, url, 100, clip.subarray(100))).status).toBe(204);
    const untitled = await createLessonWith(admin, { title: '', videoUpload: id });
    expect(untitled.status).toBe(400);
    expect(untitled.body.fields.title).toBe(messages.titleRequired);
    expect(await tusFilesOf(id)).toEqual([id, `${id}.json`]);

    // A file and an upload at once: neither is kept.
    await server.ctx.jobs.kick();
    const uploadsBefore = await filesUnder(path.join(server.dataDir, 'uploads'));
    const both = await server.request('POST', `/api/lesson/create/${courseId}`, {
      token: admin.token,
      form: formOf(
        { title: 'Both', videoUpload: id },
        { field: 'videoUrl', name: 'clip.mp4', type: 'video/mp4', data: clip },
      ),
    });
    expect(both.status).toBe(400);
    expect(both.body.fields.videoUpload).toBe(messages.videoUploadAndFile);
    expect(await filesUnder(path.join(server.dataDir, 'uploads'))).toEqual(uploadsBefore);

    const saved = await createLessonWith(admin, { videoUpload: id });
    expect(saved.status, saved.text).toBe(201);
    expect(await tusFilesOf(id)).toEqual([]);
    // Used once: a second lesson cannot have it again.
    expect((await createLessonWith(admin, { videoUpload: id })).status).toBe(404);
  });

  it('a user holds at most 3 at once: the next creation answers 429 until one is cancelled', async () => {
    const author = await createUser(server, { role: 'instructor' });
    const urls = [];
    for (let i = 0; i < 3; i++) urls.push(await create(author, 1000));
    const fourth = await tus('POST', TUS, author.token, { 'upload-length': '1000' });
    expect(fourth.status).toBe(429);
    expect(fourth.body).toMatchObject({
      code: 'TOO_MANY_UPLOADS',
      error: messages.tooManyOpenUploads(3),
    });
    // Others are not counted against this one.
    const other = await create(instructor, 1000);
    expect((await tus('DELETE', urls[0]!, author.token)).status).toBe(204);
    urls[0] = await create(author, 1000);
    for (const url of urls) expect((await tus('DELETE', url, author.token)).status).toBe(204);
    expect((await tus('DELETE', other, instructor.token)).status).toBe(204);
  });

  it('counts the 3 where every process sees it: two processes racing 8 creations leave 3 open (issue 29, point 9)', async () => {
    // A second process as the deployment has it: the same database (its own connections on
    // PostgreSQL), the same token secret and the same shared data folder.
    const second = await startTestServer(
      {
        dataDir: server.dataDir,
        jwtSecret: server.ctx.config.jwtSecret,
        maxVideoBytes: MAX_VIDEO,
        resumableUploads: { maxOpenPerUser: 3, cleanUpBatch: 2 },
      },
      { sameDatabaseAs: server },
    );
    try {
      for (let round = 0; round < 5; round++) {
        const author = await createUser(server, { role: 'instructor' });
        const answers = await Promise.all(
          Array.from({ length: 8 }, (_, i) =>
            fetch(`${(i % 2 ? second : server).baseUrl}${TUS}`, {
              method: 'POST',
              headers: {
                'tus-resumable': '1.0.0',
                authorization: `Bearer ${author.token}`,
                'upload-length': '1000',
              },
            }),
          ),
        );
        const statuses = answers.map((answer) => answer.status).sort();
        expect(statuses).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
        const records = await Promise.all(
          (await filesUnder(tusDir))
            .filter((name) => name.endsWith('.json'))
            .map(async (name) => JSON.parse(await readFile(path.join(tusDir, name), 'utf8'))),
        );
        expect(records.filter((record) => record.metadata?.owner === author.id)).toHaveLength(3);
        for (const answer of answers) {
          const location = answer.headers.get('location');
          if (location) expect((await tus('DELETE', location, author.token)).status).toBe(204);
        }
      }
    } finally {
      await second.close();
    }
  });

  it('unfinished, expires after 24 hours (410), and the clean-up removes expired ones, a bounded number at a time', async () => {
    const author = await createUser(server, { role: 'instructor' });
    const urls = [
      await create(author, 1000),
      await create(author, 1000),
      await create(author, 1000),
    ];
    const ids = urls.map(idOf);
    // Two are a day old (their records say so); the third is finished and fresh.
    for (const id of ids.slice(0, 2)) {
      const record = path.join(tusDir, `${id}.json`);
      const info = JSON.parse(await readFile(record, 'utf8'));
      info.creation_date = new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString();
      await writeFile(record, JSON.stringify(info));
    }
    expect((await patch(author, urls[2]!, 0, Buffer.alloc(1000, 7))).status).toBe(204);
    const stale = await tus('HEAD', urls[0]!, author.token);
    expect(stale.status).toBe(410);
    // A live unfinished upload of someone else stays.
    const live = await create(instructor, 1000);

    // cleanUpBatch is 2 here: one run removes the two expired ones and nothing else.
    expect(await cleanUpResumableUploads(server.ctx.config, server.ctx.log)).toBe(2);
    for (const id of ids.slice(0, 2)) expect(await tusFilesOf(id)).toEqual([]);
    expect(await tusFilesOf(ids[2]!)).toEqual([ids[2], `${ids[2]}.json`]);
    expect(await tusFilesOf(idOf(live))).toHaveLength(2);
    expect(await cleanUpResumableUploads(server.ctx.config, server.ctx.log)).toBe(0);
    // The expired ones no longer count: the author may start new uploads.
    const next = await create(author, 1000);

    for (const [user, url] of [
      [author, urls[2]!],
      [author, next],
      [instructor, live],
    ] as const) {
      expect((await tus('DELETE', url, user.token)).status).toBe(204);
    }
  });

  it('leaves the multipart upload as it was', async () => {
    const clip = await videoFile('mp4');
    const lesson = await createLesson(
      server,
      admin,
      courseId,
      {},
      {
        field: 'videoUrl',
        name: 'clip.mp4',
        type: 'video/mp4',
        data: clip,
      },
    );
    expect(lesson.videoUrl).toMatch(/^\/uploads\/videos\/[0-9a-f-]{36}\.mp4$/);
    const key = keyOfPublicUrl(lesson.videoUrl)!;
    expect(Buffer.compare(await readFile(uploadedPath(server, key)), clip)).toBe(0);
  });
});
