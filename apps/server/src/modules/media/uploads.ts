import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { formatSize } from '@ishuri/contract';
import { currentLanguage, messages } from '../../lib/i18n';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { AppContext } from '../../context';
import { AppError, fail, validationError } from '../../lib/errors';
import { uuidv7 } from '../../lib/ids';
import { deleteRenditions } from './renditions';
import {
  isExpired,
  readResumableUpload,
  removeResumableUpload,
  resumableFolderOf,
  resumableOptionsOf,
} from './resumable-uploads';
import { makeSmallImage, smallImageKeyOf } from './small-images';
import { keyOfPublicUrl, publicUrlOf } from '../../lib/storage';
import { ContainerCheck } from './video-structure';
import type { Container } from './video-structure';

/**
 * Multipart uploads (decisions.md §5). The request is read as a stream: text fields are
 * collected, the one file part goes to public storage under a random key. Its type is decided by
 * its first bytes, never by its name or declared type; sizes are counted while it streams.
 *
 * - Images (PNG, JPEG, GIF, WebP, at most `maxImageBytes`) are re-encoded by sharp as WebP, at
 *   most 1200 px wide, without metadata; an animated GIF stays animated (animated WebP). Beside
 *   it goes its small copy for costly data (modules/media/small-images.ts), deleted with it.
 * - Videos (MP4, WebM, QuickTime, at most `maxVideoBytes`) are stored as they are, streamed
 *   straight to storage; their box/element structure is followed on the way so that a file cut
 *   short is refused.
 *
 * A failed upload leaves nothing behind: storage writes are atomic, and a stored file is deleted
 * again when the request fails later (`discardUpload`).
 *
 * A video may instead come from a finished resumable upload (modules/media/resumable-uploads.ts): the text
 * field `videoUpload` names it. It must be the caller's and complete; it is read through the same
 * checks as a file part (`storeVideo`) into storage, and removed once the item is saved (an item
 * refused for another reason keeps it, to be sent again). One that is no video is removed at once.
 */
export type UploadKind = 'image' | 'video';

export interface UploadSpec {
  /** The name of the file part (`imageUrl`, `videoUrl`). */
  field: string;
  kind: UploadKind;
  /** The image types taken (by content); PNG, JPEG, GIF and WebP unless said. */
  imageTypes?: readonly string[];
}

/** Reads the request's multipart body once the service has checked access. */
export type UploadSource = (spec: UploadSpec) => Promise<ReceivedUpload>;

export interface StoredFile {
  key: string;
  /** Where clients fetch it: `/uploads/<key>`. */
  url: string;
  size: number;
  /** The stored file's media type. */
  type: string;
}

export interface ReceivedUpload {
  /** Text fields by name (the first value when a name repeats; line breaks as LF). */
  fields: Record<string, string>;
  file: StoredFile | null;
  /** What to do once the request succeeded (remove the resumable upload the file came from). */
  saved?: () => Promise<void>;
}

export const IMAGE_MAX_WIDTH = 1200;
/** Larger pictures are refused before decoding (a small file can hold a huge image). */
export const IMAGE_MAX_PIXELS = 40_000_000;
const HEAD_BYTES = 4100;
/** A lesson, course or blog form: its text fields and one file. */
const ITEM_FORM = { fields: 20, fieldBytes: 1024 * 1024 };
/** A refused upload's remaining body is read and dropped up to this size; beyond it the connection closes. */
const DRAIN_LIMIT = 32 * 1024 * 1024;

const imageTypes = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
const videoTypes: Record<string, { ext: string; container: Container }> = {
  'video/mp4': { ext: 'mp4', container: 'isobmff' },
  'video/quicktime': { ext: 'mov', container: 'isobmff' },
  'video/webm': { ext: 'webm', container: 'ebml' },
};

/** What a multipart form may hold: at most `fields` text fields of `fieldBytes`, one file. */
export interface FormBounds {
  fields: number;
  fieldBytes: number;
}

