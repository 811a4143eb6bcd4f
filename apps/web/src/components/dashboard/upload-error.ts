import { messages } from '@ishuri/contract';
import { ApiError, NetworkError } from '../../lib/api-client';

/**
 * The sentence for a failed lesson or sub-lesson upload (product.md §8): the server's status and
 * sentence, no answer at all, or a request that could not be made.
 */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    return messages.serverError(error.status, error.serverMessage ?? messages.somethingWentWrong);
  }
  if (error instanceof NetworkError) return messages.noResponse;
  return messages.requestError(error instanceof Error ? error.message : String(error));
}
