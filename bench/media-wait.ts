/**
 * How long another instructor's short clip waits for its renditions behind one instructor's long
 * videos (issue 29, point 2). Instructor A uploads two long videos (a still 720p picture at
 * 60 fps, the cheapest upload that costs the most to transcode), then instructor B a 3-second
 * clip; the figure is the time from B's upload to B's renditions being ready, beside the same
 * clip alone. Real uploads through the API, the real queue and ffmpeg, PGlite in memory.
 *
 *   npx tsx bench/media-wait.ts            (LONG_SECONDS=60 by default)
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { videos } from '../apps/server/src/db/schema';
import { findFfmpeg } from '../apps/server/src/modules/media/ffmpeg';
import { createCourse } from '../apps/server/src/test/content';
import { createUser } from '../apps/server/src/test/factories';
import type { TestUser } from '../apps/server/src/test/factories';
import { formOf } from '../apps/server/src/test/media';
import { startTestServer } from '../apps/server/src/test/server';
import type { TestServer } from '../apps/server/src/test/server';

const run = promisify(execFile);
const LONG_SECONDS = Number(process.env.LONG_SECONDS ?? 60);

async function encode(args: string[]): Promise<Buffer> {
  const ffmpeg = await findFfmpeg();
  if (!ffmpeg) throw new Error('bench/media-wait needs @ffmpeg-installer/ffmpeg');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ishuri-bench-'));
  try {
    const out = path.join(dir, 'clip.mp4');
    await run(ffmpeg, ['-y', '-v', 'error', ...args, out]);
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function upload(server: TestServer, user: TestUser, courseId: string, data: Buffer) {
  const answer = await server.request('POST', `/api/lesson/create/${courseId}`, {
    token: user.token,
    form: formOf(
      { title: 'Bench', contentType: 'video' },
      { field: 'videoUrl', name: 'clip.mp4', type: 'video/mp4', data },
    ),
  });
  if (answer.status !== 201) throw new Error(`upload answered ${answer.status}: ${answer.text}`);
  return answer.body.data.videoUrl as string;
}

async function untilReady(server: TestServer, sourceUrl: string): Promise<void> {
  for (;;) {
    const [row] = await server.ctx.database.db
      .select({ status: videos.status })
      .from(videos)
      .where(eq(videos.sourceUrl, sourceUrl));
    if (row?.status === 'ready') return;
    if (row?.status === 'failed') throw new Error('the video failed');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function main() {
  const long = await encode([
    ...['-f', 'lavfi', '-i', `color=c=teal:size=1280x720:rate=60:duration=${LONG_SECONDS}`],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p'],
  ]);
  const short = await encode([
    ...['-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25:duration=3'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=3'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
    '-shortest',
  ]);
  const server = await startTestServer({ keepOriginalVideos: true });
  try {
    const a = await createUser(server, { role: 'instructor' });
    const b = await createUser(server, { role: 'instructor' });
    const courseA = (await createCourse(server, a, { courseType: 'free' })).id;
    const courseB = (await createCourse(server, b, { courseType: 'free' })).id;

    let started = performance.now();
    await untilReady(server, await upload(server, b, courseB, short));
    const aloneMs = performance.now() - started;

    const longUrls = [
      await upload(server, a, courseA, long),
      await upload(server, a, courseA, long),
    ];
    started = performance.now();
    const shortUrl = await upload(server, b, courseB, short);
    await untilReady(server, shortUrl);
    const waitMs = performance.now() - started;
    started = performance.now();
    for (const url of longUrls) await untilReady(server, url);
    const restMs = performance.now() - started;

    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      `long upload: ${LONG_SECONDS} s of a still 1280x720 picture at 60 fps, ${(long.length / 1e6).toFixed(2)} MB`,
    );
    console.log(`short clip alone, upload to ready:                    ${s(aloneMs)}`);
    console.log(`short clip behind two long videos of another owner:   ${s(waitMs)}`);
    console.log(`the long videos were ready ${s(restMs)} after that`);
  } finally {
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
