import { resourceApi } from '@ishuri/contract/routes';
import { resourceFileName } from '@ishuri/contract';
import type { ListQuery, Resource } from '@ishuri/contract';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { call } from '../lib/api-client';
import { itemsOf, nextPageOf } from '../lib/paging';
import { saveFile } from '../lib/save-file';

/**
 * Course resources (issue 34, point 1): a course's (or one lesson's) files, each with its size,
 * type and whether the reader may download it; the report's counts (the owner's changes:
 * ./resource-changes).
 */

export const RESOURCES_PAGE_SIZE = 20;

export const resourceKeys = {
  all: ['resources'] as const,
  list: (courseId: string, itemId: string | null) =>
    ['resources', courseId, itemId ?? 'course'] as const,
  downloads: (courseId: string, query: ListQuery) =>
    ['resources', courseId, 'downloads', query] as const,
};

/** The course's resources (or, with `itemId`, one lesson's), a page of 20 at a time. */
export const resourceListOptions = (courseId: string, itemId: string | null = null) =>
  infiniteQueryOptions({
    queryKey: resourceKeys.list(courseId, itemId),
    queryFn: ({ pageParam, signal }) =>
      call(resourceApi.list, {
        params: { id: courseId },
        query: {
          page: pageParam,
          pageSize: RESOURCES_PAGE_SIZE,
          ...(itemId ? { itemId } : {}),
        },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf(RESOURCES_PAGE_SIZE),
    // The page shows without it: offline, a list never kept is no reason for the offline page.
    meta: { optional: true },
  });

export function useResources(courseId: string, itemId: string | null = null, enabled = true) {
  const query = useInfiniteQuery({ ...resourceListOptions(courseId, itemId), enabled });
  return { ...query, resources: itemsOf(query.data?.pages ?? []) };
}

/** The resource's file, read with the reader's token. */
export const resourceFile = (id: string, signal?: AbortSignal) =>
  call(resourceApi.download, { params: { id }, signal });

/** Downloads the file and hands it to the browser under its name. */
export async function downloadResource(resource: Resource): Promise<void> {
  const blob = await resourceFile(resource.id);
  saveFile(blob, resourceFileName(resource.title, resource.mediaType));
}

/** The course report's downloads per resource (its owner and admins). Always read afresh. */
export const useResourceDownloads = (courseId: string, query: ListQuery) =>
  useQuery(
    queryOptions({
      queryKey: resourceKeys.downloads(courseId, query),
      queryFn: ({ signal }) => call(resourceApi.downloads, { params: { courseId }, query, signal }),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  );

/** The basic resources of a course the user may download (all pages), to save for offline. */
export async function savableResources(courseId: string): Promise<Resource[]> {
  const found: Resource[] = [];
  for (let page = 1; page <= 5; page += 1) {
    const answer = await call(resourceApi.list, {
      params: { id: courseId },
      query: { page, pageSize: 100 },
    });
    found.push(...answer.data);
    if (page * 100 >= (answer.total ?? 0)) break;
  }
  return found.filter((resource) => resource.level === 'basic' && !resource.locked);
}

/**
 * Reads the course's resource lists as the screens read them (the course's, and each lesson's
 * that has any), so that the service worker keeps them with a saved course.
 */
export async function keepResourceLists(
  courseId: string,
  fetchList: (options: ReturnType<typeof resourceListOptions>) => Promise<unknown>,
): Promise<void> {
  const first = (await fetchList(resourceListOptions(courseId))) as {
    pages: { data: Resource[] }[];
  };
  const itemIds = new Set(
    first.pages.flatMap((page) => page.data.map((resource) => resource.itemId)),
  );
  for (const itemId of itemIds) {
    if (itemId) await fetchList(resourceListOptions(courseId, itemId));
  }
}
