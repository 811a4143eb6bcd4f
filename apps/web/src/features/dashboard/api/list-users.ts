import type { ListQuery, ListResponse, User } from '@ishuri/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { keys } from './keys';

/** GET /api/user/all (admin): one page, filtered and sorted by the server. */
export const listUsers = (query: ListQuery, signal?: AbortSignal) =>
  api.get<ListResponse<User>>('/user/all', { query: { ...query }, signal });

export const useUsers = (query: ListQuery) =>
  useQuery({
    queryKey: keys.users(query),
    queryFn: ({ signal }) => listUsers(query, signal),
    placeholderData: keepPreviousData,
  });
