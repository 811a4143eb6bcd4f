import type { FailedMailListResponse, ListQuery } from '@ishuri/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useInvalidate } from './invalidate';
import { keys } from './keys';
import type { MessageResponse } from './keys';

/** GET /api/admin/mail/failed (admin): mail the server finally failed to send, one page. */
export const listFailedMail = (query: ListQuery, signal?: AbortSignal) => {
  const { page, pageSize, q } = query;
  return api.get<FailedMailListResponse>('/admin/mail/failed', {
    query: { page, pageSize, ...(q ? { q } : {}) },
    signal,
  });
};

export const useFailedMail = (query: ListQuery) =>
  useQuery({
    queryKey: keys.failedMail(query),
    queryFn: ({ signal }) => listFailedMail(query, signal),
    placeholderData: keepPreviousData,
  });

/** POST /api/admin/mail/{id}/retry (admin): queue it again; it is sent at once. */
export const retryMail = (id: string) =>
  api.post<MessageResponse>(`/admin/mail/${encodeURIComponent(id)}/retry`);

export const useRetryMail = () => {
  const invalidate = useInvalidate(keys.failedMailAll);
  return useMutation({ mutationFn: retryMail, onSuccess: invalidate });
};
