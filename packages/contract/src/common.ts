import { z } from 'zod';
import { emailPattern, MAX_EMAIL_LENGTH } from './email-pattern';
import { messages } from './messages';

/** product.md §5: text, an at sign, text, a dot, text. */
export { emailPattern, MAX_EMAIL_LENGTH };

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PAGE_SIZE = 100;

/** A required text field: trimmed, not empty, with the given sentence when missing. */
export const requiredText = (message: string, max = 10_000) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `At most ${max} characters.` });

export const emailField = (requiredMessage: string = messages.emailRequired) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    .max(MAX_EMAIL_LENGTH, { error: messages.emailInvalid })
    .regex(emailPattern, { error: messages.emailInvalid });

export const passwordField = (requiredMessage: string = messages.registerFieldsRequired) =>
  z
    .string({ error: requiredMessage })
    .min(1, { error: requiredMessage })
    .min(MIN_PASSWORD_LENGTH, { error: messages.passwordTooShort })
    .max(1024, { error: 'At most 1024 characters.' });

export const idSchema = z.uuid();
export const idParams = z.object({ id: z.string() });
export const courseIdParams = z.object({ courseId: z.string() });
export const lessonIdParams = z.object({ lessonId: z.string() });

export const timestamp = z.iso.datetime({ offset: true });

/** The error body every failure answers with (decisions.md §1). */
export const errorBodySchema = z.object({
  error: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const messageSchema = z.object({ message: z.string() });

export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
export const messageAndDataOf = <T extends z.ZodType>(schema: T) =>
  z.object({ message: z.string(), data: schema });

export const countSchema = dataOf(z.object({ count: z.number().int().nonnegative() }));
export type CountResponse = z.infer<typeof countSchema>;

/**
 * Lists that can grow (decisions.md §1). Without any of these parameters the whole list is
 * answered in `data`; with one of them, one page plus `total`, `page` and `pageSize`.
 */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  q: z.string().trim().max(200).optional(),
  sort: z
    .string()
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
