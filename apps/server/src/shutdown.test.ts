import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBundle, startBuilt, untilAnswers } from './test/built-server';
import type { BuiltServer } from './test/built-server';
import { freshDatabase } from './test/database';
import { lectureVideo, paddedMp4, videoFile } from './test/media';

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
  databaseUrl?: string;
}

/**
 * The servers' own temporary folder (TMPDIR): their work folders are theirs alone, out of reach
 * of the start-up sweep of the other servers that tests start meanwhile.
 */
const serversTmp = mkdtempSync(path.join(os.tmpdir(), 'ishuri-shutdown-tmp-'));
cleanups.push(() => rmSync(serversTmp, { recursive: true, force: true }));

/** Starts the bundled server on a fresh data folder (and, on PostgreSQL, a fresh database). */
async function startServer(
  extra: Record<string, string> = {},
  reuse?: { dataDir: string; databaseUrl?: string },
): Promise<Running> {
  const dataDir = reuse?.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'ishuri-shutdown-'));
  if (!reuse) cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    SHUTDOWN_TIMEOUT_SECONDS: '60',
    TMPDIR: serversTmp,
    ...extra,
  };
  if (reuse?.databaseUrl) env.DATABASE_URL = reuse.databaseUrl;
  else if (process.env.TEST_DB === 'postgres') {
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
  return { ...server, dataDir, exited, databaseUrl: env.DATABASE_URL };
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
  const answer = new Promise<{
    status: number;
    text: string;
    headers: http.IncomingHttpHeaders;
  }>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, text, headers: response.headers }),
      );
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

// Issue 29, point 3: a shutdown stops at once and leaves nothing behind.

