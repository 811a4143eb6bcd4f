import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/sub/confirm/{token}: confirms a newsletter subscription (double opt-in). */
export const confirmSubscription = (token: string) =>
  api.post<{ message?: string }>(`/sub/confirm/${encodeURIComponent(token)}`, undefined, {
    auth: false,
  });

export const useConfirmSubscription = () => useMutation({ mutationFn: confirmSubscription });
