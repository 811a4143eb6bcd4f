import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { promisify } from 'node:util';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { messages } from '@ishuri/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { videos } from '../../db/schema';
import { keyOfPublicUrl } from '../../lib/storage';
import { createCourse, createLesson, enrol, SETUP_TIMEOUT } from '../../test/content';
import { createUser } from '../../test/factories';
import type { TestUser } from '../../test/factories';
import { createCourseWithItems } from '../../test/learning-factories';
import { formOf, lectureVideo, pngImage, videoFile } from '../../test/media';
import { startS3Server } from '../../test/s3';
import type { TestS3 } from '../../test/s3';
import { startTestServer, testConfig } from '../../test/server';
import type { TestServer } from '../../test/server';

// The whole product with its files in an S3-compatible store (s3rver, a real server on a port):
// uploads land in the bucket under `<prefix>uploads/`, certificates under `<prefix>private/`,
// GET /uploads streams objects with the same rules as files on the disk, and renditions are
// made from a video that is only in the bucket. Nothing is written to the data folder's
// `uploads/` or `private/`.

const run = promisify(execFile);

let s3: TestS3;
let server: TestServer;
let admin: TestUser;

beforeAll(async () => {
  s3 = await startS3Server({ prefix: 'school/' });
  server = await startTestServer({ s3: s3.config });
  admin = await createUser(server, { role: 'admin' });
}, SETUP_TIMEOUT);

afterAll(async () => {
  await server?.close();
  await s3?.close();
});

const objectOf = (key: string) => `school/uploads/${key}`;

async function objectBytes(key: string): Promise<Buffer> {
  const object = await s3.client.send(new GetObjectCommand({ Bucket: s3.config.bucket, Key: key }));
  return buffer(object.Body as Readable);
}