/** The multipart parser's limits for such a form with a file of at most `fileBytes`. */
export function formLimits({ fields, fieldBytes }: FormBounds, fileBytes: number) {
  return {
    // One byte more than allowed, so that the reader's own count sees the excess.
    fileSize: fileBytes + 1,
    files: 1,
    fields,
    fieldSize: fieldBytes,
    parts: fields + 1,
  };
}

/** A body declared larger than the file and the fields (and `slack`) cannot fit: refused unread. */
export function declaredTooLarge(
  request: FastifyRequest,
  { fields, fieldBytes }: FormBounds,
  fileBytes: number,
  slack = 0,
): boolean {
  return Number(request.headers['content-length']) > fileBytes + fields * fieldBytes + slack;
}

/** Deletes stored files, never failing: a left-over file is logged, not fatal. */
export async function deleteStoredFiles(
  ctx: AppContext,
  urls: Array<string | null | undefined>,
): Promise<void> {
  // A video's renditions and poster go with it.
  await deleteRenditions(
    ctx,
    urls.filter(
      (url): url is string => typeof url === 'string' && url.startsWith('/uploads/videos/'),
    ),
  );
  for (const url of urls) {
    const key = keyOfPublicUrl(url);
    if (!key) continue;
    // An image's small copy goes with it.
    const small = key.startsWith('images/') ? smallImageKeyOf(key) : null;
    for (const stored of small ? [key, small] : [key]) {
      try {
        await ctx.files.delete(stored);
      } catch (error) {
        ctx.log.warn({ err: error, key: stored }, 'could not delete a stored file');
      }
    }
  }
}

export async function discardUpload(ctx: AppContext, upload: ReceivedUpload): Promise<void> {
  if (upload.file) await deleteStoredFiles(ctx, [upload.file.url]);
}

/** Runs `use` with the upload; when it fails, the stored file is deleted before the error goes on. */
export async function withUpload<T>(
  ctx: AppContext,
  upload: ReceivedUpload,
  use: (upload: ReceivedUpload) => Promise<T>,
): Promise<T> {
  let result: T;
  try {
    result = await use(upload);
  } catch (error) {
    await discardUpload(ctx, upload);
    throw error;
  }
  await upload.saved?.();
  return result;
}

function textFieldsOf(body: unknown): Record<string, string> {
  const fields: Record<string, string> = Object.create(null);
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const [name, value] of Object.entries(body)) {
      if (typeof value === 'string') fields[name] = value;
    }
  }
  return fields;
}

/**
 * Uploads being received now, so that a shutdown can answer them (issue 29, point 3): an upload
 * still arriving when the shutdown's grace is nearly over is stopped, its stored part removed,
 * and answered 503 with `Retry-After`, never left to a cut connection.
 */
const receiving = new Set<{ stop: () => void }>();

/** Why an upload's stream was stopped: the server is shutting down. */
class StoppedForShutdown extends Error {}

/** Seconds a client is asked to wait before sending its upload again (to another process). */
export const RETRY_AFTER_SHUTDOWN_SECONDS = 5;

/** Stops every upload still being received; each is answered 503 with `Retry-After`. */
export function refuseUploadsInFlight(): number {
  const count = receiving.size;
  for (const upload of receiving) upload.stop();
  return count;
}

/**
 * The multipart parser's errors, in the product's words, for a form of one file in `field`
 * (captions, a course resource): a second file is named as unexpected.
 */
export function asOneFileFormError(error: unknown, field: string): unknown {
  if (error instanceof AppError) return error;
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  if (code === 'FST_FILES_LIMIT') {
    return fail('UNEXPECTED_FILE', { message: messages.unexpectedFile(field) });
  }
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return fail('TOO_LARGE');
  if (
    code === 'FST_MP_PREMATURE_CLOSE' ||
    code === 'ECONNRESET' ||
    /unexpected end|terminated early|aborted/i.test(message ?? '')
  ) {
    return fail('UPLOAD_INCOMPLETE');
  }
  if (
    code === 'FST_PROTO_VIOLATION' ||
    /multipart|boundary|part header|malformed/i.test(message ?? '')
  ) {
    return fail('UPLOAD_MALFORMED');
  }
  return error;
}

