import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, videos } from '../../db/schema';
import { SETUP_TIMEOUT, createCourse } from '../../test/content';
import { createUser } from '../../test/factories';
import type { TestUser } from '../../test/factories';
import { formOf, lectureVideo } from '../../test/media';
import { startTestServer } from '../../test/server';
import type { TestServer } from '../../test/server';
import { RENDITIONS_JOB, runRenditionsJob } from './renditions';

// Every lesson video is also made small (issue 14, point 1): a real upload, the real ffmpeg,
// and the results read back with ffprobe, an independent reader.
const run = promisify(execFile);

let server: TestServer;
let admin: TestUser;
let courseId: string;
/** A 4-second 640×360 lecture with sound. */
let lecture: Buffer;
const LECTURE_SECONDS = 4;
/** The same, 40 seconds long: long enough to be caught while it is transcoded. */
let long: Buffer;

async function ffprobe(file: string) {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'format=duration:stream=codec_type,codec_name,width,height',
    '-of',
    'json',
    file,
  ]);
  return JSON.parse(stdout) as {
    format: { duration: string };
    streams: Array<{ codec_type: string; codec_name: string; width?: number; height?: number }>;
  };
}

const onDisk = (key: string) => path.join(server.dataDir, 'uploads', key);

/**
 * Kills the ffmpeg that reads this upload as soon as it runs (the job starts after the upload's
 * answer). False when none ran within about 5 s.
 */
