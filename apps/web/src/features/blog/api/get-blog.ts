import type { Blog } from '@ishuri/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/blog/single/{id}: one whole post (404 for an unknown id). */
export const getBlog = (id: string, signal?: AbortSignal) =>
  api.get<Blog>(`/blog/single/${encodeURIComponent(id)}`, { unwrap: true, auth: false, signal });

export const useBlog = (id: string) =>
  useQuery({ queryKey: ['blogs', 'single', id], queryFn: ({ signal }) => getBlog(id, signal) });
