import type { ListQuery, ListResponse, Subscriber } from '@ishuri/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { keys } from './keys';

/** GET /api/sub/subscribers (admin): one page, filtered and sorted by the server. */
export const listSubscribers = (query: ListQuery, signal?: AbortSignal) =>
  api.get<ListResponse<Subscriber>>('/sub/subscribers', { query: { ...query }, signal });

export const useSubscribers = (query: ListQuery) =>
  useQuery({
    queryKey: keys.subscribers(query),
    queryFn: ({ signal }) => listSubscribers(query, signal),
    placeholderData: keepPreviousData,
  });
