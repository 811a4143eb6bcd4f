import { messages } from '@ishuri/contract';
import { ApiError } from '../../../lib/api-client';

/** The course type choice of the create and edit forms. */
export const courseTypeOptions = [
  { value: 'free', label: messages.free },
  { value: 'premium', label: messages.premium },
] as const;

/** The server's sentence about a refused image (type or size), if that is what failed. */
export function imageProblem(error: unknown): string | null {
  if (!(error instanceof ApiError) || !error.serverMessage) return null;
  if (error.status === 413 || error.status === 415) return error.serverMessage;
  return error.fields.imageUrl ?? null;
}
