import { emailPattern, MAX_EMAIL_LENGTH, messages } from '@ishuri/contract';
import { ApiError, NetworkError } from '../../lib/api-client';

/** How long the success text stays (product.md §9). */
export const SUBSCRIBE_SUCCESS_MS = 5000;

export type SubscribeStatus = 'idle' | 'loading' | 'success' | 'error';

/**
 * The newsletter address check of product.md §5, the same as the contract's `emailField`
 * without loading the schema library on the landing page. Null when the address is usable.
 */
export function checkEmail(value: string): string | null {
  const email = value.trim();
  if (!email) return messages.emailRequired;
  if (email.length > MAX_EMAIL_LENGTH || !emailPattern.test(email)) return messages.emailInvalid;
  return null;
}

/**
 * product.md §8: the server's message or error, else "Something went wrong"; no answer at all
 * is "Network error. Please try again later."
 */
export function subscribeFailure(error: unknown): string {
  if (error instanceof NetworkError) return messages.networkError;
  if (error instanceof ApiError) {
    return error.bodyMessage ?? error.serverMessage ?? messages.somethingWentWrong;
  }
  return messages.somethingWentWrong;
}
