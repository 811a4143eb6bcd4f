import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { messages } from '@ishuri/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { filesUnder, formOf, pngImage, videoFile } from '../../test/media';
import { startTestServer } from '../../test/server';
import type { TestServer } from '../../test/server';

/** Captions of video lessons and sub-lessons (issue 14, point 4), through HTTP. */

let server: TestServer;
let admin: TestUser;
let owner: TestUser;
let otherInstructor: TestUser;
let learner: TestUser;
let courseId: string;
let lessonId: string;
let lessonVideoUrl: string;
let subLessonId: string;
let textLessonId: string;

const LIMIT = 512 * 1024;

const clip = async () => ({
  field: 'videoUrl',
  name: 'clip.mp4',
  type: 'video/mp4',
  data: await videoFile('mp4'),
});

/** A small valid WebVTT file saying `words`. */
const vtt = (words = 'Hello') =>
  Buffer.from(`WEBVTT\n\n00:00.000 --> 00:00.900\n${words}\n`, 'utf8');

const captionsForm = (data: Buffer, field = 'captions') =>
  formOf({}, { field, name: 'captions.vtt', type: 'text/vtt', data });

const put = (url: string, data: Buffer, token = owner.token, field = 'captions') =>
  server.request('PUT', url, { token, form: captionsForm(data, field) });