/** Errors of the multipart parser, in the product's words. */
function asUploadError(error: unknown): unknown {
  if (error instanceof StoppedForShutdown) {
    return fail('UNAVAILABLE', {
      message: messages.serverRestarting,
      headers: { 'retry-after': String(RETRY_AFTER_SHUTDOWN_SECONDS) },
    });
  }
  if (error instanceof AppError) return error;
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return fail('TOO_LARGE');
  }
  if (code === 'FST_PROTO_VIOLATION' || code === 'FST_INVALID_JSON_FIELD_ERROR') {
    return fail('UPLOAD_MALFORMED');
  }
  if (
    code === 'FST_MP_PREMATURE_CLOSE' ||
    code === 'ECONNRESET' ||
    /unexpected end|terminated early|aborted/i.test(message ?? '')
  ) {
    return fail('UPLOAD_INCOMPLETE');
  }
  if (/multipart|boundary|part header|malformed/i.test(message ?? '')) {
    return fail('UPLOAD_MALFORMED');
  }
  return error;
}

/**
 * Reads a multipart request: text fields, and at most one file in `spec.field`. A request that is
 * not multipart (e.g. JSON) gives its string fields and no file.
 */
export async function receiveUpload(
  ctx: AppContext,
  request: FastifyRequest,
  spec: UploadSpec,
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) {
    return withResumableVideo(ctx, request, spec, {
      fields: textFieldsOf(request.body),
      file: null,
    });
  }
  const limit = spec.kind === 'image' ? ctx.config.maxImageBytes : ctx.config.maxVideoBytes;
  const tooLarge = () =>
    spec.kind === 'image'
      ? fail('IMAGE_TOO_LARGE')
      : fail('VIDEO_TOO_LARGE', {
          message: messages.videoTooLarge(formatSize(limit, currentLanguage())),
        });
  if (declaredTooLarge(request, ITEM_FORM, limit)) throw tooLarge();
  const fields: Record<string, string> = Object.create(null);
  let file: StoredFile | null = null;
  let seenFile = false;
  let stopped = false;
  let current: Readable | null = null;
  const inFlight = {
    stop: () => {
      stopped = true;
      current?.destroy(new StoppedForShutdown());
    },
  };
  receiving.add(inFlight);
  try {
    const parts = request.parts({
      // The plugin is registered with throwFileSizeLimit: false; the counts below answer.
      limits: formLimits(ITEM_FORM, limit),
    });
    for await (const part of parts) {
      if (stopped) throw new StoppedForShutdown();
      if (part.type === 'field') {
        if (part.valueTruncated) throw fail('TOO_LARGE');
        if (typeof part.value === 'string' && !(part.fieldname in fields)) {
          // Forms send line breaks as CRLF; text is stored with LF.
          fields[part.fieldname] = part.value.replace(/\r\n?/g, '\n');
        }
        continue;
      }
      if (part.fieldname !== spec.field || seenFile) {
        part.file.destroy();
        throw fail('UNEXPECTED_FILE', { message: messages.unexpectedFile(spec.field) });
      }
      seenFile = true;
      current = part.file;
      file =
        spec.kind === 'image'
          ? await storeImage(ctx, part.file, limit, tooLarge, spec.imageTypes)
          : await storeVideo(ctx, part.file, limit, tooLarge);
      current = null;
    }
  } catch (error) {
    if (file) await deleteStoredFiles(ctx, [file.url]);
    // Stopped by a shutdown, the storage's write fails in its own words: the answer is the 503.
    throw asUploadError(stopped && !(error instanceof AppError) ? new StoppedForShutdown() : error);
  } finally {
    receiving.delete(inFlight);
  }
  return withResumableVideo(ctx, request, spec, { fields, file });
}

/** The field that names a finished resumable upload instead of a video file part. */
const RESUMABLE_FIELD = 'videoUpload';

