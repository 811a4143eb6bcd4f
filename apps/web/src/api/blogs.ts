import { blogApi } from '@ishuri/contract/routes';
import type { CreateBlogFields, ListQuery } from '@ishuri/contract';
import {
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
} from '@tanstack/react-query';
import { call } from '../lib/api-client';
import { CATALOGUE_PAGE_SIZE, cataloguePages } from '../lib/paging';
import { useRefresh } from './refresh';

/**
 * Blog posts: every call of the blog's endpoints, and their cache keys, defined once. A page
 * reads through these hooks and options; a change refreshes through `blogKeys.all`.
 */
export const blogKeys = {
  all: ['blogs'] as const,
  list: (query: ListQuery = {}) => ['blogs', 'list', query] as const,
  one: (id: string) => ['blogs', 'one', id] as const,
};

export const blogListOptions = (query: ListQuery = {}) =>
  queryOptions({
    queryKey: blogKeys.list(query),
    queryFn: ({ signal }) => call(blogApi.list, { query, signal, auth: false }),
    placeholderData: keepPreviousData,
  });

export const blogOptions = (id: string) =>
  queryOptions({
    queryKey: blogKeys.one(id),
    queryFn: ({ signal }) => call(blogApi.get, { params: { id }, signal, auth: false }),
  });

export const useBlogs = (query: ListQuery) => useQuery(blogListOptions(query));

/** The posts, newest first, a page at a time ("Show more posts"): the public blog page. */
export const usePublicBlogs = () =>
  useInfiniteQuery(
    cataloguePages(blogKeys.list({ pageSize: CATALOGUE_PAGE_SIZE }), (query, signal) =>
      call(blogApi.list, { query, signal, auth: false }),
    ),
  );
export const useBlog = (id: string) => useQuery(blogOptions(id));

export interface CreateBlogInput extends CreateBlogFields {
  image?: File | null;
}

export function useCreateBlog() {
  const refresh = useRefresh(blogKeys.all);
  return useMutation({
    mutationFn: ({ title, content, image }: CreateBlogInput) => {
      const body = new FormData();
      body.set('title', title);
      body.set('content', content);
      if (image) body.set('imageUrl', image);
      return call(blogApi.create, { body });
    },
    onSuccess: refresh,
  });
}

export function useDeleteBlog() {
  const refresh = useRefresh(blogKeys.all);
  return useMutation({
    mutationFn: (id: string) => call(blogApi.delete, { params: { id } }),
    onSuccess: refresh,
  });
}
