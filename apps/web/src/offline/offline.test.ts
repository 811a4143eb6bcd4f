import type { CourseWithLessons } from '@ishuri/contract';
import { describe, expect, it } from 'vitest';
import { isKeptRead, tokenRole, tokenUser } from './names';
import { resultOf } from './outbox';
import { planSave } from './saved-courses';
import { withWaiting } from './waiting-progress';

const base64url = (text: string) =>
  btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const token = (payload: object) => ['e30', base64url(JSON.stringify(payload)), 'sig'].join('.');

describe('the reads kept for offline use', () => {
  it.each([
    ['/api/course/free', true],
    ['/api/course/premium', true],
    ['/api/course/single/0192c7a0-0000-7000-8000-000000000001', true],
    ['/api/blog/all', true],
    ['/api/blog/single/abc', true],
    ['/api/progress/0192c7a0-0000-7000-8000-000000000001', true],
    ['/api/progress/courses', true],
    ['/api/enroll/byUser', true],
    ['/api/certificate/byUser', true],
    ['/api/user/profile', true],
    // Admin lists and counts are never kept on a device.
    ['/api/course/all', false],
    ['/api/user/all', false],
    ['/api/sub/subscribers', false],
    ['/api/contact/all', false],
    ['/api/admin/mail/failed', false],
    ['/api/certificate/all', false],
    ['/api/certificate/download/abc', false],
    ['/api/enroll/number', false],
    // Course resources (issue 34): the lists are kept; the files only with a saved course.
    ['/api/course/0192c7a0-0000-7000-8000-000000000001/resources', true],
    ['/api/resources/0192c7a0-0000-7000-8000-000000000002/download', false],
  ])('%s: %s', (path, kept) => {
    expect(isKeptRead(path)).toBe(kept);
  });

  // Issue 32, point 3: the dashboard home and My certificates open offline.
  it.each([
    ['/api/enroll/length', null, true],
    ['/api/certificate/numberByUser', null, true],
    ['/api/certificate/image/0192c7a0-0000-7000-8000-000000000001', null, true],
    ['/api/lesson/byCourse/0192c7a0-0000-7000-8000-000000000001', null, true],
    ['/api/course/all', 'learner', true],
    ['/api/course/all', 'instructor', false],
    ['/api/course/all', 'admin', false],
    ['/api/user/all', 'learner', false],
  ])('%s as %s: %s', (path, role, kept) => {
    expect(isKeptRead(path, role)).toBe(kept);
  });

  it('are kept per user, named by the token’s id; a visitor’s and a broken token’s are not', () => {
    expect(tokenUser(`Bearer ${token({ id: 'u-1', role: 'user' })}`)).toBe('u-1');
    expect(tokenUser(null)).toBeNull();
    expect(tokenUser('Bearer not-a-token')).toBeNull();
    expect(tokenUser(`Bearer ${token({ role: 'admin' })}`)).toBeNull();
    expect(tokenRole(`Bearer ${token({ id: 'u-1', role: 'Learner' })}`)).toBe('learner');
    expect(tokenRole('Bearer not-a-token')).toBeNull();
    expect(tokenUser(`Basic ${token({ id: 'u-1' })}`)).toBeNull();
  });
});

describe('what a progress record sent from the outbox came to', () => {
  const answer = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('sent, completing the course with its certificate', async () => {
    expect(
      await resultOf(
        answer(200, {
          message: 'ok',
          data: { completed: true, certificateId: 'c-1', record: {} },
        }),
      ),
    ).toEqual({ kind: 'sent', courseCompleted: true, certificateId: 'c-1' });
  });

  it('refused with the server’s sentence (out of order), never sent again', async () => {
    expect(
      await resultOf(answer(409, { error: 'Complete the earlier lessons first.', code: 'X' })),
    ).toEqual({ kind: 'refused', message: 'Complete the earlier lessons first.' });
  });

  it('kept for later when the server cannot take it now, or the session is over', async () => {
    expect(await resultOf(answer(503, {}))).toEqual({ kind: 'later' });
    expect(await resultOf(answer(429, {}))).toEqual({ kind: 'later' });
    expect(await resultOf(answer(401, {}))).toEqual({ kind: 'signedOut' });
  });
});

