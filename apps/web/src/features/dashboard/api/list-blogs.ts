import type { Blog, ListQuery, ListResponse } from '@ishuri/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { keys } from './keys';

/** GET /api/blog/all: one page, filtered and sorted by the server. */
export const listBlogs = (query: ListQuery, signal?: AbortSignal) =>
  api.get<ListResponse<Blog>>('/blog/all', { query: { ...query }, signal, auth: false });

export const useBlogs = (query: ListQuery) =>
  useQuery({
    queryKey: keys.blogs(query),
    queryFn: ({ signal }) => listBlogs(query, signal),
    placeholderData: keepPreviousData,
  });
