import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../../db/schema';
import { SETUP_TIMEOUT, createCourse } from '../../test/content';
import { createUser } from '../../test/factories';
import type { TestUser } from '../../test/factories';
import { filesUnder, formOf } from '../../test/media';
import { startTestServer } from '../../test/server';
import type { TestServer } from '../../test/server';
import { uuidv7 } from '../../lib/ids';
import { runRenditionsJob } from './renditions';

// Issue 29, points 1 and 2: ffmpeg reads only the stored upload, and what a video may cost is
// bounded. The real ffmpeg, a real HTTP server as the canary, read back with ffprobe.
const run = promisify(execFile);

let server: TestServer;
let admin: TestUser;
let courseId: string;
let canary: http.Server;
let canaryUrl = '';
const canaryHits: string[] = [];

const ffmpegBinary = async () =>
  ((await import('@ffmpeg-installer/ffmpeg')) as { default: { path: string } }).default.path;

/** Encodes a clip with the ffmpeg binary; answers its bytes. */
async function encode(ext: string, args: string[]): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ishuri-trust-'));
  try {
    const out = path.join(dir, `clip.${ext}`);
    await run(await ffmpegBinary(), ['-y', '-v', 'error', ...args, out]);
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A still picture of `seconds` at one frame a second: long, yet small and quick to make. */
const longStill = (ext: 'mp4' | 'webm', seconds: number) =>
  encode(ext, [
    ...['-f', 'lavfi', '-i', `color=c=navy:size=64x36:rate=1:duration=${seconds}`],
    ...(ext === 'webm'
      ? ['-c:v', 'libvpx', '-b:v', '20k']
      : ['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-movflags', '+faststart']),
  ]);

/** A DASH manifest whose one segment is on the canary. */
const manifest = (url: string) =>
  `<?xml version="1.0" encoding="utf-8"?><MPD xmlns="urn:mpeg:dash:schema:mpd:2011" ` +
  `profiles="urn:mpeg:dash:profile:isoff-on-demand:2011" type="static" ` +
  `mediaPresentationDuration="PT2S" minBufferTime="PT1S"><Period><AdaptationSet mimeType="video/mp4">` +
  `<Representation id="1" bandwidth="100000" width="160" height="90"><BaseURL>${url}</BaseURL>` +
  `<SegmentBase/></Representation></AdaptationSet></Period></MPD>`;

/**
 * Files that point ffmpeg at the canary: a playlist or manifest as it is, and one dressed as an
 * MP4 (an `ftyp` box whose size has no zero byte, holding the manifest), which the container
 * check reads as an MP4 box.
 */
function crafted(): Array<{ name: string; data: Buffer }> {
  const ftypSize = 0x00_01_01_01 + 0x01_00_00_00; // 16 843 009 bytes, no zero byte
  const dressed = Buffer.alloc(ftypSize, 0x20);
  dressed.writeUInt32BE(ftypSize, 0);
  dressed.write('ftypisomAAAAisomiso2', 4, 'latin1');
  dressed.write(manifest(`${canaryUrl}/dressed.mp4`), 24, 'latin1');
  return [
    { name: 'dash', data: Buffer.from(manifest(`${canaryUrl}/dash.mp4`)) },
    {
      name: 'hls',
      data: Buffer.from(
        `#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\n${canaryUrl}/hls.ts\n#EXT-X-ENDLIST\n`,
      ),
    },
    { name: 'concat', data: Buffer.from(`ffconcat version 1.0\nfile ${canaryUrl}/concat.mp4\n`) },
    { name: 'ftyp-dash', data: dressed },
  ];
}

async function postLesson(title: string, data: Buffer, name = 'clip.mp4', type = 'video/mp4') {
  return server.request('POST', `/api/lesson/create/${courseId}`, {
    token: admin.token,
    form: formOf({ title, contentType: 'video' }, { field: 'videoUrl', name, type, data }),
  });
}

const videoRow = async (sourceUrl: string) =>
  (await server.ctx.database.db.select().from(videos).where(eq(videos.sourceUrl, sourceUrl)))[0];

beforeAll(async () => {
  canary = http.createServer((request, response) => {
    canaryHits.push(`${request.method} ${request.url} ${request.headers['user-agent'] ?? ''}`);
    response.statusCode = 404;
    response.end();
  });
  await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
  canaryUrl = `http://127.0.0.1:${(canary.address() as AddressInfo).port}`;
  server = await startTestServer({ keepOriginalVideos: true, maxVideoMinutes: 2 });
  admin = await createUser(server, { role: 'admin' });
  courseId = (await createCourse(server, admin, { courseType: 'free' })).id;
}, SETUP_TIMEOUT);

afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => canary?.close(resolve));
});

