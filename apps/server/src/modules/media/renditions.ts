import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { videos } from '../../db/schema';
import type { StoredRendition } from '../../db/schema';
import type { AppContext } from '../../context';
import { findFfmpeg, inputFormatOf, runFfmpeg, safeInput } from './ffmpeg';
import { makeWorkFolder, removeWorkFolder } from '../../lib/work-folders';
import type { InputFormat } from './ffmpeg';
import { uuidv7 } from '../../lib/ids';
import { isPermanent } from '../../lib/jobs';
import type { JobInfo } from '../../lib/jobs';
import { keyOfPublicUrl } from '../../lib/storage';
import { dropOriginal } from './video-originals';

/**
 * Small copies of every lesson video (issue 14, decisions.md §5): learners pay for each
 * megabyte, so a video is offered at 240p and 360p (720p when the upload is that large), as
 * audio only, with a poster picture, each with its size.
 *
 * Choices, for talking-head lessons (most of ours) on phones:
 * - H.264 (Main profile, yuv420p) with AAC in MP4, `+faststart`: plays on every phone and starts
 *   before the whole file has come. x264 `veryfast` with a constant quality (CRF) capped by a
 *   maximum rate, so a still speaker costs little and a busy screen never costs more than the
 *   cap: 240p CRF 30 ≤ 250 kb/s with 48 kb/s mono audio (at most 2.2 MB a minute), 360p CRF 28
 *   ≤ 500 kb/s with 64 kb/s mono (at most 4.2 MB a minute), 720p CRF 26 ≤ 1.5 Mb/s with 96 kb/s
 *   (at most 11.9 MB a minute). Speech needs no stereo.
 * - Audio only: AAC-LC 48 kb/s mono in M4A (0.36 MB a minute), which every phone plays (Opus in
 *   MP4 does not play on older iPhones).
 * - A poster: one frame a tenth of the way in, 640 px wide, WebP.
 *
 * The job (`video.renditions`, the 'media' lane of the queue: one video at a time per process,
 * beside the mail) makes the smallest first and records each as soon as it is stored, so a
 * lesson plays small within seconds of its upload. Each file is written by ffmpeg to a
 * temporary folder and then put into storage atomically: no half file is ever served. A job
 * cut off (a crash, a restart) is run again by the queue and makes only what is missing. ffmpeg
 * runs at a lower priority (nice 10) and is stopped after a time limit proportional to the
 * video's length.
 *
 * What a video may cost (issue 29, points 1 and 2):
 * - ffmpeg reads only the stored upload, with the demuxer of the container the upload check
 *   accepted and no protocol but `file` (modules/media/ffmpeg.ts `safeInput`): a file that is a playlist
 *   (HLS, DASH, concat) in an MP4's clothes fetches nothing.
 * - A video longer than MAX_VIDEO_MINUTES is refused at upload (modules/media/video-structure.ts reads
 *   its declared length); a file whose length is unknown or false to the check is measured
 *   again here and refused (failed) when too long, and every output is cut at the length
 *   measured (`-t`, at most MAX_VIDEO_MINUTES): a file that lies about its length costs no more
 *   than the length it told.
 * - Output pictures are at most MAX_FPS frames a second (a 60 fps screen recording costs half).
 * - Each ffmpeg run has a time limit relative to that length; running out of it fails the
 *   video at once (the same file would take as long again).
 */

export const RENDITIONS_JOB = 'video.renditions';

export type VideoRow = typeof videos.$inferSelect;

/** The renditions rows of these videos, by URL. */
export async function videosOf(db: Tx, urls: string[]): Promise<Map<string, VideoRow>> {
  if (urls.length === 0) return new Map();
  const rows = await db.select().from(videos).where(inArray(videos.sourceUrl, urls));
  return new Map(rows.map((row) => [row.sourceUrl, row]));
}

export interface Plan {
  quality: string;
  /** Output height; 0 for audio only. */
  height: number;
  ext: 'mp4' | 'm4a';
  args: string[];
}

/** Renditions have at most this many pictures a second: lessons need no more. */
export const MAX_FPS = 30;

const videoArgs = (height: number, crf: number, kbps: number, audio: string) => [
  '-map',
  '0:v:0',
  '-map',
  '0:a:0?',
  '-vf',
  `scale=-2:${height}`,
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-profile:v',
  'main',
  '-pix_fmt',
  'yuv420p',
  '-crf',
  String(crf),
  '-maxrate',
  `${kbps}k`,
  '-bufsize',
  `${2 * kbps}k`,
  '-c:a',
  'aac',
  '-b:a',
  audio,
  '-ac',
  '1',
  '-movflags',
  '+faststart',
];