describe('records waiting on the device', () => {
  it('count as complete beside the server’s, once', () => {
    const server = [{ lessonId: 'a', progress: 100, completed: true }];
    expect(withWaiting(server, ['a', 'b'])).toEqual([
      { lessonId: 'a', progress: 100, completed: true },
      { lessonId: 'b', progress: 100, completed: true },
    ]);
    expect(withWaiting(undefined, ['b'])).toBeUndefined();
  });
});

describe('saving a course for offline', () => {
  const rendition = (quality: '240p' | '360p' | '720p' | 'audio', bytes: number) => ({
    quality,
    width: quality === 'audio' ? 0 : 640,
    height: { '240p': 240, '360p': 360, '720p': 720, audio: 0 }[quality],
    bytes,
    durationSeconds: 60,
    url: `/uploads/videos/v/${quality}.mp4?sig=s`,
  });
  const item = (id: string, fields: object) => ({
    id,
    title: id,
    description: '',
    contentType: 'text',
    content: null,
    videoUrl: null,
    video: null,
    position: 0,
    subLessons: [],
    ...fields,
  });
  const course = {
    id: 'c',
    title: 'C',
    imageUrl: '/uploads/images/c.webp',
    lessons: [
      item('one', {
        contentType: 'video',
        videoUrl: '/uploads/videos/one.webm',
        video: {
          status: 'ready',
          durationSeconds: 60,
          posterUrl: '/uploads/videos/v/poster.webp',
          captions: [{ language: 'rw', url: '/uploads/videos/v/captions.rw.vtt' }],
          renditions: [
            rendition('240p', 1_000_000),
            rendition('360p', 2_000_000),
            rendition('audio', 300_000),
          ],
        },
      }),
      item('two', { content: 'Text.' }),
    ],
  } as unknown as CourseWithLessons;
  const sizes: Record<string, number> = {
    '/uploads/images/c.webp': 20_000,
    '/uploads/videos/v/poster.webp': 10_000,
    '/uploads/videos/v/captions.rw.vtt': 2_000,
  };

  it('offers each size with what the whole course costs, pictures and captions included', async () => {
    const options = await planSave(course, async (url) => sizes[url] ?? null);
    expect(options.map((o) => [o.quality, o.bytes])).toEqual([
      ['240p', 1_032_000],
      ['360p', 2_032_000],
      ['audio', 332_000],
    ]);
    expect(options[0]!.files.map((f) => f.url)).toEqual([
      '/uploads/images/c.webp',
      '/uploads/videos/v/poster.webp',
      '/uploads/videos/v/captions.rw.vtt',
      '/uploads/videos/v/240p.mp4?sig=s',
    ]);
  });

  it('saves the given resources with every size, fetched with the token', async () => {
    const textOnly = { ...course, lessons: [course.lessons[1]] } as CourseWithLessons;
    const options = await planSave(textOnly, async (url) => sizes[url] ?? null, [
      { url: '/api/resources/r1/download', bytes: 5_000, auth: true },
    ]);
    expect(options.map((o) => [o.quality, o.bytes])).toEqual([[null, 25_000]]);
    expect(options[0]!.files.at(-1)).toEqual({
      url: '/api/resources/r1/download',
      bytes: 5_000,
      auth: true,
    });
  });

  it('a course without video is saved as text and pictures', async () => {
    const textOnly = { ...course, lessons: [course.lessons[1]] } as CourseWithLessons;
    const options = await planSave(textOnly, async (url) => sizes[url] ?? null);
    expect(options.map((o) => [o.quality, o.bytes])).toEqual([[null, 20_000]]);
  });
});
