import { captionLanguages } from '@ishuri/contract';
import { messages } from '../../lib/i18n';
import type { CaptionLanguage, CaptionTrack } from '@ishuri/contract';
import type { FastifyRequest } from 'fastify';
import type { StoredCaptions } from '../../db/schema';
import type { AppContext } from '../../context';
import { fail, validationError } from '../../lib/errors';
import { publicUrlOf } from '../../lib/storage';
import { asOneFileFormError, declaredTooLarge, formLimits } from './uploads';

/**
 * Captions files of lesson videos (WebVTT, issue 14). A file is read whole into memory (it is
 * small: at most `maxCaptionsBytes`, 512 KB by default), checked, and stored by the captions
 * service under its video's renditions folder, so that it is signed and deleted with the video.
 *
 * What a file must be, checked in this order, each refusal with its own code:
 * - at most `maxCaptionsBytes` (413 CAPTIONS_TOO_LARGE; a body declared larger is refused
 *   unread, and counting stops at the limit);
 * - WebVTT: `WEBVTT` first (after an optional UTF-8 byte order mark), then a space, a tab, a line
 *   break or the end (415 CAPTIONS_NOT_WEBVTT);
 * - UTF-8 text without NUL or other C0 control characters but tab, CR and LF
 *   (400 CAPTIONS_NOT_TEXT);
 * - at least one cue timing line such as `00:00.000 --> 00:02.000` (400 CAPTIONS_NO_CUES).
 *
 * The stored text has LF line breaks and no byte order mark; it is otherwise as sent.
 */

/** The form field the file comes in. */
export const CAPTIONS_FIELD = 'captions';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const SIGNATURE = Buffer.from('WEBVTT', 'latin1');
/** What may follow the signature: space, tab, LF, CR. */
const AFTER_SIGNATURE = new Set([0x20, 0x09, 0x0a, 0x0d]);
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
/** A WebVTT timestamp: hours (two or more digits) optional, then mm:ss.ttt. */
const TIMESTAMP = '(?:\\d{2,}:)?[0-5]\\d:[0-5]\\d\\.\\d{3}';
const CUE_TIMING = new RegExp(`^${TIMESTAMP}[ \\t]+-->[ \\t]+${TIMESTAMP}(?:[ \\t].*)?$`, 'm');

/** A refusal of a file larger than the limit, in KB as the form says it. */
export const captionsTooLarge = (limit: number) =>
  fail('CAPTIONS_TOO_LARGE', { message: messages.captionsTooLarge(Math.floor(limit / 1024)) });

/** The checked text of a captions file (LF line breaks, no byte order mark), or the refusal. */
export function checkWebVtt(bytes: Buffer): string {
  const body = bytes.subarray(0, BOM.length).equals(BOM) ? bytes.subarray(BOM.length) : bytes;
  const signed = body.subarray(0, SIGNATURE.length).equals(SIGNATURE);
  const next = body[SIGNATURE.length];
  if (!signed || (next !== undefined && !AFTER_SIGNATURE.has(next))) {
    throw fail('CAPTIONS_NOT_WEBVTT');
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body);
  } catch {
    throw fail('CAPTIONS_NOT_TEXT');
  }
  if (CONTROL.test(text)) throw fail('CAPTIONS_NOT_TEXT');
  const normalised = text.replace(/\r\n?/g, '\n');
  if (!CUE_TIMING.test(normalised)) throw fail('CAPTIONS_NO_CUES');
  return normalised;
}

/** Text fields a captions form may carry beside its file (they are not used). */
const CAPTIONS_FORM = { fields: 4, fieldBytes: 1024 };

/**
 * Reads the one `captions` file of a multipart request into memory and checks it (checkWebVtt).
 * A body declared larger than the file limit and its few fields is refused before it is read;
 * an undeclared one is counted and refused at the limit.
 */
export async function receiveCaptions(ctx: AppContext, request: FastifyRequest): Promise<string> {
  const limit = ctx.config.maxCaptionsBytes;
  const required = () => validationError({ [CAPTIONS_FIELD]: messages.captionsFileRequired });
  if (!request.isMultipart()) throw required();
  if (declaredTooLarge(request, CAPTIONS_FORM, limit, 16 * 1024)) throw captionsTooLarge(limit);
  let file: Buffer | null = null;
  try {
    const parts = request.parts({
      limits: formLimits(CAPTIONS_FORM, limit),
    });
    for await (const part of parts) {
      if (part.type === 'field') continue;
      if (part.fieldname !== CAPTIONS_FIELD || file !== null) {
        part.file.destroy();
        throw fail('UNEXPECTED_FILE', { message: messages.unexpectedFile(CAPTIONS_FIELD) });
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > limit) {
          part.file.destroy();
          throw captionsTooLarge(limit);
        }
        chunks.push(chunk);
      }
      file = Buffer.concat(chunks, size);
    }
  } catch (error) {
    throw asOneFileFormError(error, CAPTIONS_FIELD);
  }
  if (file === null) throw required();
  return checkWebVtt(file);
}

/** A video's captions as clients get them: known languages only, by language code. */
export function captionTracks(
  stored: readonly StoredCaptions[],
  link: (storedUrl: string) => string,
): CaptionTrack[] {
  const known = new Set<string>(captionLanguages);
  return stored
    .filter((captions) => known.has(captions.language))
    .sort((a, b) => (a.language < b.language ? -1 : a.language > b.language ? 1 : 0))
    .map((captions) => ({
      language: captions.language as CaptionLanguage,
      url: link(publicUrlOf(captions.key)),
    }));
}
