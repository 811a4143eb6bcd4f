import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts the server's per-field messages (`fields` of a 400) on the form's own fields; answers
 * whether any was placed, so that the screen can skip its general error toast.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  known: ReadonlyArray<Path<T>>,
): boolean {
  const found = fieldErrorsOf(error, known);
  for (const [field, message] of found) setError(field, { type: 'server', message });
  return found.length > 0;
}

/** The server's per-field messages (`fields` of a 400) for the form's own fields, in order. */
export function fieldErrorsOf<F extends string>(
  error: unknown,
  known: ReadonlyArray<F>,
): Array<[F, string]> {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  const found: Array<[F, string]> = [];
  for (const [name, message] of Object.entries(error.fields)) {
    const field = known.find((candidate) => candidate === name);
    if (field) found.push([field, message]);
  }
  return found;
}
