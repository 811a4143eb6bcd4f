import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { messages } from '@ishuri/contract';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogs, courseItems, courses } from '../../db/schema';
import { SETUP_TIMEOUT } from '../../test/content';
import { createUser } from '../../test/factories';
import type { TestUser } from '../../test/factories';
import {
  animatedGif,
  filesUnder,
  formOf,
  jpegImage,
  noisyPng,
  paddedMp4,
  pngImage,
  videoFile,
} from '../../test/media';
import { startTestServer } from '../../test/server';
import type { TestServer } from '../../test/server';

const MAX_VIDEO = 100 * 1024;

let server: TestServer;
let admin: TestUser;
let courseId: string;
let uploadsDir: string;

beforeAll(async () => {
  // Uploads are kept: these tests follow the uploaded file itself (its deletion once made small
  // is modules/media/video-originals.test.ts's).
  server = await startTestServer({ maxVideoBytes: MAX_VIDEO, keepOriginalVideos: true });
  admin = await createUser(server, { role: 'admin' });
  uploadsDir = path.join(server.dataDir, 'uploads');
  const created = await server.request('POST', '/api/course/create', {
    token: admin.token,
    form: formOf({ title: 'Uploads', description: 'Files' }),
  });
  expect(created.status).toBe(201);
  courseId = created.body.data.id;
}, SETUP_TIMEOUT);

afterAll(async () => {
  await server?.close();
});

async function rows() {
  const db = server.ctx.database.db;
  const [c] = await db.select({ n: count() }).from(courses);
  const [l] = await db.select({ n: count() }).from(courseItems);
  const [b] = await db.select({ n: count() }).from(blogs);
  return { courses: c!.n, lessons: l!.n, blogs: b!.n };
}

/** Runs a refused upload and checks that it left no file and no row. */
async function expectNothingLeft(send: () => Promise<void>) {
  // Earlier uploads' renditions are made first: only this request's files are compared.
  await server.ctx.jobs.kick();
  const filesBefore = await filesUnder(uploadsDir);
  const rowsBefore = await rows();
  await send();
  expect(await filesUnder(uploadsDir)).toEqual(filesBefore);
  expect(await rows()).toEqual(rowsBefore);
}

const createCourse = (file?: Parameters<typeof formOf>[1], fields = {}) =>
  server.request('POST', '/api/course/create', {
    token: admin.token,
    form: formOf({ title: 'A course', description: 'About it', ...fields }, file),
  });

const createLesson = (file?: Parameters<typeof formOf>[1], fields = {}) =>
  server.request('POST', `/api/lesson/create/${courseId}`, {
    token: admin.token,
    form: formOf({ title: 'A lesson', description: 'Watch it', ...fields }, file),
  });

