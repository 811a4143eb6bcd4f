import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';

/** Real media files for upload tests, generated here (sharp and the ffmpeg binary). */

const run = promisify(execFile);

export async function pngImage(width = 1600, height = 800): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } },
  })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#f5a623"/></svg>`,
        ),
      },
    ])
    .png()
    .toBuffer();
}

export async function jpegImage(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#2e7d32' } })
    .jpeg()
    .toBuffer();
}

/** An animated GIF of `frames` frames. */
export async function animatedGif(frames = 3, width = 120, height = 80): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * frames * 3);
  for (let f = 0; f < frames; f++) {
    pixels.fill(f * 80, f * width * height * 3, (f + 1) * width * height * 3);
  }
  return sharp(pixels, { raw: { width, height: height * frames, channels: 3, pageHeight: height } })
    .gif({ loop: 0, delay: new Array(frames).fill(100) })
    .toBuffer();
}

/** A PNG of random pixels (it does not compress) of at least `minBytes`. */
export async function noisyPng(minBytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt(minBytes / 3)) + 16;
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

export type VideoKind = 'mp4' | 'webm' | 'mov';
const videos = new Map<VideoKind, Promise<Buffer>>();

async function ffmpegPath(): Promise<string> {
  return ((await import('@ffmpeg-installer/ffmpeg')) as { default: { path: string } }).default.path;
}

/** Encodes with ffmpeg into a temporary file and answers its bytes. */
async function encoded(ext: string, args: string[]): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ishuri-media-'));
  const out = path.join(dir, `clip.${ext}`);
  try {
    await run(await ffmpegPath(), ['-y', '-v', 'error', ...args, out]);
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function makeVideo(kind: VideoKind): Promise<Buffer> {
  const input = ['-f', 'lavfi', '-i', 'testsrc=size=160x90:rate=10:duration=1'];
  const codec =
    kind === 'webm'
      ? ['-c:v', 'libvpx', '-b:v', '100k']
      : ['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-movflags', '+faststart'];
  return encoded(kind, [...input, ...codec]);
}

/** A 640×360 H.264/AAC MP4 of `seconds`, with sound: a lecture to make renditions of. */
export function lectureVideo(seconds: number): Promise<Buffer> {
  return encoded('mp4', [
    ...['-f', 'lavfi', '-i', `testsrc=size=640x360:rate=25:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-shortest'],
  ]);
}

/** A one-second clip (generated once per test file). */
export function videoFile(kind: VideoKind): Promise<Buffer> {
  let clip = videos.get(kind);
  if (!clip) {
    clip = makeVideo(kind);
    videos.set(kind, clip);
  }
  return clip;
}

/** An MP4 grown to `size` bytes by a `free` box at its end (still a whole, valid file). */
export function paddedMp4(clip: Buffer, size: number): Buffer {
  const padding = Math.max(8, size - clip.length);
  const box = Buffer.alloc(padding);
  box.writeUInt32BE(padding, 0);
  box.write('free', 4, 'latin1');
  return Buffer.concat([clip, box]);
}

/** A multipart form of text fields and at most one file. */
export function formOf(
  fields: Record<string, string>,
  file?: { field: string; name: string; type?: string; data: Buffer },
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) {
    form.append(
      file.field,
      new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  }
  return form;
}

/** Every file under `dir` (relative paths, dot files included); [] when it does not exist. */
export async function filesUnder(dir: string): Promise<string[]> {
  const found: string[] = [];
  async function walk(current: string) {
    let entries;
    try {
      entries = await readdir(current, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) await walk(full);
      else found.push(path.relative(dir, full));
    }
  }
  await walk(dir);
  return found.sort();
}
