/**
 * Video benchmark (issue 14): how fast this machine makes each rendition of modules/media/renditions.ts
 * (× real time: seconds of video per second of work) and what each costs a learner (MB per
 * minute), for a demo clip (title cards, as `npm start` seeds) and for a 10-minute talking-head
 * sample (a still room, a speaker who moves a little, camera noise, speech-like sound), made
 * here with ffmpeg. The anchor, in the same run, is a plain copy of the source (`-c copy`):
 * what reading and writing the file costs without encoding.
 *
 *   npm run bench -- video                (or: npx tsx bench/video.ts)
 *   BENCH_VIDEO_MINUTES=10 (the talking-head sample's length)
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { findFfmpeg, inputFormatOf } from '../apps/server/src/modules/media/ffmpeg';
import { encodeClip } from '../apps/server/src/modules/media/media-generator';
import {
  makeRendition,
  probeVideo,
  renditionPlan,
} from '../apps/server/src/modules/media/renditions';

const run = promisify(execFile);
const minutes = Number(process.env.BENCH_VIDEO_MINUTES ?? 10);

async function talkingHead(ffmpeg: string, out: string, seconds: number) {
  // A wall, a speaker (a box that sways and nods), sensor noise; pink noise under a soft tone.
  await run(ffmpeg, [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=0x6b7b8c:s=1280x720:r=25:d=${seconds},` +
      `drawbox=x='520+30*sin(t/2)':y='180+8*sin(t*3)':w=240:h=320:color=0xd9b38c:t=fill,` +
      `drawbox=x='470+30*sin(t/2)':y=500:w=340:h=220:color=0x2d3e50:t=fill,noise=alls=6:allf=t`,
    '-f',
    'lavfi',
    '-i',
    `anoisesrc=color=pink:amplitude=0.08:d=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-crf',
    '18',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    out,
  ]);
}

async function measure(ffmpeg: string, name: string, source: string) {
  const probed = await probeVideo(ffmpeg, source);
  const probe = { ...probed, durationSeconds: probed.durationSeconds ?? 0 };
  const format = inputFormatOf(source)!;
  const dir = path.dirname(source);
  const rows: string[] = [];
  const t0 = performance.now();
  await run(ffmpeg, [
    '-v',
    'error',
    '-y',
    '-i',
    source,
    '-c',
    'copy',
    path.join(dir, `copy${path.extname(source)}`),
  ]);
  const copySeconds = (performance.now() - t0) / 1000;
  const sourceBytes = (await stat(source)).size;
  const mbPerMinute = (bytes: number) => bytes / 1e6 / (probe.durationSeconds / 60);
  rows.push(
    `${name.padEnd(22)} | source ${String(probe.width)}x${probe.height} | ${(probe.durationSeconds / copySeconds).toFixed(0).padStart(6)}× | ${mbPerMinute(sourceBytes).toFixed(2).padStart(6)} (copy, the anchor)`,
  );
  for (const item of renditionPlan(probe.height, probe.hasAudio)) {
    const out = path.join(dir, `${item.quality}.${item.ext}`);
    const started = performance.now();
    await makeRendition(ffmpeg, source, format, item, out, {
      limitMs: 3_600_000,
      maxSeconds: Math.ceil(probe.durationSeconds) + 1,
      fps: probe.fps,
    });
    const seconds = (performance.now() - started) / 1000;
    const bytes = (await stat(out)).size;
    rows.push(
      `${name.padEnd(22)} | ${item.quality.padEnd(16)} | ${(probe.durationSeconds / seconds).toFixed(1).padStart(6)}× | ${mbPerMinute(bytes).toFixed(2).padStart(6)} | ${((probe.durationSeconds / seconds / (probe.durationSeconds / copySeconds)) * 100).toFixed(2)}% of copy speed`,
    );
  }
  return rows;
}

async function main() {
  const ffmpeg = await findFfmpeg();
  if (!ffmpeg) throw new Error('bench/video needs @ffmpeg-installer/ffmpeg');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ishuri-bench-video-'));
  try {
    const demoDir = await mkdtemp(path.join(dir, 'demo-'));
    const demo = path.join(demoDir, 'demo.webm');
    await writeFile(
      demo,
      await encodeClip({
        cards: [
          { title: 'Welcome', subtitle: 'What this course covers' },
          { title: 'Lesson one', subtitle: 'Reading a budget' },
          { title: 'Lesson two', subtitle: 'Saving every month' },
        ],
        palette: { from: '#1d4ed8', to: '#0f766e', accent: '#f59e0b' },
        secondsPerCard: 8,
        width: 1280,
        height: 720,
        ffmpeg,
      }),
    );
    const headDir = await mkdtemp(path.join(dir, 'head-'));
    const head = path.join(headDir, 'talking-head.mp4');
    console.log(`making a ${minutes}-minute talking-head sample …`);
    await talkingHead(ffmpeg, head, minutes * 60);
    const rows = [
      ...(await measure(ffmpeg, 'demo clip (24 s)', demo)),
      ...(await measure(ffmpeg, `talking head (${minutes} min)`, head)),
    ];
    console.log(
      `\nrenditions on this machine (${os.cpus().length} cores); speed = video seconds per second`,
    );
    console.log('video                  | rendition        |  speed |  MB/min');
    for (const row of rows) console.log(row);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
