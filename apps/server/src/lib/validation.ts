import type { z } from 'zod';
import { validationError } from './errors';

/**
 * Validates fields that did not go through a route schema (the text fields of a multipart
 * form): the parsed data, or a 400 with one sentence per field, in the schema's order.
 */
export function parseFields<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    fields[String(issue.path[0] ?? 'body')] ??= issue.message;
  }
  throw validationError(fields);
}
