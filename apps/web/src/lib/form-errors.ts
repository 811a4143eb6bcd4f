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
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  let placed = false;
  for (const [name, message] of Object.entries(error.fields)) {
    const field = known.find((candidate) => candidate === name);
    if (field) {
      setError(field, { type: 'server', message });
      placed = true;
    }
  }
  return placed;
}