async function killTranscodeOf(sourceUrl: string): Promise<boolean> {
  const sourceId = /videos\/([0-9a-f-]{36})\./.exec(sourceUrl)![1]!;
  for (let tries = 0; tries < 500; tries += 1) {
    const { stdout } = await run('pgrep', ['-f', `${sourceId}.*ishuri-renditions-`]).catch(() => ({
      stdout: '',
    }));
    const pid = Number(stdout.split('\n')[0]);
    if (pid > 0) {
      process.kill(pid, 'SIGKILL');
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return false;
}

/** Kills the upload's first transcode, lets the queue record it, and reads its job. */
async function killFirstRun(sourceUrl: string) {
  expect(await killTranscodeOf(sourceUrl)).toBe(true);
  await server.ctx.jobs.kick();
  const [job] = await server.ctx.database.db
    .select()
    .from(jobs)
    .where(eq(jobs.dedupeKey, `renditions:${sourceUrl}`));
  return job;
}

async function uploadLesson(title: string, video = lecture): Promise<string> {
  const response = await server.request('POST', `/api/lesson/create/${courseId}`, {
    token: admin.token,
    form: formOf(
      { title, contentType: 'video' },
      { field: 'videoUrl', name: 'lecture.mp4', type: 'video/mp4', data: video },
    ),
  });
  expect(response.status, response.text).toBe(201);
  return response.body.data.videoUrl as string;
}

const videoRow = async (sourceUrl: string) =>
  (await server.ctx.database.db.select().from(videos).where(eq(videos.sourceUrl, sourceUrl)))[0];

beforeAll(async () => {
  // The upload is kept (KEEP_ORIGINAL_VIDEOS): a test below makes part of its renditions again.
  // Its deletion otherwise is modules/media/video-originals.test.ts's.
  server = await startTestServer({ keepOriginalVideos: true });
  admin = await createUser(server, { role: 'admin' });
  courseId = (await createCourse(server, admin, { courseType: 'free' })).id;
  lecture = await lectureVideo(LECTURE_SECONDS);
  long = await lectureVideo(40);
}, SETUP_TIMEOUT);

afterAll(async () => {
  await server?.close();
});

describe('renditions of an uploaded lesson video', () => {
  it('are 240p and 360p H.264/AAC, audio only and a poster, each the length of the upload', async () => {
    const sourceUrl = await uploadLesson('Renditions');
    // The upload answered at once; the job runs after it.
    await server.ctx.jobs.kick();
    const row = await videoRow(sourceUrl);
    expect(row?.status).toBe('ready');
    expect(row!.durationSeconds).toBeCloseTo(LECTURE_SECONDS, 0);
    const byQuality = new Map(row!.renditions.map((made) => [made.quality, made]));
    // 640×360: no 720p (never larger than the upload).
    expect([...byQuality.keys()].sort()).toEqual(['240p', '360p', 'audio']);
    const expected: Record<string, { height: number; width: number }> = {
      '240p': { width: 426, height: 240 },
      '360p': { width: 640, height: 360 },
    };
    for (const made of row!.renditions) {
      const file = onDisk(made.key);
      // The size recorded is the file's.
      expect(made.bytes, made.quality).toBe((await stat(file)).size);
      const probe = await ffprobe(file);
      expect(Math.abs(Number(probe.format.duration) - LECTURE_SECONDS), made.quality).toBeLessThan(
        0.5,
      );
      const audio = probe.streams.find((stream) => stream.codec_type === 'audio');
      expect(audio?.codec_name, made.quality).toBe('aac');
      const video = probe.streams.find((stream) => stream.codec_type === 'video');
      if (made.quality === 'audio') {
        expect(video).toBeUndefined();
        expect(made).toMatchObject({ width: 0, height: 0 });
      } else {
        expect(video).toMatchObject({ codec_name: 'h264', ...expected[made.quality] });
        expect(made).toMatchObject(expected[made.quality]!);
      }
    }
    // The 240p copy is the smallest video; audio only is smaller still.
    expect(byQuality.get('audio')!.bytes).toBeLessThan(byQuality.get('240p')!.bytes);
    expect(byQuality.get('240p')!.bytes).toBeLessThan(byQuality.get('360p')!.bytes);
    const poster = await ffprobe(onDisk(row!.posterKey!));
    expect(poster.streams[0]).toMatchObject({ codec_name: 'webp', width: 640, height: 360 });
  });

  it('are named in the lesson answer, each with its size and length; videoUrl is the smallest', async () => {
    const created = await server.request('POST', `/api/lesson/create/${courseId}`, {
      token: admin.token,
      form: formOf(
        { title: 'Answered', contentType: 'video' },
        { field: 'videoUrl', name: 'lecture.mp4', type: 'video/mp4', data: lecture },
      ),
    });
    expect(created.status).toBe(201);
    const sourceUrl = created.body.data.videoUrl as string;
    // Just uploaded: still being made; the upload itself plays meanwhile.
    expect(created.body.data.video).toEqual({
      status: 'processing',
      durationSeconds: null,
      posterUrl: null,
      renditions: [],
      captions: [],
    });
    await server.ctx.jobs.kick();
    const row = await videoRow(sourceUrl);
    const read = await server.request('GET', `/api/course/single/${courseId}`);
    expect(read.status).toBe(200);
    const lesson = read.body.data.lessons.find(
      (item: { id: string }) => item.id === created.body.data.id,
    );
    const folder = sourceUrl.replace(/\.mp4$/, '');
    expect(lesson.video).toMatchObject({ status: 'ready', posterUrl: `${folder}/poster.webp` });
    expect(lesson.video.durationSeconds).toBeCloseTo(LECTURE_SECONDS, 0);
    expect(lesson.video.renditions.map((made: { quality: string }) => made.quality)).toEqual([
      '240p',
      'audio',
      '360p',
    ]);
    for (const made of lesson.video.renditions) {
      const file = await fetch(server.baseUrl + made.url);
      expect(file.status, made.quality).toBe(200);
      expect(made.bytes, made.quality).toBe((await file.arrayBuffer()).byteLength);
      expect(made.url).toBe(
        `${folder}/${made.quality}.${made.quality === 'audio' ? 'm4a' : 'mp4'}`,
      );
    }
    expect(lesson.video.renditions[0]).toMatchObject({ width: 426, height: 240 });
    expect(lesson.video.renditions[1]).toMatchObject({ width: 0, height: 0 });
    expect(row!.renditions.map((made) => made.bytes)).toEqual(
      lesson.video.renditions.map((made: { bytes: number }) => made.bytes),
    );
    // A client that knows nothing of renditions gets the smallest video.
    expect(lesson.videoUrl).toBe(`${folder}/240p.mp4`);
  });

  it('a job cut off is run again and makes only what is missing; no half file is left', async () => {
    const sourceUrl = await uploadLesson('Cut off');
    await server.ctx.jobs.kick();
    const done = await videoRow(sourceUrl);
    const first = done!.renditions.find((made) => made.quality === '240p')!;
    const firstWritten = (await stat(onDisk(first.key))).mtimeMs;
    // As if the process had died after the first rendition: the rest and the poster gone.
    for (const made of done!.renditions.slice(1)) await rm(onDisk(made.key));
    await rm(onDisk(done!.posterKey!));
    await server.ctx.database.db
      .update(videos)
      .set({ status: 'processing', renditions: [first], posterKey: null })
      .where(eq(videos.sourceUrl, sourceUrl));
    await runRenditionsJob(server.ctx, { sourceUrl });
    const again = await videoRow(sourceUrl);
    expect(again?.status).toBe('ready');
    expect(again!.renditions.map((made) => made.quality).sort()).toEqual(['240p', '360p', 'audio']);
    // The first was not made again.
    expect((await stat(onDisk(first.key))).mtimeMs).toBe(firstWritten);
    for (const made of again!.renditions) expect(existsSync(onDisk(made.key))).toBe(true);
    expect(existsSync(onDisk(again!.posterKey!))).toBe(true);
  });

  it('a transcode killed midway leaves no file, and the queue runs it again to the end', async () => {
    const sourceUrl = await uploadLesson('Killed', long);
    const job = await killFirstRun(sourceUrl);
    // Failed this time, to be tried again later; what was cut off is nowhere in storage.
    expect(job).toMatchObject({ type: RENDITIONS_JOB, status: 'pending', attempts: 1 });
    expect(job!.lastError).toMatch(/SIGKILL/);
    const row = await videoRow(sourceUrl);
    expect(row?.status).toBe('processing');
    const folder = onDisk(sourceUrl.replace('/uploads/', '').replace(/\.mp4$/, ''));
    const stored = existsSync(folder) ? await readdir(folder) : [];
    expect(stored.sort()).toEqual(row!.renditions.map((made) => path.basename(made.key)).sort());
    // When it is due again, it completes.
    await server.ctx.database.db
      .update(jobs)
      .set({ runAt: new Date() })
      .where(eq(jobs.id, job!.id));
    await server.ctx.jobs.kick();
    expect((await videoRow(sourceUrl))?.status).toBe('ready');
  });

  it('a job out of time leaves its video failed, not processing for ever', async () => {
    const sourceUrl = await uploadLesson('Given up', long);
    const job = await killFirstRun(sourceUrl);
    expect(job).toMatchObject({ status: 'pending', attempts: 1 });
    // The next run fails too (a folder stands where its first file goes), and its 3 days are
    // over: the job is failed, and so is the video.
    const folder = onDisk(sourceUrl.replace('/uploads/', '').replace(/\.mp4$/, ''));
    await mkdir(path.join(folder, '240p.mp4'), { recursive: true });
    await server.ctx.database.db
      .update(jobs)
      .set({ runAt: new Date(), giveUpAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, job!.id));
    await server.ctx.jobs.kick();
    const [after] = await server.ctx.database.db.select().from(jobs).where(eq(jobs.id, job!.id));
    expect(after).toMatchObject({ status: 'failed', attempts: 2 });
    expect((await videoRow(sourceUrl))?.status).toBe('failed');
    await rm(path.join(folder, '240p.mp4'), { recursive: true, force: true });
  });

  it('go with their video when the lesson is deleted', async () => {
    const sourceUrl = await uploadLesson('Deleted');
    await server.ctx.jobs.kick();
    const row = await videoRow(sourceUrl);
    const keys = [...row!.renditions.map((made) => made.key), row!.posterKey!];
    for (const key of keys) expect(existsSync(onDisk(key))).toBe(true);
    const [lesson] = (
      await server.request('GET', `/api/lesson/byCourse/${courseId}`, { token: admin.token })
    ).body.data.filter((item: { title: string }) => item.title === 'Deleted');
    const removed = await server.request('DELETE', `/api/lesson/delete/${lesson.id}`, {
      token: admin.token,
    });
    expect(removed.status).toBe(200);
    expect(await videoRow(sourceUrl)).toBeUndefined();
    for (const key of keys) expect(existsSync(onDisk(key)), key).toBe(false);
  });
});