/** What is made of a video whose picture is `sourceHeight` pixels high, smallest first. */
export function renditionPlan(sourceHeight: number, hasAudio: boolean): Plan[] {
  const plan: Plan[] = [];
  // Never larger than the upload: a small upload gets one video rendition at its own height.
  const low = Math.min(240, evenBelow(sourceHeight));
  plan.push({ quality: '240p', height: low, ext: 'mp4', args: videoArgs(low, 30, 250, '48k') });
  if (hasAudio) {
    plan.push({
      quality: 'audio',
      height: 0,
      ext: 'm4a',
      args: [
        '-vn',
        '-map',
        '0:a:0',
        '-c:a',
        'aac',
        '-b:a',
        '48k',
        '-ac',
        '1',
        '-movflags',
        '+faststart',
      ],
    });
  }
  if (sourceHeight >= 360) {
    plan.push({ quality: '360p', height: 360, ext: 'mp4', args: videoArgs(360, 28, 500, '64k') });
  }
  if (sourceHeight >= 720) {
    plan.push({ quality: '720p', height: 720, ext: 'mp4', args: videoArgs(720, 26, 1500, '96k') });
  }
  return plan;
}

/** How one ffmpeg run of a job is bounded. */
export interface RunBounds {
  /** Time limit of the run. */
  limitMs: number;
  /** Output is cut at this length (seconds). */
  maxSeconds: number;
  /** Source pictures a second; null when unknown. */
  fps: number | null;
  signal?: AbortSignal;
}

/** The video filter of a rendition: scaled, and at most MAX_FPS pictures a second. */
function withFpsCap(args: string[], fps: number | null): string[] {
  const at = args.indexOf('-vf');
  if (at < 0 || (fps !== null && fps <= MAX_FPS)) return args;
  const copy = [...args];
  copy[at + 1] = `${copy[at + 1]},fps=${MAX_FPS}`;
  return copy;
}

/** Writes one rendition of `source` (read as `format`) to `out` (a local file). */
export async function makeRendition(
  ffmpeg: string,
  source: string,
  format: InputFormat,
  item: Plan,
  out: string,
  bounds: RunBounds,
): Promise<void> {
  // Only errors on stderr: a failure's message is ffmpeg's own reason, not its progress report.
  await runFfmpeg(
    ffmpeg,
    [
      '-hide_banner',
      '-v',
      'error',
      '-y',
      ...safeInput(source, format),
      ...withFpsCap(item.args, bounds.fps),
      '-t',
      String(bounds.maxSeconds),
      `file:${out}`,
    ],
    bounds.limitMs,
    { signal: bounds.signal },
  );
}

const evenBelow = (n: number) => Math.max(2, Math.floor(n / 2) * 2);

export interface Probe {
  /** Null when the file does not say (a live recording's WebM). */
  durationSeconds: number | null;
  width: number;
  height: number;
  hasAudio: boolean;
  /** Pictures a second; null when unknown. */
  fps: number | null;
}

/**
 * Reads a video's length, picture size, frame rate and whether it has sound, from ffmpeg's
 * report. The file is read only as `format` (by default, the one its extension names).
 */
export async function probeVideo(
  ffmpeg: string,
  file: string,
  signal?: AbortSignal,
): Promise<Probe> {
  const format = inputFormatOf(file);
  // eslint-disable-next-line catalogue/no-literal-reply -- a job's error, kept for admins' logs
  if (!format) throw permanent('the upload is not a video container');
  const { stderr } = await runFfmpeg(ffmpeg, ['-hide_banner', ...safeInput(file, format)], 30_000, {
    probing: true,
    signal,
  });
  const duration = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(stderr);
  const stream = /Stream #[^\n]*Video:[^\n]*/.exec(stderr)?.[0] ?? '';
  const picture = /(\d{2,5})x(\d{2,5})/.exec(stream);
  // eslint-disable-next-line catalogue/no-literal-reply -- a job's error, kept for admins' logs
  if (!picture) throw permanent('the upload has no readable video stream');
  const rate = /(\d+(?:\.\d+)?)(k?) (?:fps|tbr)/.exec(stream);
  return {
    durationSeconds: duration
      ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3])
      : null,
    width: Number(picture[1]),
    height: Number(picture[2]),
    hasAudio: /Stream #[^\n]*Audio:/.test(stderr),
    fps: rate ? Number(rate[1]) * (rate[2] ? 1000 : 1) : null,
  };
}

const permanent = (message: string) => Object.assign(new Error(message), { permanent: true });

/** `videos/<id>.mp4` → `videos/<id>/`: where its renditions are stored. */
export function renditionFolder(sourceKey: string): string {
  return `${sourceKey.replace(/\.[a-z0-9]+$/, '')}/`;
}

/**
 * Asks for a new video's renditions, in the transaction that stores it in a lesson (`itemId`):
 * the row that says "processing" and the job are written with the lesson, or not at all.
 */