/** Posts a lesson with a video at full speed; answers the lesson's video URL. */
async function uploadLesson(server: Running, token: string, courseId: string, video: Buffer) {
  const { body, contentType } = lessonBody(video);
  const answer = await fetch(`${server.baseUrl}/api/lesson/create/${courseId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body: new Uint8Array(body),
  });
  expect(answer.status, await answer.clone().text()).toBe(201);
  return ((await answer.json()) as { data: { videoUrl: string } }).data.videoUrl;
}

/** Process ids of the ffmpeg runs (and their watchdogs) writing into a process's work folders. */
function transcodesOf(serverPid: number): number[] {
  try {
    return execFileSync('pgrep', ['-f', `ishuri-renditions-${serverPid}-`])
      .toString()
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

const workFoldersOf = (serverPid: number) =>
  readdirSync(serversTmp).filter(
    (name) =>
      name.startsWith(`ishuri-renditions-${serverPid}-`) ||
      name.startsWith(`ishuri-s3-${serverPid}-`),
  );

async function untilTranscoding(serverPid: number): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    if (transcodesOf(serverPid).length > 0) return;
    await sleep(50);
  }
  throw new Error('no transcode started');
}

/** Error and fatal lines of the server's JSON log. */
const errorLines = (output: string) =>
  output.split('\n').filter((line) => /"level":(50|60)/.test(line));

describe('a shutdown stops at once and leaves nothing behind (issue 29, point 3)', () => {
  it('a used, idle server exits within 2 s with no error line, a paused video download included', async () => {
    const server = await startServer({ KEEP_ORIGINAL_VIDEOS: 'true' });
    // Sign-in, lists and pages on kept-alive connections, as a browser does.
    const token = await adminToken(server);
    const courseId = await createCourse(server, token);
    for (const list of [
      '/api/course/all',
      '/api/course/free',
      `/api/lesson/byCourse/${courseId}`,
    ]) {
      const answer = await fetch(`${server.baseUrl}${list}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(answer.status).toBe(200);
      await answer.arrayBuffer();
    }
    // A 24 MB video, watched by a player that paused: its response cannot be written to the end.
    const videoUrl = await uploadLesson(
      server,
      token,
      courseId,
      paddedMp4(await videoFile('mp4'), 24 * 1024 * 1024),
    );
    const paused = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get(
          `${server.baseUrl}${videoUrl}`,
          { agent: new http.Agent({ keepAlive: true }) },
          (r) => {
            r.once('data', () => {
              r.pause();
              resolve(r);
            });
          },
        )
        .on('error', reject);
    });
    paused.on('error', () => undefined);
    expect(paused.statusCode).toBe(200);
    // Idle: nothing running (the clip's renditions, a second's work, are made by now).
    await sleep(3000);
    const started = performance.now();
    server.child.kill('SIGTERM');
    expect(await server.exited, server.output()).toBe(0);
    const ms = performance.now() - started;
    console.log(`SIGTERM to exit, used idle server: ${Math.round(ms)} ms`);
    expect(ms).toBeLessThan(2000);
    expect(errorLines(server.output())).toEqual([]);
    paused.destroy();
  }, 180_000);

  it('stops a running transcode: ffmpeg gone, work folder removed, job back in the queue at once', async () => {
    const server = await startServer();
    const token = await adminToken(server);
    const courseId = await createCourse(server, token);
    const videoUrl = await uploadLesson(server, token, courseId, await lectureVideo(40));
    const pid = server.child.pid!;
    await untilTranscoding(pid);
    expect(workFoldersOf(pid).length).toBeGreaterThan(0);

    const started = performance.now();
    server.child.kill('SIGTERM');
    expect(await server.exited, server.output()).toBe(0);
    console.log(
      `SIGTERM to exit during a transcode: ${Math.round(performance.now() - started)} ms`,
    );
    expect(transcodesOf(pid)).toEqual([]);
    expect(workFoldersOf(pid)).toEqual([]);
    expect(server.output()).toContain('job stopped and put back in the queue');
    expect(errorLines(server.output())).toEqual([]);

    // The next start takes the job up at once (the lease, 30 s, was released) and finishes it.
    const next = await startServer(
      {},
      { dataDir: server.dataDir, databaseUrl: server.databaseUrl },
    );
    const nextPid = next.child.pid!;
    const restarted = performance.now();
    await untilTranscoding(nextPid);
    expect(performance.now() - restarted).toBeLessThan(20_000);
    let status = 'processing';
    for (let i = 0; i < 1200 && status !== 'ready'; i += 1) {
      const answer = await fetch(`${next.baseUrl}/api/lesson/byCourse/${courseId}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const lessons = (await answer.json()) as {
        data: Array<{ video: { status: string } | null }>;
      };
      status = lessons.data[0]?.video?.status ?? 'none';
      if (status !== 'ready') await sleep(250);
    }
    expect(status).toBe('ready');
    expect(videoUrl).toMatch(/^\/uploads\/videos\//);
    next.child.kill('SIGTERM');
    expect(await next.exited, next.output()).toBe(0);
  }, 300_000);

  it('after kill -9 no ffmpeg survives, and the next start sweeps the work folders left', async () => {
    const server = await startServer();
    const token = await adminToken(server);
    const courseId = await createCourse(server, token);
    await uploadLesson(server, token, courseId, await lectureVideo(40));
    const pid = server.child.pid!;
    await untilTranscoding(pid);
    // A work folder of an older crash, of a process that is gone too.
    const older = path.join(serversTmp, `ishuri-renditions-${2 ** 22 + 7}-aB3dE9`);
    mkdirSync(older, { recursive: true });
    cleanups.push(() => rmSync(older, { recursive: true, force: true }));

    server.child.kill('SIGKILL');
    await server.exited;
    const killed = performance.now();
    while (transcodesOf(pid).length > 0 && performance.now() - killed < 5000) await sleep(50);
    console.log(`ffmpeg gone ${Math.round(performance.now() - killed)} ms after kill -9`);
    expect(transcodesOf(pid)).toEqual([]);
    const left = workFoldersOf(pid);
    expect(left.length).toBeGreaterThan(0);

    const next = await startServer(
      {},
      { dataDir: server.dataDir, databaseUrl: server.databaseUrl },
    );
    expect(workFoldersOf(pid)).toEqual([]);
    expect(existsSync(older)).toBe(false);
    next.child.kill('SIGTERM');
    expect(await next.exited, next.output()).toBe(0);
  }, 300_000);

  it('answers an upload still arriving near the deadline 503 with Retry-After, keeps nothing', async () => {
    // A 4 s grace: uploads may go on for 2 s, then are answered.
    const server = await startServer({ SHUTDOWN_TIMEOUT_SECONDS: '4' });
    const token = await adminToken(server);
    const courseId = await createCourse(server, token);
    const video = paddedMp4(await videoFile('mp4'), 8 * 1024 * 1024);
    const upload = slowUpload(server, token, courseId, video);
    await upload.send(512 * 1024);
    await untilWriting(server.dataDir);
    const started = performance.now();
    server.child.kill('SIGTERM');
    // The client goes on slowly: 16 KB every 20 ms would need 10 s more.
    void upload.send(upload.body.length).catch(() => undefined);
    const answer = await upload.answer;
    const answeredMs = performance.now() - started;
    expect(answer.status, answer.text).toBe(503);
    expect(answer.headers['retry-after']).toBe('5');
    expect((JSON.parse(answer.text) as { code: string }).code).toBe('UNAVAILABLE');
    expect(answeredMs).toBeLessThan(4000);
    expect(await server.exited, server.output()).toBe(0);
    console.log(
      `SIGTERM to answer of an upload in flight: ${Math.round(answeredMs)} ms; to exit: ${Math.round(performance.now() - started)} ms`,
    );
    expect(partFiles(server.dataDir)).toEqual([]);
    expect(filesUnder(path.join(server.dataDir, 'uploads', 'videos'))).toEqual([]);
    expect(errorLines(server.output())).toEqual([]);
  }, 120_000);
});