describe('ffmpeg reads only the stored upload (issue 29, point 1)', () => {
  it('a playlist or manifest stored as a video fetches nothing: the video is failed', async () => {
    for (const file of crafted()) {
      // As if the upload check had let it through: stored under a video key as it is.
      const key = `videos/${uuidv7()}.mp4`;
      await server.ctx.files.put(key, file.data);
      const sourceUrl = `/uploads/${key}`;
      await server.ctx.database.db.insert(videos).values({ id: uuidv7(), sourceUrl });
      await expect(runRenditionsJob(server.ctx, { sourceUrl }), file.name).rejects.toThrow();
      expect((await videoRow(sourceUrl))?.status, file.name).toBe('failed');
    }
    expect(canaryHits).toEqual([]);
  }, 120_000);

  it('uploaded, each is refused or made without a request reaching the canary', async () => {
    for (const file of crafted()) {
      const answer = await postLesson(`Crafted ${file.name}`, file.data);
      if (answer.status === 201) {
        await server.ctx.jobs.kick();
        const row = await videoRow(answer.body.data.videoUrl as string);
        // Read as the MP4 it claims to be: it is no video, so nothing is made.
        expect(row?.status, file.name).toBe('failed');
      } else {
        expect([400, 415], `${file.name}: ${answer.text}`).toContain(answer.status);
      }
    }
    expect(canaryHits).toEqual([]);
  }, 120_000);
});

describe('what a video may cost is bounded (issue 29, point 2)', () => {
  it('refuses at upload an MP4 or a WebM longer than MAX_VIDEO_MINUTES (2 here), keeping nothing', async () => {
    const stored = () => filesUnder(path.join(server.dataDir, 'uploads', 'videos'));
    const before = await stored();
    for (const ext of ['mp4', 'webm'] as const) {
      const answer = await postLesson(
        `Too long ${ext}`,
        await longStill(ext, 150),
        `long.${ext}`,
        `video/${ext}`,
      );
      expect(answer.status, answer.text).toBe(413);
      expect(answer.body.code).toBe('VIDEO_TOO_LONG');
      expect(answer.body.error).toBe('The video is longer than 2 minutes.');
    }
    const french = await server.request('POST', `/api/lesson/create/${courseId}`, {
      token: admin.token,
      headers: { 'accept-language': 'fr' },
      form: formOf(
        { title: 'Trop long', contentType: 'video' },
        {
          field: 'videoUrl',
          name: 'long.mp4',
          type: 'video/mp4',
          data: await longStill('mp4', 150),
        },
      ),
    });
    expect(french.body.error).toBe('La vidéo dure plus de 2 minutes.');
    expect(await stored()).toEqual(before);
  }, 120_000);

  it('accepts a video of the longest length allowed', async () => {
    const answer = await postLesson('Long enough', await longStill('mp4', 110));
    expect(answer.status, answer.text).toBe(201);
  }, 120_000);

  it('makes renditions of a 60 fps video at 30 frames a second', async () => {
    const sixty = await encode('mp4', [
      ...['-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=60:duration=2'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ]);
    const answer = await postLesson('Sixty', sixty);
    expect(answer.status, answer.text).toBe(201);
    await server.ctx.jobs.kick();
    const row = await videoRow(answer.body.data.videoUrl as string);
    expect(row?.status).toBe('ready');
    for (const made of row!.renditions.filter((r) => r.height > 0)) {
      const { stdout } = await run('ffprobe', [
        ...['-v', 'error', '-select_streams', 'v:0'],
        ...['-show_entries', 'stream=avg_frame_rate,nb_frames', '-of', 'json'],
        path.join(server.dataDir, 'uploads', made.key),
      ]);
      const stream = (JSON.parse(stdout) as { streams: Array<{ avg_frame_rate: string }> })
        .streams[0]!;
      expect(stream.avg_frame_rate, made.quality).toBe('30/1');
    }
  }, 120_000);
});

describe('media jobs are taken fairly between owners (issue 29, point 2)', () => {
  it("one owner's videos queued first never hold another's back by more than the job running", async () => {
    const ran: string[] = [];
    server.ctx.jobs.register(
      'test.fair-media',
      async (payload) => {
        ran.push((payload as { name: string }).name);
      },
      { lane: 'media', fairByOwner: true },
    );
    const ownerA = uuidv7();
    const ownerB = uuidv7();
    // A queues three videos, then B one (seen by the queue at once): B's runs second, not fourth.
    await server.ctx.database.db.transaction(async (tx) => {
      for (const [name, owner] of [
        ['a1', ownerA],
        ['a2', ownerA],
        ['a3', ownerA],
        ['b1', ownerB],
      ] as const) {
        await server.ctx.jobs.enqueue(tx, 'test.fair-media', { name, owner });
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    });
    await server.ctx.jobs.kick();
    expect(ran).toEqual(['a1', 'b1', 'a2', 'a3']);
  }, 60_000);
});
