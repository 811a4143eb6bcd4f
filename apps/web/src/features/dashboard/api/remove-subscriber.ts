import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useInvalidate } from './invalidate';
import { keys } from './keys';
import type { MessageResponse } from './keys';

/** DELETE /api/sub/unsubscribe/{email} (admin). */
export const removeSubscriber = (email: string) =>
  api.delete<MessageResponse>(`/sub/unsubscribe/${encodeURIComponent(email)}`);

export const useRemoveSubscriber = () => {
  const invalidate = useInvalidate(keys.subscribersAll);
  return useMutation({ mutationFn: removeSubscriber, onSuccess: invalidate });
};
