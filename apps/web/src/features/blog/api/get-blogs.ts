import type { Blog } from '@ishuri/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/blog/all: every post, newest first. */
export const getBlogs = (signal?: AbortSignal) =>
  api.get<Blog[]>('/blog/all', { unwrap: true, auth: false, signal });

export const useBlogs = () =>
  useQuery({ queryKey: ['blogs', 'all'], queryFn: ({ signal }) => getBlogs(signal) });
