import { mailApi } from '@ishuri/contract/routes';
import type { ListQuery } from '@ishuri/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../lib/api-client';
import { useRefresh } from './refresh';

/** Mail the server finally failed to send (admin), and its retry. */
export const failedMailKeys = {
  all: ['failedMail'] as const,
  list: (query: ListQuery = {}) => ['failedMail', 'list', query] as const,
};

export const failedMailOptions = (query: ListQuery = {}) =>
  queryOptions({
    queryKey: failedMailKeys.list(query),
    queryFn: ({ signal }) => {
      const { page, pageSize, q } = query;
      return call(mailApi.failed, { query: { page, pageSize, ...(q ? { q } : {}) }, signal });
    },
    placeholderData: keepPreviousData,
  });

export const useFailedMail = (query: ListQuery) => useQuery(failedMailOptions(query));

export function useRetryMail() {
  const refresh = useRefresh(failedMailKeys.all);
  return useMutation({
    mutationFn: (id: string) => call(mailApi.retry, { params: { id } }),
    onSuccess: refresh,
  });
}
