import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBundle, startBuilt, untilAnswers } from './test/built-server';
import type { BuiltServer } from './test/built-server';
import { freshDatabase } from './test/database';
import { paddedMp4, videoFile } from './test/media';

/**
 * Graceful shutdown of the real process (`node dist/main.mjs`, as `npm start` runs it): a SIGTERM
 * lets the requests in flight finish, refuses new work, and exits 0. The bundle is built once
 * for this file, as bundle.test.ts does.
 */

let outDir = '';
const ADMIN_EMAIL = 'shutdown-admin@example.rw';
const ADMIN_PASSWORD = 'a-long-admin-password';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(() => {
  outDir = buildBundle('bundle-shutdown');
}, 120_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

interface Running extends BuiltServer {
  dataDir: string;
  exited: Promise<number | null>;
}

/** Starts the bundled server on a fresh data folder (and, on PostgreSQL, a fresh database). */
async function startServer(): Promise<Running> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ishuri-shutdown-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    SHUTDOWN_TIMEOUT_SECONDS: '60',
  };
  if (process.env.TEST_DB === 'postgres') {
    const fresh = await freshDatabase();
    env.DATABASE_URL = fresh.url!;
    cleanups.push(() => fresh.drop());
  }
  const server = await startBuilt(outDir, env);
  const { child } = server;
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  cleanups.push(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  expect(await untilAnswers(server), server.output()).toBe(true);
  return { ...server, dataDir, exited };
}

/** The admin's token: signs in, reads the code the file mailer prints, verifies it. */
async function adminToken(server: Running): Promise<string> {
  const signin = await fetch(`${server.baseUrl}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  expect(signin.status).toBe(200);
  const { userId } = (await signin.json()) as { userId: string };
  let code: string | undefined;
  for (let i = 0; i < 100 && !code; i += 1) {
    code = /sign-in code for [^:]+: (\d{6})/.exec(server.output())?.[1];
    if (!code) await sleep(50);
  }
  const verified = await fetch(`${server.baseUrl}/api/auth/verifyCode`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userId, verificationCode: code }),
  });
  expect(verified.status).toBe(200);
  return ((await verified.json()) as { token: string }).token;
}

async function createCourse(server: Running, token: string): Promise<string> {
  const form = new FormData();
  form.set('title', 'Shutdown course');
  form.set('description', 'Videos uploaded while the server stops.');
  const answer = await fetch(`${server.baseUrl}/api/course/create`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(answer.status).toBe(201);
  return ((await answer.json()) as { data: { id: string } }).data.id;
}

/** A lesson's multipart body with a video file, written by hand so the test controls its pace. */
function lessonBody(video: Buffer): { body: Buffer; contentType: string } {
  const boundary = `----ishuri${randomBytes(8).toString('hex')}`;
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head =
    field('title', 'Uploaded during shutdown') +
    field('contentType', 'video') +
    `--${boundary}\r\nContent-Disposition: form-data; name="videoUrl"; filename="clip.mp4"\r\n` +
    'Content-Type: video/mp4\r\n\r\n';
  const body = Buffer.concat([Buffer.from(head), video, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Every file under a folder, as paths relative to it. */
function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
  } catch {
    return [];
  }
}
const partFiles = (dataDir: string) => filesUnder(dataDir).filter((f) => f.endsWith('.part'));

/** Waits until the server is writing the upload into storage (its temporary file exists). */
async function untilWriting(dataDir: string) {
  for (let i = 0; i < 200; i += 1) {
    if (partFiles(dataDir).length > 0) return;
    await sleep(25);
  }
  throw new Error('the upload never reached the storage');
}

/** A slow client: starts the request and writes its body in small pieces when told. */
function slowUpload(server: Running, token: string, courseId: string, video: Buffer) {
  const { body, contentType } = lessonBody(video);
  const request = http.request(`${server.baseUrl}/api/lesson/create/${courseId}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': contentType,
      'content-length': String(body.length),
    },
  });
  const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on('error', reject);
  });
  answer.catch(() => undefined);
  let sent = 0;
  return {
    answer,
    body,
    /** Writes up to `until` bytes of the body, 16 KB every 20 ms (800 KB/s). */
    async send(until: number) {
      while (sent < Math.min(until, body.length)) {
        const next = Math.min(sent + 16 * 1024, until, body.length);
        request.write(body.subarray(sent, next));
        sent = next;
        await sleep(20);
      }
      if (sent === body.length) request.end();
    },
    cutOff: () => request.destroy(),
  };
}

