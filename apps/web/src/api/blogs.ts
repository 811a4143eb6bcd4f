import { fillPath } from '@ishuri/contract';
import { blogApi } from '@ishuri/contract/routes';
import type { ListQuery } from '@ishuri/contract';
import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { call, readEarly } from '../lib/api-client';
import { CATALOGUE_PAGE_SIZE, cataloguePages } from '../lib/paging';

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

/**
 * The post page's loader: the post is read as the app starts (`readEarly`, without the token,
 * as `blogOptions` reads it), while the page is drawn; `useBlog` then takes that answer.
 */
export function readBlogEarly({ params }: { params: Record<string, string | undefined> }): null {
  if (params.id) readEarly(fillPath(blogApi.get.path, { id: params.id }), { auth: false });
  return null;
}