/**
 * A video request's `videoUpload` field: the caller's finished resumable upload becomes the
 * upload's file, as if it had been sent as the file part.
 */
async function withResumableVideo(
  ctx: AppContext,
  request: FastifyRequest,
  spec: UploadSpec,
  received: ReceivedUpload,
): Promise<ReceivedUpload> {
  const id = received.fields[RESUMABLE_FIELD];
  if (spec.kind !== 'video' || id === undefined) return received;
  delete received.fields[RESUMABLE_FIELD];
  if (id.trim() === '') return received;
  if (received.file) {
    await deleteStoredFiles(ctx, [received.file.url]);
    throw validationError({ [RESUMABLE_FIELD]: messages.videoUploadAndFile });
  }
  const claimed = await claimResumableVideo(ctx, request.actor?.id ?? null, id.trim());
  return { ...received, ...claimed };
}

/**
 * Reads a finished resumable upload of `owner` into storage through the video checks. Another
 * user's upload, an unknown or malformed id, and an expired upload are all UPLOAD_NOT_FOUND.
 */
async function claimResumableVideo(
  ctx: AppContext,
  owner: string | null,
  id: string,
): Promise<Pick<ReceivedUpload, 'file' | 'saved'>> {
  const folder = resumableFolderOf(ctx.config);
  const upload = await readResumableUpload(folder, id);
  if (!upload || owner === null || upload.owner !== owner) throw fail('UPLOAD_NOT_FOUND');
  if (isExpired(upload, resumableOptionsOf(ctx.config))) {
    await removeResumableUpload(folder, id);
    throw fail('UPLOAD_NOT_FOUND');
  }
  if (!upload.complete) throw fail('UPLOAD_UNFINISHED');
  const limit = ctx.config.maxVideoBytes;
  const tooLarge = () =>
    fail('VIDEO_TOO_LARGE', {
      message: messages.videoTooLarge(formatSize(limit, currentLanguage())),
    });
  let file: StoredFile | null;
  try {
    file = await storeVideo(ctx, createReadStream(upload.file), limit, tooLarge);
  } catch (error) {
    // Refused by the checks, it never will be accepted: it goes now.
    if (error instanceof AppError) await removeResumableUpload(folder, id);
    throw error;
  }
  if (!file) await removeResumableUpload(folder, id);
  return { file, saved: () => removeResumableUpload(folder, id).catch(warnKept(ctx, id)) };
}

const warnKept = (ctx: AppContext, id: string) => (error: unknown) => {
  ctx.log.warn({ err: error, id }, 'could not remove a used resumable upload');
};

/** Reads until at least HEAD_BYTES are there (or the stream ends). */
async function readHead(
  iterator: AsyncIterator<Buffer>,
): Promise<{ chunks: Buffer[]; size: number; done: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  while (size < HEAD_BYTES) {
    const next = await iterator.next();
    if (next.done) return { chunks, size, done: true };
    chunks.push(next.value);
    size += next.value.length;
  }
  return { chunks, size, done: false };
}

async function detect(head: Buffer) {
  return fileTypeFromBuffer(head.subarray(0, HEAD_BYTES));
}

async function storeImage(
  ctx: AppContext,
  stream: Readable,
  limit: number,
  tooLarge: () => Error,
  accepted: readonly string[] = [...imageTypes],
): Promise<StoredFile | null> {
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  try {
    const head = await readHead(iterator);
    if (head.size === 0) return null;
    const type = await detect(Buffer.concat(head.chunks));
    if (!type || !imageTypes.has(type.mime) || !accepted.includes(type.mime)) {
      throw fail('IMAGE_TYPE_NOT_ALLOWED');
    }
    const chunks = head.chunks;
    let size = head.size;
    let done = head.done;
    while (!done) {
      if (size > limit) break;
      const next = await iterator.next();
      if (next.done) done = true;
      else {
        chunks.push(next.value);
        size += next.value.length;
      }
    }
    if (size > limit) throw tooLarge();
    const optimised = await optimiseImage(Buffer.concat(chunks, size), type.mime);
    const small = await makeSmallImage(optimised);
    const key = `images/${uuidv7()}.webp`;
    // The small copy first: an image is never stored without it.
    const smallKey = smallImageKeyOf(key)!;
    await ctx.files.put(smallKey, small);
    let stored: { size: number };
    try {
      stored = await ctx.files.put(key, optimised);
    } catch (error) {
      await ctx.files.delete(smallKey).catch(() => undefined);
      throw error;
    }
    return { key, url: publicUrlOf(key), size: stored.size, type: 'image/webp' };
  } finally {
    await iterator.return?.();
  }
}

