import { infiniteQueryOptions } from '@tanstack/react-query';

/**
 * "Show more" lists (useInfiniteQuery): page n + 1 is asked while the pages loaded so far hold
 * fewer items than the list's total.
 */
export const nextPageOf =
  (pageSize: number) =>
  (last: { total?: number }, pages: unknown[]): number | undefined =>
    pages.length * pageSize < (last.total ?? 0) ? pages.length + 1 : undefined;

/** Twelve cards a page: four rows of three on a wide screen, a short scroll on a phone. */
export const CATALOGUE_PAGE_SIZE = 12;

/**
 * The items of the pages loaded so far, each once: a list that grew between two pages shifts an
 * item from one page onto the next.
 */
export function itemsOf<T extends { id: string }>(pages: { data: T[] }[]): T[] {
  const seen = new Set<string>();
  return pages
    .flatMap((page) => page.data)
    .filter((item) => !seen.has(item.id) && !!seen.add(item.id));
}

/**
 * A public list read a catalogue page at a time ("Show more"): `fetchPage` asks page n of
 * CATALOGUE_PAGE_SIZE items.
 */
export function cataloguePages<T extends { total?: number }>(
  queryKey: readonly unknown[],
  fetchPage: (query: { page: number; pageSize: number }, signal: AbortSignal) => Promise<T>,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      fetchPage({ page: pageParam, pageSize: CATALOGUE_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf(CATALOGUE_PAGE_SIZE),
  });
}
