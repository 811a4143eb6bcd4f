import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * POST /api/sub/unsubscribe/one-click/{token}: the same endpoint mail providers call (RFC 8058),
 * here with an empty body, after the visitor pressed the button.
 */
export const unsubscribe = (token: string) =>
  api.post<{ message?: string }>(
    `/sub/unsubscribe/one-click/${encodeURIComponent(token)}`,
    undefined,
    { auth: false },
  );

export const useUnsubscribe = () => useMutation({ mutationFn: unsubscribe });