export async function requestRenditions(
  ctx: AppContext,
  tx: Tx,
  sourceUrl: string,
  itemId: string,
) {
  await tx.insert(videos).values({ id: uuidv7(), itemId, sourceUrl }).onConflictDoNothing();
  // Whose video it is (the course's owner): the queue takes owners' videos in turn.
  const found = (await tx.execute(sql`
    select c.owner_id as "owner" from course_items i join courses c on c.id = i.course_id
    where i.id = ${itemId}`)) as unknown as { rows: Array<{ owner: string | null }> };
  const owner = found.rows[0]?.owner ?? null;
  await ctx.jobs.enqueue(
    tx,
    RENDITIONS_JOB,
    { sourceUrl, owner },
    { dedupeKey: `renditions:${sourceUrl}` },
  );
}

/** Deletes the renditions, poster and captions of videos whose files are being deleted. */
export async function deleteRenditions(ctx: AppContext, sourceUrls: string[]): Promise<void> {
  if (sourceUrls.length === 0) return;
  const rows = await ctx.database.db
    .delete(videos)
    .where(inArray(videos.sourceUrl, sourceUrls))
    .returning();
  for (const row of rows) {
    const captions = row.captions.map((c) => c.key);
    for (const key of [...row.renditions.map((r) => r.key), row.posterKey, ...captions]) {
      if (!key) continue;
      await ctx.files.delete(key).catch((error: unknown) => {
        ctx.log.warn({ err: error, key }, 'could not delete a rendition');
      });
    }
  }
}

/** The job: makes what is missing of one video's renditions. */
export async function runRenditionsJob(
  ctx: AppContext,
  payload: unknown,
  job?: JobInfo,
): Promise<void> {
  const { sourceUrl } = payload as { sourceUrl: string };
  const db = ctx.database.db;
  const [row] = await db.select().from(videos).where(eq(videos.sourceUrl, sourceUrl));
  // The video was deleted (or replaced) since: nothing to make.
  if (!row) return;
  // Made already (a run cut off after recording it): at most its upload is left to delete.
  if (row.status === 'ready') {
    await dropOriginal(ctx, sourceUrl);
    return;
  }
  const sourceKey = keyOfPublicUrl(sourceUrl);
  const stored = sourceKey ? await ctx.files.stat(sourceKey) : null;
  if (!sourceKey || !stored) {
    await db.update(videos).set({ status: 'failed' }).where(eq(videos.sourceUrl, sourceUrl));
    return;
  }
  const ffmpeg = await findFfmpeg();
  if (!ffmpeg) throw new Error('ffmpeg is not installed here');
  // ffmpeg reads a file: the local disk's own, or a temporary copy of the object store's,
  // removed when the job ends (it needs the video's size free in the temporary folder).
  await ctx.files.withLocalFile(sourceKey, (source) =>
    makeRenditions(ctx, row, sourceKey, source, ffmpeg, job?.signal),
  );
}

/** Marks a video failed (nothing can be made of it) and tells readers. */
async function markFailed(ctx: AppContext, sourceUrl: string) {
  await ctx.database.db
    .update(videos)
    .set({ status: 'failed', updatedAt: new Date() })
    .where(eq(videos.sourceUrl, sourceUrl));
  await ctx.readCache.invalidate();
}