describe('an image, with files in an object store', () => {
  let imageUrl: string;
  let key: string;
  let stored: Buffer;

  beforeAll(async () => {
    const course = await createCourse(
      server,
      admin,
      {},
      {
        field: 'imageUrl',
        name: 'cover.png',
        type: 'image/png',
        data: await pngImage(800, 400),
      },
    );
    imageUrl = course.imageUrl!;
    key = keyOfPublicUrl(imageUrl)!;
    stored = await objectBytes(objectOf(key));
  });

  it('is stored in the bucket, with its small copy, and nothing on the disk', async () => {
    expect(imageUrl).toMatch(/^\/uploads\/images\/[0-9a-f-]{36}\.webp$/);
    expect(await s3.has(objectOf(key))).toBe(true);
    expect(await s3.has(objectOf(key.replace(/\.webp$/, '.small.webp')))).toBe(true);
    expect(stored.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(stored.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(existsSync(path.join(server.dataDir, 'uploads'))).toBe(false);
  });

  it('is served whole under /uploads, for long caching, with its ETag and time', async () => {
    const whole = await fetch(server.baseUrl + imageUrl);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('image/webp');
    expect(whole.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('x-content-type-options')).toBe('nosniff');
    expect(whole.headers.get('content-length')).toBe(String(stored.length));
    expect(whole.headers.get('etag')).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    expect(whole.headers.get('last-modified')).toMatch(/ GMT$/);
    expect(Buffer.from(await whole.arrayBuffer()).equals(stored)).toBe(true);
  });

  it('answers byte ranges with 206, and a range beyond the end with 416', async () => {
    const head = await fetch(server.baseUrl + imageUrl, { headers: { range: 'bytes=0-3' } });
    expect(head.status).toBe(206);
    expect(head.headers.get('content-range')).toBe(`bytes 0-3/${stored.length}`);
    expect(head.headers.get('content-length')).toBe('4');
    expect(head.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await head.arrayBuffer()).toString('latin1')).toBe('RIFF');

    const middle = await fetch(server.baseUrl + imageUrl, { headers: { range: 'bytes=8-11' } });
    expect(middle.status).toBe(206);
    expect(Buffer.from(await middle.arrayBuffer()).toString('latin1')).toBe('WEBP');

    const tail = await fetch(server.baseUrl + imageUrl, { headers: { range: 'bytes=-2' } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe(
      `bytes ${stored.length - 2}-${stored.length - 1}/${stored.length}`,
    );
    expect(Buffer.from(await tail.arrayBuffer()).equals(stored.subarray(-2))).toBe(true);

    const beyond = await fetch(server.baseUrl + imageUrl, {
      headers: { range: `bytes=${stored.length + 10}-` },
    });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${stored.length}`);
    expect(await beyond.json()).toMatchObject({
      error: messages.rangeNotSatisfiable,
      code: 'RANGE_NOT_SATISFIABLE',
    });
  });

  it('answers 304 to a browser that has it (If-None-Match, If-Modified-Since)', async () => {
    const first = await fetch(server.baseUrl + imageUrl);
    const etag = first.headers.get('etag')!;
    const lastModified = first.headers.get('last-modified')!;
    await first.arrayBuffer();
    const again = await fetch(server.baseUrl + imageUrl, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    const since = await fetch(server.baseUrl + imageUrl, {
      headers: { 'if-modified-since': lastModified },
    });
    expect(since.status).toBe(304);
    const other = await fetch(server.baseUrl + imageUrl, {
      headers: { 'if-none-match': 'W/"1-1"' },
    });
    expect(other.status).toBe(200);
    await other.arrayBuffer();
  });

  it('answers HEAD with the length and no body', async () => {
    const head = await fetch(server.baseUrl + imageUrl, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(stored.length));
    expect(head.headers.get('content-type')).toBe('image/webp');
  });

  it('makes a missing small copy on its first request, into the bucket', async () => {
    const smallKey = key.replace(/\.webp$/, '.small.webp');
    await server.ctx.files.delete(smallKey);
    expect(await s3.has(objectOf(smallKey))).toBe(false);
    const small = await fetch(`${server.baseUrl}/uploads/${smallKey}`);
    expect(small.status).toBe(200);
    expect(small.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await small.arrayBuffer());
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(await s3.has(objectOf(smallKey))).toBe(true);
  });

  it('answers 404 JSON for what is not there, and for keys that are no stored file', async () => {
    await server.ctx.privateFiles.put('certificates/secret.pdf', Buffer.from('TOP-SECRET'));
    for (const attempt of [
      '/uploads/images/nothing-here.webp',
      '/uploads/certificates/secret.pdf',
      '/uploads/..%2fprivate%2fcertificates%2fsecret.pdf',
      '/uploads/images/.hidden.webp',
      '/uploads/images',
      '/uploads/',
    ]) {
      const response = await fetch(server.baseUrl + attempt);
      const text = await response.text();
      expect(text, attempt).not.toContain('TOP-SECRET');
      expect([400, 404], attempt).toContain(response.status);
      expect(response.headers.get('content-type'), attempt).toContain('application/json');
    }
    const missing = await server.request('GET', '/uploads/images/nothing-here.webp');
    expect(missing.body).toMatchObject({ error: messages.fileNotFound, code: 'FILE_NOT_FOUND' });
  });

  it('is deleted from the bucket with its course', async () => {
    const course = await createCourse(
      server,
      admin,
      {},
      {
        field: 'imageUrl',
        name: 'gone.png',
        type: 'image/png',
        data: await pngImage(400, 200),
      },
    );
    const goneKey = keyOfPublicUrl(course.imageUrl)!;
    expect(await s3.has(objectOf(goneKey))).toBe(true);
    const removed = await server.request('DELETE', `/api/course/delete/${course.id}`, {
      token: admin.token,
    });
    expect(removed.status, removed.text).toBe(200);
    expect(await s3.has(objectOf(goneKey))).toBe(false);
    expect(await s3.has(objectOf(goneKey.replace(/\.webp$/, '.small.webp')))).toBe(false);
    expect((await fetch(server.baseUrl + course.imageUrl!)).status).toBe(404);
  });
});

describe('a download cut off, with files in an object store', () => {
  it(
    "frees the store's connection: more cut-offs than the pool holds, then a whole file",
    { timeout: 180_000 },
    async () => {
      // 4 MB: far more than the sockets' buffers, so each download is cut off mid-file.
      const big = Buffer.alloc(4 * 1024 * 1024, 7);
      await server.ctx.files.put('videos/0190a8f2-0000-7000-8000-00000000cafe.mp4', big);
      const url = `${server.baseUrl}/uploads/videos/0190a8f2-0000-7000-8000-00000000cafe.mp4`;
      // The pool has 256 connections: a cut-off download that kept its own would exhaust it.
      for (let i = 0; i < 300; i += 1) {
        const stop = new AbortController();
        const answer = await fetch(url, { signal: stop.signal });
        expect(answer.status).toBe(200);
        const reader = answer.body!.getReader();
        await reader.read();
        stop.abort();
        await reader.cancel().catch(() => undefined);
      }
      const whole = await fetch(url, { signal: AbortSignal.timeout(20_000) });
      expect(whole.status).toBe(200);
      expect(Buffer.from(await whole.arrayBuffer()).equals(big)).toBe(true);
    },
  );
});

describe('a premium lesson video, with files in an object store', () => {
  it('is refused without a signature, and served with one, by range too', async () => {
    const clip = await videoFile('mp4');
    // Its upload is kept: this test reads the uploaded file itself.
    const premium = await createCourse(server, admin, { courseType: 'premium' });
    const lesson = await createLesson(
      server,
      admin,
      premium.id,
      {},
      {
        field: 'videoUrl',
        name: 'clip.mp4',
        type: 'video/mp4',
        data: clip,
      },
    );
    const [row] = await server.ctx.database.db
      .select({ sourceUrl: videos.sourceUrl })
      .from(videos)
      .where(eq(videos.status, 'processing'));
    const bare = row!.sourceUrl;
    expect(bare).toMatch(/^\/uploads\/videos\/[0-9a-f-]{36}\.mp4$/);
    expect(lesson.videoUrl).toContain('?exp=');
    const key = keyOfPublicUrl(bare)!;
    expect(await s3.has(objectOf(key))).toBe(true);

    const refused = await fetch(server.baseUrl + bare);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('MEDIA_LINK_INVALID');
    const ranged = await fetch(server.baseUrl + bare, { headers: { range: 'bytes=0-99' } });
    expect(ranged.status).toBe(403);
    await ranged.arrayBuffer();

    const signed = server.ctx.media.sign(bare);
    const whole = await fetch(server.baseUrl + signed);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    expect(Buffer.from(await whole.arrayBuffer()).equals(clip)).toBe(true);
    const part = await fetch(server.baseUrl + signed, { headers: { range: 'bytes=4-7' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 4-7/${clip.length}`);
    expect(Buffer.from(await part.arrayBuffer()).toString('latin1')).toBe('ftyp');
    expect(part.headers.get('cache-control')).toMatch(/^private/);
    const forged = await fetch(`${server.baseUrl}${bare}?exp=9999999999&sig=forged`);
    expect(forged.status).toBe(403);
    await forged.arrayBuffer();
  });
});

describe('renditions of a video that is only in the object store', () => {
  it('are made by ffmpeg from a temporary copy, stored in the bucket, and the upload goes', async () => {
    const course = await createCourse(server, admin, { courseType: 'free' });
    const lesson = await createLesson(
      server,
      admin,
      course.id,
      {},
      {
        field: 'videoUrl',
        name: 'lecture.mp4',
        type: 'video/mp4',
        data: await lectureVideo(2),
      },
    );
    const sourceUrl = lesson.videoUrl!;
    const sourceKey = keyOfPublicUrl(sourceUrl)!;
    expect(await s3.has(objectOf(sourceKey))).toBe(true);
    await server.ctx.jobs.kick();
    const [row] = await server.ctx.database.db
      .select()
      .from(videos)
      .where(eq(videos.sourceUrl, sourceUrl));
    expect(row?.status).toBe('ready');
    const folder = sourceKey.replace(/\.mp4$/, '/');
    expect(row!.renditions.map((made) => made.key).sort()).toEqual([
      `${folder}240p.mp4`,
      `${folder}360p.mp4`,
      `${folder}audio.m4a`,
    ]);
    expect(row!.posterKey).toBe(`${folder}poster.webp`);
    expect(await s3.keys(objectOf(folder))).toEqual([
      objectOf(`${folder}240p.mp4`),
      objectOf(`${folder}360p.mp4`),
      objectOf(`${folder}audio.m4a`),
      objectOf(`${folder}poster.webp`),
    ]);
    // Made small, the upload itself is deleted from the bucket (KEEP_ORIGINAL_VIDEOS false).
    expect(await s3.has(objectOf(sourceKey))).toBe(false);

    // The 240p copy, as served, is H.264 240 pixels high, read by ffprobe.
    const served = await fetch(`${server.baseUrl}/uploads/${folder}240p.mp4`);
    expect(served.status).toBe(200);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ishuri-s3-test-'));
    try {
      const file = path.join(dir, '240p.mp4');
      await writeFile(file, Buffer.from(await served.arrayBuffer()));
      const { stdout } = await run('ffprobe', [
        ...['-v', 'error', '-select_streams', 'v:0'],
        ...['-show_entries', 'stream=codec_name,height', '-of', 'csv=p=0', file],
      ]);
      expect(stdout.trim()).toBe('h264,240');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('a certificate, with files in an object store', () => {
  it('is stored under the private prefix and downloaded from it', async () => {
    const learner = await createUser(server);
    const course = await createCourseWithItems(server, [0], { courseType: 'premium' });
    await enrol(server, learner.id, course.id);
    const done = await server.request('POST', '/api/progress/upsert', {
      token: learner.token,
      body: { courseId: course.id, lessonId: course.items[0], progress: 100 },
    });
    expect(done.status, done.text).toBe(200);
    const id: string = done.body.data.certificateId;
    // The issuing job stores the PDF first. (s3rver, unlike S3, rewrites an object in place: a
    // download that rendered and stored the same PDF at the same moment could read it half
    // written, which S3's atomic writes never give.)
    await server.ctx.jobs.kick();
    const download = await fetch(`${server.baseUrl}/api/certificate/download/${id}`, {
      headers: { authorization: `Bearer ${learner.token}` },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await download.arrayBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const key = `school/private/certificates/${id}.pdf`;
    expect(await s3.has(key)).toBe(true);
    expect((await objectBytes(key)).equals(pdf)).toBe(true);
    // Private: never under /uploads, and nothing on the disk.
    expect((await fetch(`${server.baseUrl}/uploads/certificates/${id}.pdf`)).status).toBe(404);
    expect(existsSync(path.join(server.dataDir, 'private'))).toBe(false);
  });
});

describe('a resumable (tus) upload, with files in an object store', () => {
  it('keeps its chunks on the disk and puts the finished video into the bucket', async () => {
    const clip = await videoFile('mp4');
    const tus = (method: string, url: string, headers: Record<string, string>, body?: Buffer) =>
      fetch(server.baseUrl + url, {
        method,
        headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${admin.token}`, ...headers },
        body: body ? new Uint8Array(body) : undefined,
      });
    const created = await tus('POST', '/api/uploads/tus', { 'upload-length': String(clip.length) });
    expect(created.status).toBe(201);
    const url = created.headers.get('location')!;
    const id = url.slice(url.lastIndexOf('/') + 1);
    const sent = await tus(
      'PATCH',
      url,
      { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      clip,
    );
    expect(sent.status).toBe(204);
    expect(existsSync(path.join(server.dataDir, 'tus', id))).toBe(true);
    const course = await createCourse(server, admin, { courseType: 'free' });
    const saved = await server.request('POST', `/api/lesson/create/${course.id}`, {
      token: admin.token,
      form: formOf({ title: 'Resumed', description: 'In one go', videoUpload: id }),
    });
    expect(saved.status, saved.text).toBe(201);
    const key = keyOfPublicUrl(saved.body.data.videoUrl)!;
    expect((await objectBytes(objectOf(key))).equals(clip)).toBe(true);
    // Used: its chunks are gone from the disk.
    expect(existsSync(path.join(server.dataDir, 'tus', id))).toBe(false);
  });
});

describe('the start, with files in an object store', () => {
  it('stops with a clear message when the bucket does not exist, and creates none', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ishuri-s3-start-'));
    try {
      const config = testConfig(dir, { s3: { ...s3.config, bucket: 'not-made-here' } });
      await expect(buildApp(config)).rejects.toThrow(
        `S3_BUCKET "not-made-here" at ${s3.config.endpoint} cannot be used: it does not exist.`,
      );
      expect((await s3.keys()).some((key) => key.startsWith('not-made-here'))).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