/** The web copy: WebP, at most IMAGE_MAX_WIDTH wide, turned upright, without metadata. */
async function optimiseImage(input: Buffer, mime: string): Promise<Buffer> {
  try {
    return await sharp(input, {
      animated: mime === 'image/gif' || mime === 'image/webp',
      failOn: 'error',
      limitInputPixels: IMAGE_MAX_PIXELS,
    })
      .autoOrient()
      .resize({ width: IMAGE_MAX_WIDTH, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch (error) {
    if (/pixel limit/i.test((error as Error).message)) {
      throw fail('IMAGE_DIMENSIONS_TOO_LARGE');
    }
    throw fail('IMAGE_UNREADABLE');
  }
}

/**
 * A video's one check, for a file part and a resumable upload alike: its type by its first
 * bytes, its size, and its container's structure while it streams into storage.
 */
async function storeVideo(
  ctx: AppContext,
  stream: Readable,
  limit: number,
  tooLarge: () => Error,
): Promise<StoredFile | null> {
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  try {
    const head = await readHead(iterator);
    if (head.size === 0) return null;
    const type = await detect(Buffer.concat(head.chunks));
    const known = type ? videoTypes[type.mime] : undefined;
    if (!type || !known) {
      throw fail('VIDEO_TYPE_NOT_ALLOWED');
    }
    const damaged = () => fail('VIDEO_DAMAGED');
    const check = new ContainerCheck(known.container);
    // The length the file says it has, refused as soon as it is read (issue 29, point 2): a
    // file that says nothing (a live recording's WebM) is measured by its renditions job.
    const maxMinutes = ctx.config.maxVideoMinutes;
    const tooLong = () =>
      (check.durationSeconds ?? 0) > maxMinutes * 60
        ? fail('VIDEO_TOO_LONG', { message: messages.videoTooLong(String(maxMinutes)) })
        : null;
    let size = 0;
    const accept = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) throw tooLarge();
      check.push(chunk);
      if (check.broken) throw damaged();
      const long = tooLong();
      if (long) throw long;
      return chunk;
    };
    async function* body() {
      for (const chunk of head.chunks) yield accept(chunk);
      if (head.done) return;
      for (;;) {
        const next = await iterator.next();
        if (next.done) break;
        yield accept(next.value);
      }
    }
    async function* checked() {
      yield* body();
      if (!check.complete()) throw damaged();
    }
    const key = `videos/${uuidv7()}.${known.ext}`;
    const stored = await ctx.files.put(key, Readable.from(checked(), { objectMode: false }));
    return { key, url: publicUrlOf(key), size: stored.size, type: type.mime };
  } finally {
    await iterator.return?.();
  }
}

/**
 * When an answer goes out before a multipart body was read to its end (a refused or failed
 * upload), the rest of the body is read and dropped, so that the client gets the answer and the
 * connection can serve its next request; a large remainder closes the connection instead, as
 * Fastify does for too-large bodies. The body is unpiped from the parser first: the parser's own
 * clean-up may come later, and would pause the request again.
 */
export function finishUnreadUploads(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (!request.isMultipart() || request.raw.complete) return;
    const declared = Number(request.headers['content-length']);
    if (!Number.isFinite(declared) || declared > DRAIN_LIMIT) reply.header('connection', 'close');
    request.raw.unpipe();
    request.raw.resume();
  });
}