const uploadsDir = () => path.join(server.dataDir, 'uploads');
const diskPath = (url: string) =>
  path.join(uploadsDir(), new URL(url, server.baseUrl).pathname.replace(/^\/uploads\//, ''));
/** Every stored captions file. */
const captionFiles = async () =>
  (await filesUnder(uploadsDir())).filter((file) => /captions\.[a-z]{2}\./.test(file));

/** The folder of a video's renditions, as a URL prefix: `/uploads/videos/<id>/`. */
const folderOf = (videoUrl: string) => videoUrl.replace(/\.[a-z0-9]+$/, '/');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function lessonAnswer(id: string, token = owner.token) {
  const answer = await server.request('GET', `/api/lesson/byCourse/${courseId}`, { token });
  expect(answer.status).toBe(200);
  return (answer.body.data as any[]).find((lesson) => lesson.id === id);
}

beforeAll(async () => {
  server = await startTestServer();
  [admin, owner, otherInstructor, learner] = await Promise.all([
    createUser(server, { role: 'admin' }),
    createUser(server, { role: 'instructor' }),
    createUser(server, { role: 'instructor' }),
    createUser(server, { role: 'learner' }),
  ]);
  courseId = (await createCourse(server, owner, { courseType: 'free' })).id;
  const lesson = await createLesson(server, owner, courseId, { title: 'Greetings' }, await clip());
  lessonId = lesson.id;
  lessonVideoUrl = lesson.videoUrl!;
  subLessonId = (await createSubLesson(server, owner, lessonId, {}, await clip())).id;
  textLessonId = (await createLesson(server, owner, courseId, { title: 'Words' })).id;
}, SETUP_TIMEOUT);

afterAll(async () => {
  await server?.close();
});

describe('PUT and DELETE /api/lesson/captions/{lessonId}/{language}', () => {
  it('adds, lists, replaces and removes a video lesson’s captions, one file per language', async () => {
    const url = `/api/lesson/captions/${lessonId}`;
    // A byte order mark and CRLF line breaks are taken, and stored as plain LF text.
    const sent = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('WEBVTT\r\n\r\n00:00.000 --> 00:00.900\r\nMuraho\tneza\r\n'),
    ]);
    const added = await put(`${url}/rw`, sent);
    expect(added.status, added.text).toBe(200);
    expect(added.body.message).toBe(messages.captionsSaved);
    const rwUrl: string = added.body.data.captions[0].url;
    expect(added.body.data.captions).toEqual([{ language: 'rw', url: rwUrl }]);
    expect(rwUrl).toMatch(
      new RegExp(`^${escape(folderOf(lessonVideoUrl))}captions\\.rw\\.[0-9a-f-]{36}\\.vtt$`),
    );
    expect(await readFile(diskPath(rwUrl), 'utf8')).toBe(
      'WEBVTT\n\n00:00.000 --> 00:00.900\nMuraho\tneza\n',
    );
    // Served as WebVTT text, publicly (a free course).
    const served = await fetch(server.baseUrl + rwUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(served.headers.get('cache-control')).toMatch(/^public/);
    expect(await served.text()).toContain('Muraho\tneza');

    // More languages: the answer and the item list them by language code.
    expect((await put(`${url}/sw`, vtt('Habari'))).status).toBe(200);
    const en = await put(`${url}/en`, vtt('Hello'));
    expect(en.body.data.captions.map((c: { language: string }) => c.language)).toEqual([
      'en',
      'rw',
      'sw',
    ]);
    const item = await lessonAnswer(lessonId);
    expect(item.video.captions).toEqual(en.body.data.captions);
    // A learner reading the free course gets them too.
    expect((await lessonAnswer(lessonId, learner.token)).video.captions).toEqual(
      en.body.data.captions,
    );

    // Replaced: a new file under a new name (uploads are served as immutable); the old one goes.
    const oldEn: string = en.body.data.captions[0].url;
    const replaced = await put(`${url}/en`, vtt('Hello again'));
    expect(replaced.status).toBe(200);
    const newEn: string = replaced.body.data.captions[0].url;
    expect(replaced.body.data.captions[0].language).toBe('en');
    expect(newEn).not.toBe(oldEn);
    expect(existsSync(diskPath(oldEn))).toBe(false);
    expect(await readFile(diskPath(newEn), 'utf8')).toContain('Hello again');

    // Removed: unlisted and deleted; removing again answers what remains.
    const removed = await server.request('DELETE', `${url}/sw`, { token: owner.token });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe(messages.captionsRemoved);
    expect(removed.body.data.captions.map((c: { language: string }) => c.language)).toEqual([
      'en',
      'rw',
    ]);
    const swUrl = en.body.data.captions[2].url as string;
    expect(existsSync(diskPath(swUrl))).toBe(false);
    const again = await server.request('DELETE', `${url}/sw`, { token: owner.token });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(removed.body.data);
    expect((await lessonAnswer(lessonId)).video.captions).toEqual(removed.body.data.captions);
  });

  it('takes captions of four languages sent at once, none lost', async () => {
    const course = await createCourse(server, owner);
    const lesson = await createLesson(server, owner, course.id, {}, await clip());
    const answers = await Promise.all(
      ['sw', 'fr', 'en', 'rw'].map((language) =>
        put(`/api/lesson/captions/${lesson.id}/${language}`, vtt(language)),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const read = await server.request('GET', `/api/lesson/byCourse/${course.id}`, {
      token: owner.token,
    });
    const captions = read.body.data[0].video.captions as Array<{ language: string; url: string }>;
    expect(captions.map((c) => c.language)).toEqual(['en', 'fr', 'rw', 'sw']);
    for (const track of captions) {
      expect(await readFile(diskPath(track.url), 'utf8')).toContain(`\n${track.language}\n`);
    }
  });

  it('lets an admin add captions, and takes an id in capital letters', async () => {
    const answer = await put(
      `/api/lesson/captions/${lessonId.toUpperCase()}/fr`,
      vtt('Bonjour'),
      admin.token,
    );
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.data.captions.map((c: { language: string }) => c.language)).toContain('fr');
    const removed = await server.request('DELETE', `/api/lesson/captions/${lessonId}/fr`, {
      token: admin.token,
    });
    expect(removed.status).toBe(200);
  });

  it('refuses a file that is not WebVTT, not text, without cues or too large, keeping none', async () => {
    const before = await captionFiles();
    const cue = '00:00.000 --> 00:01.000\n';
    const cases: Array<[string, Buffer, number, string, string]> = [
      ['plain text', Buffer.from(`Hello\n\n${cue}Hi\n`), 415, 'CAPTIONS_NOT_WEBVTT', ''],
      [
        'a SubRip file',
        Buffer.from(`1\n00:00:00,000 --> 00:00:01,000\nHi\n`),
        415,
        'CAPTIONS_NOT_WEBVTT',
        '',
      ],
      ['WEBVTTX', Buffer.from(`WEBVTTX\n\n${cue}Hi\n`), 415, 'CAPTIONS_NOT_WEBVTT', ''],
      ['lower case', Buffer.from(`webvtt\n\n${cue}Hi\n`), 415, 'CAPTIONS_NOT_WEBVTT', ''],
      ['an empty file', Buffer.alloc(0), 415, 'CAPTIONS_NOT_WEBVTT', ''],
      ['a PNG picture', await pngImage(40, 40), 415, 'CAPTIONS_NOT_WEBVTT', ''],
      ['a NUL byte', Buffer.from(`WEBVTT\n\n${cue}Hi\0there\n`), 400, 'CAPTIONS_NOT_TEXT', ''],
      ['an escape', Buffer.from(`WEBVTT\n\n${cue}\u001b[31mred\n`), 400, 'CAPTIONS_NOT_TEXT', ''],
      [
        'bytes that are not UTF-8',
        Buffer.concat([Buffer.from(`WEBVTT\n\n${cue}`), Buffer.from([0xff, 0xfe, 0x41])]),
        400,
        'CAPTIONS_NOT_TEXT',
        '',
      ],
      [
        'binary after the header',
        Buffer.concat([Buffer.from('WEBVTT\n'), await pngImage(40, 40)]),
        400,
        'CAPTIONS_NOT_TEXT',
        '',
      ],
      ['only a header', Buffer.from('WEBVTT\n'), 400, 'CAPTIONS_NO_CUES', ''],
      ['text without timing', Buffer.from('WEBVTT\n\nHello\n'), 400, 'CAPTIONS_NO_CUES', ''],
      [
        'a timing without milliseconds',
        Buffer.from('WEBVTT\n\n00:00 --> 00:01\nHi\n'),
        400,
        'CAPTIONS_NO_CUES',
        '',
      ],
      [
        'one byte over the limit',
        Buffer.concat([vtt(), Buffer.alloc(LIMIT + 1 - vtt().length, 'a')]),
        413,
        'CAPTIONS_TOO_LARGE',
        messages.captionsTooLarge(512),
      ],
      [
        'a large file',
        Buffer.concat([vtt(), Buffer.alloc(5 * 1024 * 1024, 'a')]),
        413,
        'CAPTIONS_TOO_LARGE',
        messages.captionsTooLarge(512),
      ],
    ];
    const sentence: Record<string, string> = {
      CAPTIONS_NOT_WEBVTT: messages.captionsNotWebvtt,
      CAPTIONS_NOT_TEXT: messages.captionsNotText,
      CAPTIONS_NO_CUES: messages.captionsNoCues,
    };
    for (const [name, data, status, code, message] of cases) {
      const answer = await put(`/api/lesson/captions/${lessonId}/en`, data);
      expect(answer.status, name).toBe(status);
      expect(answer.body, name).toEqual({ error: message || sentence[code], code });
    }
    expect(await captionFiles()).toEqual(before);
    // Exactly at the limit is taken.
    const full = Buffer.concat([vtt(), Buffer.alloc(LIMIT - vtt().length, 'a')]);
    expect(full.length).toBe(LIMIT);
    const taken = await put(`/api/lesson/captions/${lessonId}/sw`, full);
    expect(taken.status, taken.text).toBe(200);
    await server.request('DELETE', `/api/lesson/captions/${lessonId}/sw`, { token: owner.token });
  });

  it('refuses a body declared larger than the limit before reading it', async () => {
    const url = new URL(`/api/lesson/captions/${lessonId}/en`, server.baseUrl);
    // Headers only, claiming 100 MB: the answer comes without a byte of the body being sent.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(url, {
        method: 'PUT',
        headers: {
          authorization: `Bearer ${owner.token}`,
          'content-type': 'multipart/form-data; boundary=xyz',
          'content-length': String(100 * 1024 * 1024),
        },
      });
      request.on('response', (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on('error', reject);
      request.flushHeaders();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({
      error: messages.captionsTooLarge(512),
      code: 'CAPTIONS_TOO_LARGE',
      requestId: expect.any(String),
    });
  });

  it('asks for the file in the captions field, one file only', async () => {
    const url = `/api/lesson/captions/${lessonId}/en`;
    const none = await server.request('PUT', url, { token: owner.token, form: formOf({ a: 'b' }) });
    expect(none.status).toBe(400);
    expect(none.body).toEqual({
      error: messages.captionsFileRequired,
      code: 'VALIDATION_FAILED',
      fields: { captions: messages.captionsFileRequired },
    });
    const json = await server.request('PUT', url, { token: owner.token, body: {} });
    expect(json.status).toBe(400);
    expect(json.body.code).toBe('VALIDATION_FAILED');
    const elsewhere = await put(url, vtt(), owner.token, 'videoUrl');
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body).toEqual({
      error: messages.unexpectedFile('captions'),
      code: 'UNEXPECTED_FILE',
    });
    const two = captionsForm(vtt());
    two.append('captions', new Blob([new Uint8Array(vtt())]), 'second.vtt');
    const twice = await server.request('PUT', url, { token: owner.token, form: two });
    expect(twice.status).toBe(400);
    expect(twice.body.code).toBe('UNEXPECTED_FILE');
  });

  it('answers 409 for an item that is not a video', async () => {
    for (const method of ['PUT', 'DELETE']) {
      const answer = await server.request(method, `/api/lesson/captions/${textLessonId}/en`, {
        token: owner.token,
        ...(method === 'PUT' ? { form: captionsForm(vtt()) } : {}),
      });
      expect(answer.status, method).toBe(409);
      expect(answer.body).toEqual({
        error: messages.captionsNeedVideo,
        code: 'CAPTIONS_NEED_VIDEO',
      });
    }
  });

  it('is for admins and the course’s owner: 401, then 403 for learners and other instructors', async () => {
    const before = await captionFiles();
    for (const method of ['PUT', 'DELETE']) {
      const send = (token?: string) =>
        server.request(method, `/api/lesson/captions/${lessonId}/en`, {
          token,
          ...(method === 'PUT' ? { form: captionsForm(vtt('Intruder')) } : {}),
        });
      expect((await send()).status, method).toBe(401);
      const byLearner = await send(learner.token);
      expect(byLearner.status, method).toBe(403);
      expect(byLearner.body.code).toBe('FORBIDDEN');
      const byOther = await send(otherInstructor.token);
      expect(byOther.status, method).toBe(403);
      expect(byOther.body.code).toBe('FORBIDDEN');
    }
    expect(await captionFiles()).toEqual(before);
  });

  it('answers 404 for an unknown or malformed id, and 400 for another language', async () => {
    for (const id of [uuidv7(), 'abc', '..%2F..%2Fetc']) {
      for (const method of ['PUT', 'DELETE']) {
        const answer = await server.request(method, `/api/lesson/captions/${id}/en`, {
          token: admin.token,
          ...(method === 'PUT' ? { form: captionsForm(vtt()) } : {}),
        });
        expect(answer.status, `${method} ${id}`).toBe(404);
        expect(answer.body).toEqual({ error: messages.lessonNotFound, code: 'LESSON_NOT_FOUND' });
      }
    }
    // A sub-lesson's id is no lesson's.
    const crossed = await put(`/api/lesson/captions/${subLessonId}/en`, vtt(), admin.token);
    expect(crossed.status).toBe(404);
    for (const language of ['de', 'EN', 'english', 'e%20n']) {
      const answer = await put(`/api/lesson/captions/${lessonId}/${language}`, vtt());
      expect(answer.status, language).toBe(400);
      expect(answer.body.code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('PUT and DELETE /api/sublesson/captions/{subLessonId}/{language}', () => {
  it('adds and removes a video sub-lesson’s captions, listed under its lesson', async () => {
    const added = await put(`/api/sublesson/captions/${subLessonId}/fr`, vtt('Salut'));
    expect(added.status, added.text).toBe(200);
    const track = added.body.data.captions[0];
    expect(track).toEqual({ language: 'fr', url: expect.stringMatching(/\/captions\.fr\./) });
    const lesson = await lessonAnswer(lessonId);
    expect(lesson.subLessons[0].video.captions).toEqual([track]);
    const removed = await server.request('DELETE', `/api/sublesson/captions/${subLessonId}/fr`, {
      token: owner.token,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ captions: [] });
    expect(existsSync(diskPath(track.url))).toBe(false);
  });

  it('answers 404, 403 and 409 as the lesson’s captions do', async () => {
    const unknown = await put(`/api/sublesson/captions/${uuidv7()}/fr`, vtt(), admin.token);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('SUB_LESSON_NOT_FOUND');
    const other = await put(
      `/api/sublesson/captions/${subLessonId}/fr`,
      vtt(),
      otherInstructor.token,
    );
    expect(other.status).toBe(403);
    const text = await createSubLesson(server, owner, lessonId, { title: 'Text part' });
    const notVideo = await put(`/api/sublesson/captions/${text.id}/fr`, vtt());
    expect(notVideo.status).toBe(409);
    expect(notVideo.body.code).toBe('CAPTIONS_NEED_VIDEO');
  });
});

describe('captions of a premium course', () => {
  it('are served only through signed links, to those who may read the lesson', async () => {
    const course = await createCourse(server, owner, { courseType: 'premium' });
    const lesson = await createLesson(server, owner, course.id, {}, await clip());
    const added = await put(`/api/lesson/captions/${lesson.id}/en`, vtt('Premium words'));
    expect(added.status).toBe(200);
    const signed: string = added.body.data.captions[0].url;
    expect(signed).toMatch(/\/captions\.en\.[0-9a-f-]{36}\.vtt\?exp=\d+&sig=[\w-]+$/);
    const bare = signed.split('?')[0]!;
    const refused = await fetch(server.baseUrl + bare);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('MEDIA_LINK_INVALID');
    const forged = await fetch(`${server.baseUrl}${bare}?exp=9999999999&sig=AAAA`);
    expect(forged.status).toBe(403);
    const played = await fetch(server.baseUrl + signed);
    expect(played.status).toBe(200);
    expect(played.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(played.headers.get('cache-control')).toMatch(/^private/);
    expect(await played.text()).toContain('Premium words');

    // An enrolled learner reads them signed; one who is not enrolled gets no video at all.
    const reader = await createUser(server);
    await enrol(server, reader.id, course.id);
    const read = await server.request('GET', `/api/lesson/byCourse/${course.id}`, {
      token: reader.token,
    });
    const tracks = read.body.data[0].video.captions as Array<{ url: string }>;
    expect(tracks).toHaveLength(1);
    expect(tracks[0]!.url.split('?')[0]).toBe(bare);
    expect(tracks[0]!.url).toMatch(/\?exp=\d+&sig=/);
    const stranger = await server.request('GET', `/api/lesson/byCourse/${course.id}`, {
      token: learner.token,
    });
    expect(stranger.body.data[0].video).toBeNull();
  });
});

describe('captions go with their video', () => {
  it('when the lesson is deleted, with its sub-lessons’ captions', async () => {
    const course = await createCourse(server, owner);
    const lesson = await createLesson(server, owner, course.id, {}, await clip());
    const sub = await createSubLesson(server, owner, lesson.id, {}, await clip());
    const a = await put(`/api/lesson/captions/${lesson.id}/en`, vtt());
    const b = await put(`/api/sublesson/captions/${sub.id}/rw`, vtt());
    const files = [a.body.data.captions[0].url, b.body.data.captions[0].url] as string[];
    for (const url of files) expect(existsSync(diskPath(url))).toBe(true);
    const deleted = await server.request('DELETE', `/api/lesson/delete/${lesson.id}`, {
      token: owner.token,
    });
    expect(deleted.status).toBe(200);
    for (const url of files) expect(existsSync(diskPath(url)), url).toBe(false);
  });

  it('when the sub-lesson is deleted', async () => {
    const sub = await createSubLesson(server, owner, lessonId, {}, await clip());
    const added = await put(`/api/sublesson/captions/${sub.id}/sw`, vtt());
    const url: string = added.body.data.captions[0].url;
    expect(existsSync(diskPath(url))).toBe(true);
    const deleted = await server.request('DELETE', `/api/sublesson/delete/${sub.id}`, {
      token: owner.token,
    });
    expect(deleted.status).toBe(200);
    expect(existsSync(diskPath(url))).toBe(false);
  });

  it('when the video is replaced or the item becomes text', async () => {
    const course = await createCourse(server, owner);
    const lesson = await createLesson(server, owner, course.id, {}, await clip());
    const first: string = (await put(`/api/lesson/captions/${lesson.id}/en`, vtt())).body.data
      .captions[0].url;
    const replaced = await server.request('PUT', `/api/lesson/update/${lesson.id}`, {
      token: owner.token,
      form: formOf({}, await clip()),
    });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body.data.videoUrl).not.toBe(lesson.videoUrl);
    expect(replaced.body.data.video.captions).toEqual([]);
    expect(existsSync(diskPath(first))).toBe(false);

    const second: string = (await put(`/api/lesson/captions/${lesson.id}/fr`, vtt())).body.data
      .captions[0].url;
    const text = await server.request('PUT', `/api/lesson/update/${lesson.id}`, {
      token: owner.token,
      form: formOf({ contentType: 'text', content: 'Read instead.' }),
    });
    expect(text.status).toBe(200);
    expect(existsSync(diskPath(second))).toBe(false);
    const read = await server.request('GET', `/api/lesson/byCourse/${course.id}`, {
      token: owner.token,
    });
    expect(read.body.data[0].video).toBeNull();
  });
});
