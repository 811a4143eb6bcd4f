import { Readable } from 'node:stream';
import { formatSize, resourceTypes } from '@ishuri/contract';
import type { ResourceMediaType } from '@ishuri/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { Tx } from '../../db/client';
import { courseResources } from '../../db/schema';
import type { AppContext } from '../../context';
import { fail, validationError } from '../../lib/errors';
import { messages } from '../../lib/i18n';
import { uuidv7 } from '../../lib/ids';
import { asOneFileFormError, declaredTooLarge, formLimits } from '../media/uploads';

/**
 * A resource's file, as it arrives (issue 34, point 1): one `file` part of a multipart form,
 * streamed into the private storage (never served under /uploads) under a random key. Its type
 * is decided by its first bytes against the allow-list of the contract (`resourceTypes`), never
 * by its name or declared type: an HTML page, an SVG picture or a program renamed `.pdf` is
 * refused (415 RESOURCE_TYPE_NOT_ALLOWED). CSV, which has no signature, is taken only when its
 * name says `.csv`, it is UTF-8 text without control characters and it does not start with `<`.
 * Its size is counted while it streams (413 RESOURCE_TOO_LARGE beyond the limit).
 */

export const RESOURCE_FIELD = 'file';
/** Bytes read before deciding the type: enough for a zip's first entries (Office, OpenDocument). */
const HEAD_BYTES = 64 * 1024;
/** Text fields beside the file: title, level, itemId. */
const RESOURCE_FORM = { fields: 5, fieldBytes: 4 * 1024 };

/** What file-type names some allowed types. */
const aliases: Record<string, ResourceMediaType> = {
  'audio/x-m4a': 'audio/mp4',
  'audio/opus': 'audio/ogg',
};

export interface ReceivedResource {
  fields: Record<string, string>;
  /** The stored file: its private key, type, size and the name it was sent with. */
  file: { key: string; mediaType: ResourceMediaType; size: number; name: string } | null;
}

export const resourceLimitOf = (ctx: AppContext) => ctx.config.maxResourceBytes ?? 25 * 1024 * 1024;

const tooLarge = (limit: number) =>
  fail('RESOURCE_TOO_LARGE', { message: messages.resourceTooLarge(formatSize(limit)) });

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** The allowed media type of a file by its first bytes (and, for CSV, its name), or null. */
export async function sniffResourceType(
  head: Buffer,
  name: string,
): Promise<ResourceMediaType | null> {
  const found = await fileTypeFromBuffer(head);
  if (found) {
    const mime = aliases[found.mime] ?? found.mime;
    return Object.hasOwn(resourceTypes, mime) ? (mime as ResourceMediaType) : null;
  }
  if (!/\.csv$/i.test(name)) return null;
  let text: string;
  try {
    // `stream`: a character cut at the end of the head is not an error.
    text = new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
  } catch {
    return null;
  }
  if (CONTROL.test(text) || /^[\s\ufeff]*</.test(text)) return null;
  return 'text/csv';
}

/**
 * Reads the form: its text fields and its one `file`, checked and stored. On any failure the
 * stored file is deleted before the error goes on.
 */
export async function receiveResource(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<ReceivedResource> {
  const limit = resourceLimitOf(ctx);
  if (!request.isMultipart()) {
    throw validationError({ [RESOURCE_FIELD]: messages.resourceFileRequired });
  }
  if (declaredTooLarge(request, RESOURCE_FORM, limit, 16 * 1024)) throw tooLarge(limit);
  const fields: Record<string, string> = Object.create(null);
  let file: ReceivedResource['file'] = null;
  try {
    const parts = request.parts({ limits: formLimits(RESOURCE_FORM, limit) });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw fail('TOO_LARGE');
        if (typeof part.value === 'string' && !(part.fieldname in fields)) {
          fields[part.fieldname] = part.value;
        }
        continue;
      }
      if (part.fieldname !== RESOURCE_FIELD || file !== null) {
        part.file.destroy();
        throw fail('UNEXPECTED_FILE', { message: messages.unexpectedFile(RESOURCE_FIELD) });
      }
      file = await storeResource(ctx, part.file, part.filename ?? '', limit);
    }
  } catch (error) {
    if (file) await deleteResourceFile(ctx, file.key);
    throw asOneFileFormError(error, RESOURCE_FIELD);
  }
  return { fields, file };
}

async function storeResource(
  ctx: AppContext,
  stream: Readable,
  name: string,
  limit: number,
): Promise<NonNullable<ReceivedResource['file']> | null> {
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  try {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    while (size < HEAD_BYTES) {
      const next = await iterator.next();
      if (next.done) {
        done = true;
        break;
      }
      chunks.push(next.value);
      size += next.value.length;
    }
    if (size === 0) return null;
    if (size > limit) throw tooLarge(limit);
    const mediaType = await sniffResourceType(Buffer.concat(chunks, size), name);
    if (!mediaType) throw fail('RESOURCE_TYPE_NOT_ALLOWED');
    const csv = mediaType === 'text/csv' ? new TextDecoder('utf-8', { fatal: true }) : null;
    const accept = (chunk: Buffer) => {
      if (csv) {
        let text: string;
        try {
          text = csv.decode(chunk, { stream: true });
        } catch {
          throw fail('RESOURCE_TYPE_NOT_ALLOWED');
        }
        if (CONTROL.test(text)) throw fail('RESOURCE_TYPE_NOT_ALLOWED');
      }
      return chunk;
    };
    let counted = size;
    async function* body() {
      for (const chunk of chunks) yield accept(chunk);
      if (done) return;
      for (;;) {
        const next = await iterator.next();
        if (next.done) break;
        counted += next.value.length;
        if (counted > limit) throw tooLarge(limit);
        yield accept(next.value);
      }
    }
    const key = `resources/${uuidv7()}.${resourceTypes[mediaType].ext}`;
    const stored = await ctx.privateFiles.put(key, Readable.from(body(), { objectMode: false }));
    return { key, mediaType, size: stored.size, name };
  } finally {
    await iterator.return?.();
  }
}

/** Deletes a stored resource file, never failing: a left-over file is logged, not fatal. */
export async function deleteResourceFile(ctx: AppContext, key: string): Promise<void> {
  try {
    await ctx.privateFiles.delete(key);
  } catch (error) {
    ctx.log.warn({ err: error, key }, 'could not delete a resource file');
  }
}

/** The stored files of a course's resources: deleted after the course (its rows go with it). */
export async function resourceKeysOf(tx: Tx, courseId: string): Promise<string[]> {
  const rows = await tx
    .select({ key: courseResources.storageKey })
    .from(courseResources)
    .where(eq(courseResources.courseId, courseId));
  return rows.map((row) => row.key);
}