/** Makes what is missing of a video's renditions from `source`, a local file of its upload. */
async function makeRenditions(
  ctx: AppContext,
  row: VideoRow,
  sourceKey: string,
  source: string,
  ffmpeg: string,
  signal?: AbortSignal,
): Promise<void> {
  const { sourceUrl } = row;
  const db = ctx.database.db;
  const format = inputFormatOf(source)!;
  const probe = await probeVideo(ffmpeg, source, signal).catch(async (error: unknown) => {
    // Not a video ffmpeg can read: nothing can be made, and the upload is all there is.
    if (isPermanent(error)) await markFailed(ctx, sourceUrl);
    throw error;
  });
  const maxSeconds = ctx.config.maxVideoMinutes * 60;
  if (probe.durationSeconds !== null && probe.durationSeconds > maxSeconds) {
    await markFailed(ctx, sourceUrl);
    // eslint-disable-next-line catalogue/no-literal-reply -- a job's error, kept for admins' logs
    throw permanent(`the video is longer than ${ctx.config.maxVideoMinutes} minutes`);
  }
  // Outputs are cut at the length measured (unknown: the longest allowed).
  const seconds = Math.min(probe.durationSeconds ?? maxSeconds, maxSeconds);
  // Each rendition at most a minute plus ten times the video's length (this machine makes
  // 240p many times faster than real time). A run out of time fails the video: the same file
  // would take as long again.
  const limitMs = 60_000 + Math.ceil(seconds) * 10_000;
  const bounds: RunBounds = {
    limitMs,
    maxSeconds: Math.ceil(seconds) + 1,
    fps: probe.fps,
    signal,
  };
  const timedOut = async (error: unknown) => {
    if ((error as { timedOut?: unknown } | null)?.timedOut === true) {
      await markFailed(ctx, sourceUrl);
      throw Object.assign(error as Error, { permanent: true });
    }
    throw error;
  };
  const folder = renditionFolder(sourceKey);
  const work = await makeWorkFolder('renditions');
  let renditions = [...row.renditions];
  /** Records a change; false when the video was deleted meanwhile (then nothing more is made). */
  const save = async (change: Partial<typeof videos.$inferInsert>) => {
    const saved = await db
      .update(videos)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(videos.sourceUrl, sourceUrl))
      .returning({ sourceUrl: videos.sourceUrl });
    // A lesson's answer names its renditions: the next read is fresh.
    await ctx.readCache.invalidate();
    return saved.length > 0;
  };
  /** Puts a made file into storage, atomically, and removes it from the work folder. */
  const store = async (file: string, key: string) => {
    const { size } = await ctx.files.put(key, createReadStream(file));
    await rm(file, { force: true });
    return size;
  };
  /** Records a stored file; a video deleted meanwhile leaves no file behind (false). */
  const record = async (key: string, change: Partial<typeof videos.$inferInsert>) => {
    if (await save(change)) return true;
    await ctx.files.delete(key);
    return false;
  };
  try {
    if (row.durationSeconds === null && probe.durationSeconds !== null) {
      await save({ durationSeconds: probe.durationSeconds });
    }
    for (const item of renditionPlan(probe.height, probe.hasAudio)) {
      if (renditions.some((made) => made.quality === item.quality)) continue;
      const out = path.join(work, `${item.quality}.${item.ext}`);
      await makeRendition(ffmpeg, source, format, item, out, bounds).catch(timedOut);
      const key = `${folder}${item.quality}.${item.ext}`;
      // The picture size as made (ffmpeg rounds the width to an even number).
      const picture =
        item.height === 0 ? { width: 0, height: 0 } : await probeVideo(ffmpeg, out, signal);
      const bytes = await store(out, key);
      const next: StoredRendition[] = [
        ...renditions,
        { quality: item.quality, width: picture.width, height: picture.height, bytes, key },
      ];
      if (!(await record(key, { renditions: next }))) return;
      renditions = next;
    }
    if (!row.posterKey) {
      const out = path.join(work, 'poster.webp');
      await runFfmpeg(
        ffmpeg,
        [
          '-hide_banner',
          '-v',
          'error',
          '-y',
          '-ss',
          String(seconds / 10),
          ...safeInput(source, format),
          '-frames:v',
          '1',
          '-vf',
          "scale='min(640,iw)':-2",
          '-c:v',
          'libwebp',
          '-quality',
          '75',
          `file:${out}`,
        ],
        60_000,
        { signal },
      ).catch(timedOut);
      const posterKey = `${folder}poster.webp`;
      await store(out, posterKey);
      if (!(await record(posterKey, { posterKey }))) return;
    }
    await save({ status: 'ready' });
    // Committed: the upload goes now unless kept (modules/media/video-originals.ts).
    await dropOriginal(ctx, sourceUrl);
  } finally {
    await removeWorkFolder(work);
  }
}

export function registerRenditionJobs(ctx: AppContext) {
  ctx.jobs.register(RENDITIONS_JOB, (payload, job) => runRenditionsJob(ctx, payload, job), {
    lane: 'media',
    // Out of tries (3 days): the video will not be made small; it is failed, not 'processing'
    // for ever (it keeps its upload, and the course manager says so).
    onGiveUp: async (payload) => {
      const { sourceUrl } = payload as { sourceUrl: string };
      await ctx.database.db
        .update(videos)
        .set({ status: 'failed', updatedAt: new Date() })
        .where(and(eq(videos.sourceUrl, sourceUrl), eq(videos.status, 'processing')));
      await ctx.readCache.invalidate();
    },
    // A two-hour lecture at 2× real time on a small machine, with room to spare.
    timeoutMs: 4 * 60 * 60 * 1000,
    // A shutdown stops its ffmpeg and puts the job back; owners' videos are taken in turn.
    stopsAtShutdown: true,
    fairByOwner: true,
  });
}

/**
 * After a lesson or sub-lesson row is written with an upload: when the row now names the
 * uploaded video, its renditions are asked for in the same transaction.
 */
export async function renditionsOfUpload(
  ctx: AppContext,
  tx: Tx,
  row: { id: string; videoUrl: string | null },
  uploadedUrl: string | undefined,
) {
  if (uploadedUrl && row.videoUrl === uploadedUrl) {
    await requestRenditions(ctx, tx, uploadedUrl, row.id);
  }
}