/** A raw HTTP request, for paths that fetch would normalise and for aborted bodies. */
function rawGet(
  urlPath: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const { port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, path: urlPath, method: 'GET' },
      (response) => {
        let body = '';
        response.setEncoding('latin1');
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode!, headers: response.headers, body }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

describe('images', () => {
  it('stores a PNG as a web-optimised WebP and serves it for long caching', async () => {
    const png = await pngImage(1600, 800);
    const created = await createCourse({
      field: 'imageUrl',
      name: 'cover.png',
      type: 'image/png',
      data: png,
    });
    expect(created.status).toBe(201);
    const imageUrl: string = created.body.data.imageUrl;
    expect(imageUrl).toMatch(/^\/uploads\/images\/[0-9a-f-]{36}\.webp$/);

    const served = await fetch(server.baseUrl + imageUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(1200);
    expect(meta.height).toBe(600);
  });

  it('accepts JPEG, and keeps an animated GIF animated', async () => {
    const jpeg = await createCourse({
      field: 'imageUrl',
      name: 'photo.jpg',
      type: 'image/jpeg',
      data: await jpegImage(),
    });
    expect(jpeg.status).toBe(201);
    const jpegMeta = await sharp(
      Buffer.from(await (await fetch(server.baseUrl + jpeg.body.data.imageUrl)).arrayBuffer()),
    ).metadata();
    expect(jpegMeta).toMatchObject({ format: 'webp', width: 640, height: 480 });

    // Declared type and name say nothing: the bytes decide.
    const gif = await createCourse({
      field: 'imageUrl',
      name: 'anim.bin',
      type: 'application/octet-stream',
      data: await animatedGif(3),
    });
    expect(gif.status).toBe(201);
    const gifMeta = await sharp(
      Buffer.from(await (await fetch(server.baseUrl + gif.body.data.imageUrl)).arrayBuffer()),
      { animated: true },
    ).metadata();
    expect(gifMeta.format).toBe('webp');
    expect(gifMeta.pages).toBe(3);
  });

  it('refuses an HTML file named x.png with 415, leaving nothing', async () => {
    await expectNothingLeft(async () => {
      const response = await createCourse({
        field: 'imageUrl',
        name: 'x.png',
        type: 'image/png',
        data: Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
      });
      expect(response.status).toBe(415);
      expect(response.body).toEqual({
        error: messages.imageTypeNotAllowed,
        code: 'IMAGE_TYPE_NOT_ALLOWED',
      });
    });
  });

  it('refuses an SVG carrying a script with 415, leaving nothing', async () => {
    const svg =
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
      '<script>alert(document.cookie)</script><rect width="10" height="10"/></svg>';
    await expectNothingLeft(async () => {
      const response = await createCourse({
        field: 'imageUrl',
        name: 'logo.svg',
        type: 'image/svg+xml',
        data: Buffer.from(svg),
      });
      expect(response.status).toBe(415);
      expect(response.body.error).toBe(messages.imageTypeNotAllowed);
    });
  });

  it('refuses a truncated PNG with 400, leaving nothing', async () => {
    const png = await noisyPng(60_000);
    await expectNothingLeft(async () => {
      const response = await createCourse({
        field: 'imageUrl',
        name: 'cut.png',
        type: 'image/png',
        data: png.subarray(0, Math.floor(png.length / 2)),
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        error: messages.imageUnreadable,
        code: 'IMAGE_UNREADABLE',
      });
    });
  });

  it('refuses an image over 5 MB with 413, leaving nothing', async () => {
    const big = await noisyPng(5 * 1024 * 1024 + 1024);
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    await expectNothingLeft(async () => {
      const response = await createCourse({
        field: 'imageUrl',
        name: 'big.png',
        type: 'image/png',
        data: big,
      });
      expect(response.status).toBe(413);
      expect(response.body).toEqual({ error: messages.imageTooLarge, code: 'IMAGE_TOO_LARGE' });
    });
  });

  it('deletes the stored image when the text fields are refused afterwards', async () => {
    await expectNothingLeft(async () => {
      const form = new FormData();
      // The file comes first, so it is stored before the fields are known.
      form.append('imageUrl', new Blob([new Uint8Array(await pngImage(200, 100))]), 'a.png');
      form.append('description', 'No title');
      const response = await server.request('POST', '/api/course/create', {
        token: admin.token,
        form,
      });
      expect(response.status).toBe(400);
      expect(response.body.error).toBe(messages.titleRequired);
    });
  });

  it('never makes a path of the client’s file name', async () => {
    const response = await createCourse({
      field: 'imageUrl',
      name: '../../etc/passwd',
      type: 'image/png',
      data: await pngImage(100, 50),
    });
    expect(response.status).toBe(201);
    expect(response.body.data.imageUrl).toMatch(/^\/uploads\/images\/[0-9a-f-]{36}\.webp$/);
    const all = await filesUnder(server.dataDir);
    expect(all.some((file) => file.includes('passwd') || file.includes('..'))).toBe(false);
  });

  it('refuses a second file, or a file in another field, leaving nothing', async () => {
    const png = await pngImage(100, 50);
    await expectNothingLeft(async () => {
      const other = await server.request('POST', '/api/course/create', {
        token: admin.token,
        form: formOf(
          { title: 'T', description: 'D' },
          { field: 'image', name: 'a.png', data: png },
        ),
      });
      expect(other.status).toBe(400);
      expect(other.body.error).toBe(messages.unexpectedFile('imageUrl'));

      const form = formOf(
        { title: 'T', description: 'D' },
        { field: 'imageUrl', name: 'a.png', data: png },
      );
      form.append('imageUrl', new Blob([new Uint8Array(png)]), 'b.png');
      const two = await server.request('POST', '/api/course/create', {
        token: admin.token,
        form,
      });
      expect([400, 413]).toContain(two.status);
      expect(typeof two.body.error).toBe('string');
    });
  });
});

describe('videos', () => {
  it('stores an MP4 as it is and serves it with ranges', async () => {
    const clip = await videoFile('mp4');
    const created = await createLesson({
      field: 'videoUrl',
      name: 'clip.mp4',
      type: 'video/mp4',
      data: clip,
    });
    expect(created.status).toBe(201);
    const videoUrl: string = created.body.data.videoUrl;
    expect(videoUrl).toMatch(/^\/uploads\/videos\/[0-9a-f-]{36}\.mp4$/);
    expect(created.body.data.contentType).toBe('video');

    const whole = await fetch(server.baseUrl + videoUrl);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await whole.arrayBuffer()).equals(clip)).toBe(true);

    const part = await fetch(server.baseUrl + videoUrl, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('accept-ranges')).toBe('bytes');
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${clip.length}`);
    const bytes = Buffer.from(await part.arrayBuffer());
    expect(bytes.length).toBe(100);
    expect(bytes.equals(clip.subarray(100, 200))).toBe(true);

    const beyond = await fetch(server.baseUrl + videoUrl, {
      headers: { range: `bytes=${clip.length + 10}-` },
    });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${clip.length}`);
    expect(await beyond.json()).toEqual({
      error: messages.rangeNotSatisfiable,
      code: 'RANGE_NOT_SATISFIABLE',
      requestId: expect.any(String),
    });
  });

  it('accepts WebM and QuickTime, typed by their bytes', async () => {
    for (const [kind, mime] of [
      ['webm', 'video/webm'],
      ['mov', 'video/quicktime'],
    ] as const) {
      const clip = await videoFile(kind);
      const created = await createLesson({ field: 'videoUrl', name: 'upload.bin', data: clip });
      expect(created.status).toBe(201);
      expect(created.body.data.videoUrl).toMatch(new RegExp(`\\.${kind}$`));
      const served = await fetch(server.baseUrl + created.body.data.videoUrl);
      expect(served.headers.get('content-type')).toBe(mime);
      expect(Buffer.from(await served.arrayBuffer()).equals(clip)).toBe(true);
    }
  });

  it('refuses a file that is not a video with 415, leaving nothing', async () => {
    await expectNothingLeft(async () => {
      const response = await createLesson({
        field: 'videoUrl',
        name: 'clip.mp4',
        type: 'video/mp4',
        data: await pngImage(100, 50),
      });
      expect(response.status).toBe(415);
      expect(response.body).toEqual({
        error: messages.videoTypeNotAllowed,
        code: 'VIDEO_TYPE_NOT_ALLOWED',
      });
    });
  });

  it('refuses a truncated video with 400, leaving nothing', async () => {
    for (const kind of ['mp4', 'webm'] as const) {
      const clip = await videoFile(kind);
      await expectNothingLeft(async () => {
        const response = await createLesson({
          field: 'videoUrl',
          name: `cut.${kind}`,
          data: clip.subarray(0, Math.floor(clip.length * 0.6)),
        });
        expect(response.status).toBe(400);
        expect(response.body).toEqual({ error: messages.videoDamaged, code: 'VIDEO_DAMAGED' });
      });
    }
  });

  it('refuses a video over the limit with 413, leaving nothing', async () => {
    const big = paddedMp4(await videoFile('mp4'), MAX_VIDEO + 4096);
    await expectNothingLeft(async () => {
      const response = await createLesson({ field: 'videoUrl', name: 'big.mp4', data: big });
      expect(response.status).toBe(413);
      expect(response.body).toEqual({
        error: messages.videoTooLarge('100 KB'),
        code: 'VIDEO_TOO_LARGE',
      });
    });
    // In French, the size too: French writes octets.
    await expectNothingLeft(async () => {
      const response = await server.request('POST', `/api/lesson/create/${courseId}`, {
        token: admin.token,
        headers: { 'accept-language': 'fr' },
        form: formOf(
          { title: 'A lesson', description: 'Watch it' },
          { field: 'videoUrl', name: 'big.mp4', data: big },
        ),
      });
      expect(response.status).toBe(413);
      expect(response.body).toEqual({ error: 'La vidéo dépasse 100 Ko.', code: 'VIDEO_TOO_LARGE' });
    });
    // Just under the limit is fine.
    const fits = paddedMp4(await videoFile('mp4'), MAX_VIDEO);
    expect((await createLesson({ field: 'videoUrl', name: 'fits.mp4', data: fits })).status).toBe(
      201,
    );
  });

  it('leaves no half file when the client drops the connection mid-upload', async () => {
    const clip = paddedMp4(await videoFile('mp4'), 90 * 1024);
    const boundary = `----ishuri${randomBytes(8).toString('hex')}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nDropped\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="videoUrl"; filename="a.mp4"\r\n` +
        `Content-Type: video/mp4\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    // Earlier uploads' renditions are made first: only this request's files are compared.
    await server.ctx.jobs.kick();
    const filesBefore = await filesUnder(uploadsDir);
    const rowsBefore = await rows();
    const { port } = new URL(server.baseUrl);
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `/api/lesson/create/${courseId}`,
      headers: {
        authorization: `Bearer ${admin.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + clip.length + tail.length),
      },
    });
    request.on('error', () => undefined);
    request.write(head);
    request.write(clip.subarray(0, 40 * 1024));
    // The server has started writing the file (a temporary part file exists)...
    await expect
      .poll(async () => (await filesUnder(uploadsDir)).some((f) => f.endsWith('.part')), {
        timeout: 20_000,
      })
      .toBe(true);
    // ...when the client goes away.
    request.destroy();
    await expect.poll(() => filesUnder(uploadsDir), { timeout: 20_000 }).toEqual(filesBefore);
    expect(await rows()).toEqual(rowsBefore);
  });

  it('refuses a multipart body that ends before its closing boundary', async () => {
    const clip = await videoFile('mp4');
    const boundary = `----ishuri${randomBytes(8).toString('hex')}`;
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nCut\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="videoUrl"; filename="a.mp4"\r\n` +
          `Content-Type: video/mp4\r\n\r\n`,
      ),
      clip,
    ]);
    await expectNothingLeft(async () => {
      const response = await fetch(`${server.baseUrl}/api/lesson/create/${courseId}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${admin.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        body,
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: messages.uploadIncomplete,
        code: 'UPLOAD_INCOMPLETE',
        requestId: expect.any(String),
      });
    });
  });
});

