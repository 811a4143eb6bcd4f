import { z } from 'zod';
import { emailPattern, MAX_EMAIL_LENGTH } from './email-pattern';
import { looksLikeId, normalizeId, uuidText } from './ids';
import { messages } from './messages';

/** product.md §5: text, an at sign, text, a dot, text. */
export { emailPattern, MAX_EMAIL_LENGTH };
export { looksLikeId, normalizeId, uuidText };

/** E-mail addresses are compared and stored in one form: trimmed, lower case. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PAGE_SIZE = 100;

/** Control characters (U+0000–U+001F, U+007F): never accepted in any text a client sends. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const anyControl = /^[^\u0000-\u001f\u007f]*$/;
/** The same, but tab, line feed and carriage return are kept (messages, content, bios). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const controlButLines = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

/**
 * Every string a request carries (body, query, path, multipart field) is built here, so that
 * control characters are refused in one place with a field message. `multiline` keeps tab and
 * line breaks for long texts.
 */
export const text = (options: { error?: string; multiline?: boolean } = {}) =>
  z
    .string(options.error ? { error: options.error } : undefined)
    .regex(options.multiline ? controlButLines : anyControl, {
      error: messages.controlCharacters,
    });

/** A required text field: trimmed, not empty, with the given sentence when missing. */
export const requiredText = (message: string, max = 10_000, multiline = false) =>
  text({ error: message, multiline })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `At most ${max} characters.` });

/**
 * Characters that show nothing: white space, zero-width and joiners, word joiner, BOM, Hangul
 * fillers, soft hyphen, bidi marks and controls.
 */
const invisibleOnly =
  /^[\s\u00ad\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\u3164\ufeff\uffa0]*$/u;

/** A person's name: required text with at least one visible character. */
export const nameText = (message: string, max = 100) =>
  requiredText(message, max).refine((value) => !invisibleOnly.test(value), {
    error: messages.nameInvisible,
  });

export const emailField = (requiredMessage: string = messages.emailRequired) =>
  text({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    .max(MAX_EMAIL_LENGTH, { error: messages.emailInvalid })
    .regex(emailPattern, { error: messages.emailInvalid });

export const passwordField = (requiredMessage: string = messages.registerFieldsRequired) =>
  text({ error: requiredMessage })
    .min(1, { error: requiredMessage })
    .min(MIN_PASSWORD_LENGTH, { error: messages.passwordTooShort })
    .max(1024, { error: 'At most 1024 characters.' });

export const idSchema = z.uuid();

/**
 * The one parser of ids in paths and bodies: a UUID in any letter case becomes lower case
 * before any comparison or query; anything else passes through and is answered 404 by the
 * service (decisions.md §1).
 */
export const idField = (error?: string) =>
  z.string(error ? { error } : undefined).transform(normalizeId);
export const idParams = z.object({ id: idField() });
export const courseIdParams = z.object({ courseId: idField() });
export const lessonIdParams = z.object({ lessonId: idField() });

export const timestamp = z.iso.datetime({ offset: true });

/** A yes/no field of a multipart form: `true` or `false` (JSON booleans also pass). */
export const formBoolean = z.preprocess(
  (value) => (typeof value === 'boolean' ? String(value) : value),
  z.enum(['true', 'false'], { error: messages.yesOrNo }).transform((value) => value === 'true'),
);

/** The error body every failure answers with (decisions.md §1). */
export const errorBodySchema = z.object({
  error: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  /** The request's id (`x-request-id`): what a user quotes to support, found in the server's log. */
  requestId: z.string().optional(),
});

export const messageSchema = z.object({ message: z.string() });

export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
export const messageAndDataOf = <T extends z.ZodType>(schema: T) =>
  z.object({ message: z.string(), data: schema });

export const countOf = z.object({ count: z.number().int().nonnegative() });

/**
 * Lists that can grow (decisions.md §1). Without any of these parameters the whole list is
 * answered in `data`; with one of them, one page plus `total`, `page` and `pageSize`.
 */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  q: text().trim().max(200).optional(),
  sort: text()
    .regex(/^[A-Za-z]+:(asc|desc)$/, { error: 'Use sort=field:asc or sort=field:desc.' })
    .optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export const listOf = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    total: z.number().int().nonnegative().optional(),
    page: z.number().int().optional(),
    pageSize: z.number().int().optional(),
  });

export interface ListResponse<T> {
  data: T[];
  total?: number;
  page?: number;
  pageSize?: number;
}