/** A new connection after SIGTERM is refused or answered 503, within 5 s: it never hangs. */
async function newConnectionIsTurnedAway(port: number) {
  const outcome = await new Promise<string>((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/api/ready', agent: false });
    request.setTimeout(5000, () => {
      resolve('hung');
      request.destroy();
    });
    request.on('response', (response) => {
      response.resume();
      resolve(`status ${response.statusCode}`);
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve(`error ${error.code}`));
  });
  expect(['error ECONNREFUSED', 'error ECONNRESET', 'status 503']).toContain(outcome);
}

describe('graceful shutdown (SIGTERM) of the built server', () => {
  it('lets a video upload in flight finish whole, turns new connections away, exits 0', async () => {
    const server = await startServer();
    const token = await adminToken(server);
    const courseId = await createCourse(server, token);
    // A valid MP4 of 2 MB: about 2.6 s on the wire at the client's pace.
    const video = paddedMp4(await videoFile('mp4'), 2 * 1024 * 1024);
    const upload = slowUpload(server, token, courseId, video);

    // Half the body, then the server is writing the video into storage: SIGTERM now.
    await upload.send(Math.floor(upload.body.length / 2));
    await untilWriting(server.dataDir);
    server.child.kill('SIGTERM');
    await sleep(100);
    await newConnectionIsTurnedAway(server.port);

    // The rest of the body arrives slowly, after the signal; the answer is the normal one.
    await upload.send(upload.body.length);
    const answer = await upload.answer;
    expect(answer.status, answer.text).toBe(201);
    const lesson = (JSON.parse(answer.text) as { data: { videoUrl: string } }).data;
    expect(lesson.videoUrl).toMatch(/^\/uploads\/videos\/[0-9a-f-]{36}\.mp4$/);

    expect(await server.exited, server.output()).toBe(0);
    // The stored video is the one sent, byte for byte; no temporary file is left.
    const stored = readFileSync(
      path.join(server.dataDir, 'uploads', lesson.videoUrl.replace('/uploads/', '')),
    );
    const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
    expect(stored.length).toBe(video.length);
    expect(sha(stored)).toBe(sha(video));
    expect(partFiles(server.dataDir)).toEqual([]);
    expect(server.output()).toContain('shutting down: finishing requests in flight and jobs');
    expect(server.output()).toContain('"msg":"shut down"');
  }, 120_000);

  it('leaves no half file when the client cuts its upload off during shutdown', async () => {
    const server = await startServer();
    const token = await adminToken(server);
    const courseId = await createCourse(server, token);
    // A valid MP4 of 2 MB: about 2.6 s on the wire at the client's pace.
    const video = paddedMp4(await videoFile('mp4'), 2 * 1024 * 1024);
    const upload = slowUpload(server, token, courseId, video);

    await upload.send(Math.floor(upload.body.length / 2));
    await untilWriting(server.dataDir);
    server.child.kill('SIGTERM');
    await upload.send(Math.floor((upload.body.length * 3) / 4));
    upload.cutOff();

    expect(await server.exited, server.output()).toBe(0);
    expect(partFiles(server.dataDir)).toEqual([]);
    expect(filesUnder(path.join(server.dataDir, 'uploads', 'videos'))).toEqual([]);
  }, 120_000);
});