describe('malformed forms', () => {
  it('answers 400 for a multipart body without a boundary or with broken parts', async () => {
    const send = (contentType: string, body: string) =>
      fetch(`${server.baseUrl}/api/course/create`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin.token}`, 'content-type': contentType },
        body,
      });
    const noBoundary = await send('multipart/form-data', 'title=x');
    expect(noBoundary.status).toBe(400);
    expect(await noBoundary.json()).toEqual({
      error: messages.uploadMalformed,
      code: 'UPLOAD_MALFORMED',
      requestId: expect.any(String),
    });
    const garbage = await send('multipart/form-data; boundary=abc', '--abc\r\nnonsense');
    expect(garbage.status).toBe(400);
    expect(((await garbage.json()) as { code: string }).code).toMatch(
      /^UPLOAD_(MALFORMED|INCOMPLETE)$/,
    );
  });
});

describe('refused uploads and the connection', () => {
  /** Sends a whole multipart body on one keep-alive connection and reads the answer. */
  function postOn(agent: http.Agent, body: Buffer, boundary: string, extra = {}) {
    const { port } = new URL(server.baseUrl);
    return new Promise<{ status: number; body: string; socket: unknown }>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          agent,
          method: 'POST',
          path: '/api/course/create',
          headers: {
            authorization: `Bearer ${admin.token}`,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': String(body.length),
            ...extra,
          },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk) => (text += chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode!, body: text, socket: request.socket }),
          );
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }

  it('drains the rest of a refused body, so the connection serves the next request', async () => {
    const big = await noisyPng(5 * 1024 * 1024 + 1024);
    const boundary = `----ishuri${randomBytes(8).toString('hex')}`;
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="imageUrl"; filename="a.png"\r\n\r\n`,
      ),
      big,
      Buffer.from(
        `\r\n--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nT\r\n--${boundary}--\r\n`,
      ),
    ]);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await postOn(agent, body, boundary);
      const second = await postOn(agent, body, boundary);
      expect(first.status).toBe(413);
      expect(second.status).toBe(413);
      expect(JSON.parse(second.body).code).toBe('IMAGE_TOO_LARGE');
      // The same socket answered both.
      expect(second.socket).toBe(first.socket);
    } finally {
      agent.destroy();
    }
  });

  it('refuses a body declared larger than any allowed upload before reading it', async () => {
    const { port } = new URL(server.baseUrl);
    const response = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: `/api/lesson/create/${courseId}`,
          headers: {
            authorization: `Bearer ${admin.token}`,
            'content-type': 'multipart/form-data; boundary=xyz',
            'content-length': String(10 * 1024 * 1024 * 1024),
          },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, body: text }));
        },
      );
      request.on('error', reject);
      // Only the headers are sent.
      request.flushHeaders();
    });
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toEqual({
      error: messages.videoTooLarge('100 KB'),
      code: 'VIDEO_TOO_LARGE',
      requestId: expect.any(String),
    });
  });
});

