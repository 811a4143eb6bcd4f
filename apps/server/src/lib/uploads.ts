import { Readable } from 'node:stream';
import { messages } from '@ishuri/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { AppContext } from './context';
import { AppError, fail } from './errors';
import { uuidv7 } from './ids';
import { isStorageKey } from './storage';
import { ContainerCheck } from './video-structure';
import type { Container } from './video-structure';

/**
 * Multipart uploads (decisions.md §5). The request is read as a stream: text fields are
 * collected, the one file part goes to public storage under a random key. Its type is decided by
 * its first bytes, never by its name or declared type; sizes are counted while it streams.
 *
 * - Images (PNG, JPEG, GIF, WebP, at most `maxImageBytes`) are re-encoded by sharp as WebP, at
 *   most 1200 px wide, without metadata; an animated GIF stays animated (animated WebP).
 * - Videos (MP4, WebM, QuickTime, at most `maxVideoBytes`) are stored as they are, streamed
 *   straight to storage; their box/element structure is followed on the way so that a file cut
 *   short is refused.
 *
 * A failed upload leaves nothing behind: storage writes are atomic, and a stored file is deleted
 * again when the request fails later (`discardUpload`).
 */
export type UploadKind = 'image' | 'video';

export interface UploadSpec {
  /** The name of the file part (`imageUrl`, `videoUrl`). */
  field: string;
  kind: UploadKind;
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
}

export const UPLOADS_PREFIX = '/uploads/';
export const IMAGE_MAX_WIDTH = 1200;
/** Larger pictures are refused before decoding (a small file can hold a huge image). */
export const IMAGE_MAX_PIXELS = 40_000_000;
const HEAD_BYTES = 4100;
const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 1024 * 1024;
/** A refused upload's remaining body is read and dropped up to this size; beyond it the connection closes. */
const DRAIN_LIMIT = 32 * 1024 * 1024;

const imageTypes = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
const videoTypes: Record<string, { ext: string; container: Container }> = {
  'video/mp4': { ext: 'mp4', container: 'isobmff' },
  'video/quicktime': { ext: 'mov', container: 'isobmff' },
  'video/webm': { ext: 'webm', container: 'ebml' },
};

export const publicUrlOf = (key: string) => UPLOADS_PREFIX + key;

/** The storage key behind a `/uploads/...` URL, or null for anything else. */
export function keyOfPublicUrl(url: string | null | undefined): string | null {
  if (!url?.startsWith(UPLOADS_PREFIX)) return null;
  const key = url.slice(UPLOADS_PREFIX.length);
  return isStorageKey(key) ? key : null;
}

export function formatSize(bytes: number): string {
  const gb = 1024 * 1024 * 1024;
  const mb = 1024 * 1024;
  if (bytes >= gb) return `${Number((bytes / gb).toFixed(1))} GB`;
  if (bytes >= mb) return `${Number((bytes / mb).toFixed(1))} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Deletes stored files, never failing: a left-over file is logged, not fatal. */
export async function deleteStoredFiles(
  ctx: AppContext,
  urls: Array<string | null | undefined>,
): Promise<void> {
  for (const url of urls) {
    const key = keyOfPublicUrl(url);
    if (!key) continue;
    try {
      await ctx.files.delete(key);
    } catch (error) {
      ctx.log.warn({ err: error, key }, 'could not delete a stored file');
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
  try {
    return await use(upload);
  } catch (error) {
    await discardUpload(ctx, upload);
    throw error;
  }
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

/** Errors of the multipart parser, in the product's words. */
function asUploadError(error: unknown): unknown {
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
  if (!request.isMultipart()) return { fields: textFieldsOf(request.body), file: null };
  const limit = spec.kind === 'image' ? ctx.config.maxImageBytes : ctx.config.maxVideoBytes;
  const tooLarge = () =>
    spec.kind === 'image'
      ? fail('IMAGE_TOO_LARGE')
      : fail('VIDEO_TOO_LARGE', { message: messages.videoTooLarge(formatSize(limit)) });
  // A body declared larger than the file limit plus the text fields cannot fit: refused unread.
  const declared = Number(request.headers['content-length']);
  if (declared > limit + MAX_FIELDS * MAX_FIELD_BYTES) throw tooLarge();
  const fields: Record<string, string> = Object.create(null);
  let file: StoredFile | null = null;
  let seenFile = false;
  try {
    const parts = request.parts({
      // The plugin is registered with throwFileSizeLimit: false; the counts below answer.
      limits: {
        // One byte more than allowed, so that the count below sees the excess.
        fileSize: limit + 1,
        files: 1,
        fields: MAX_FIELDS,
        fieldSize: MAX_FIELD_BYTES,
        parts: MAX_FIELDS + 1,
      },
    });
    for await (const part of parts) {
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
      file =
        spec.kind === 'image'
          ? await storeImage(ctx, part.file, limit, tooLarge)
          : await storeVideo(ctx, part.file, limit, tooLarge);
    }
  } catch (error) {
    if (file) await deleteStoredFiles(ctx, [file.url]);
    throw asUploadError(error);
  }
  return { fields, file };
}

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
): Promise<StoredFile | null> {
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  try {
    const head = await readHead(iterator);
    if (head.size === 0) return null;
    const type = await detect(Buffer.concat(head.chunks));
    if (!type || !imageTypes.has(type.mime)) {
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
    const key = `images/${uuidv7()}.webp`;
    const stored = await ctx.files.put(key, optimised);
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
    let size = 0;
    const accept = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) throw tooLarge();
      check.push(chunk);
      if (check.broken) throw damaged();
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
