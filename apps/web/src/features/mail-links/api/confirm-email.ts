import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/user/confirm-email/{token}: applies an e-mail change (the link is the proof). */
export const confirmEmail = (token: string) =>
  api.post<{ message?: string }>(`/user/confirm-email/${encodeURIComponent(token)}`, undefined, {
    auth: false,
  });

export const useConfirmEmail = () => useMutation({ mutationFn: confirmEmail });