describe('serving /uploads', () => {
  it('answers 404 JSON for a missing file', async () => {
    const response = await server.request('GET', '/uploads/images/nothing-here.webp');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: messages.fileNotFound, code: 'FILE_NOT_FOUND' });
  });

  it('never reaches the private storage, temporary files or anything outside uploads/', async () => {
    await server.ctx.privateFiles.put('certificates/secret.pdf', Buffer.from('TOP-SECRET'));
    await mkdir(path.join(uploadsDir, 'images'), { recursive: true });
    await writeFile(path.join(uploadsDir, 'images', '.left.part'), 'TOP-SECRET');
    const attempts = [
      '/uploads/../private/certificates/secret.pdf',
      '/uploads/..%2fprivate%2fcertificates%2fsecret.pdf',
      '/uploads/%2e%2e/private/certificates/secret.pdf',
      '/uploads/images/..%2f..%2fprivate%2fcertificates%2fsecret.pdf',
      '/uploads/images/%2e%2e/%2e%2e/private/certificates/secret.pdf',
      '/uploads/..%5cprivate%5ccertificates%5csecret.pdf',
      '/uploads//etc/passwd',
      '/uploads/%2fetc%2fpasswd',
      '/uploads/images/.left.part',
      '/uploads/certificates/secret.pdf',
      '/uploads/',
      '/uploads/images',
    ];
    for (const attempt of attempts) {
      const response = await rawGet(attempt);
      expect(response.body, attempt).not.toContain('TOP-SECRET');
      expect(response.body, attempt).not.toContain('root:');
      expect([400, 404], attempt).toContain(response.status);
      expect(response.headers['content-type'], attempt).toContain('application/json');
    }
  });
});
