import { fillPath } from '@ishuri/contract';
import { courseApi } from '@ishuri/contract/routes';
import type { CourseListQuery, CourseWithLessons, ListQuery } from '@ishuri/contract';
import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { call, readEarly } from '../lib/api-client';
import { useSession } from '../lib/auth';
import { CATALOGUE_PAGE_SIZE, cataloguePages } from '../lib/paging';

/**
 * Courses: every call of the course endpoints and their cache keys, defined once. A course's
 * answer depends on who asks (a premium course's content), so it is kept per viewer.
 */
export const courseKeys = {
  all: ['courses'] as const,
  list: (kind: 'free' | 'premium' | 'all' | 'mine', query: ListQuery = {}) =>
    ['courses', 'list', kind, query] as const,
  one: (id: string, viewer: string | null) => ['courses', 'one', id, viewer ?? 'guest'] as const,
  oneForAnyViewer: (id: string) => ['courses', 'one', id] as const,
};

/** The free courses (the explore page), a page at a time ("Show more courses"). */
export const freeCoursesOptions = () =>
  cataloguePages(courseKeys.list('free', { pageSize: CATALOGUE_PAGE_SIZE }), (query, signal) =>
    call(courseApi.listFree, { query, signal, auth: false }),
  );

export const useFreeCourses = () => useInfiniteQuery(freeCoursesOptions());

/** The newest free courses, for the landing page: one short page, not the catalogue. */
export const useFeaturedCourses = (count: number) =>
  useQuery({
    queryKey: courseKeys.list('free', { page: 1, pageSize: count }),
    queryFn: ({ signal }) =>
      call(courseApi.listFree, { query: { page: 1, pageSize: count }, signal, auth: false }),
    select: (page) => page.data,
  });

/** One page of the premium courses (the start-learning screen pages, sorts and filters them). */
export const premiumCoursesOptions = (query: ListQuery = {}) =>
  queryOptions({
    queryKey: courseKeys.list('premium', query),
    queryFn: ({ signal }) => call(courseApi.listPremium, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const usePremiumCourses = (query: ListQuery) => useQuery(premiumCoursesOptions(query));

/** One page of every course; with `mine`, only the caller's own (what an instructor manages). */
export const listCourses = (query: CourseListQuery, signal?: AbortSignal) =>
  call(courseApi.listAll, { query, signal });

export const managedCoursesOptions = (mine: boolean, query: ListQuery = {}) =>
  queryOptions({
    queryKey: courseKeys.list(mine ? 'mine' : 'all', query),
    queryFn: ({ signal }) => listCourses(mine ? { ...query, mine: 'true' } : query, signal),
    placeholderData: keepPreviousData,
  });

export const useManagedCourses = (mine: boolean, query: ListQuery) =>
  useQuery(managedCoursesOptions(mine, query));

/** The first 5 courses of the list (the dashboard home). */
export const LATEST_COURSES = 5;

export const useLatestCourses = () =>
  useQuery({
    ...managedCoursesOptions(false, { page: 1, pageSize: LATEST_COURSES }),
    select: (page) => page.data.slice(0, LATEST_COURSES),
  });

/**
 * A course page's loader: the course is read as the app starts (`readEarly`), while the page
 * is drawn; its `useCourse` then takes that answer.
 */
export function readCourseEarly({ params }: { params: Record<string, string | undefined> }): null {
  const id = params.id ?? params.courseId;
  if (id) readEarly(fillPath(courseApi.get.path, { id }));
  return null;
}

/**
 * One course with its lessons and sub-lessons, as `viewer` (a user's id, null for a visitor)
 * may see it: the course page, the learn page and the dashboard's course view share this entry.
 */
export const courseOptions = (id: string, viewer: string | null) =>
  queryOptions({
    queryKey: courseKeys.one(id, viewer),
    queryFn: ({ signal }) => call(courseApi.get, { params: { id }, signal }),
  });

export function useCourse(
  id: string,
  options: {
    retry?: boolean;
    /** Read again this many ms after each read (by the course last read); false: not again. */
    refetchInterval?: (course: CourseWithLessons | undefined) => number | false;
  } = {},
) {
  const viewer = useSession()?.id ?? null;
  const { refetchInterval } = options;
  return useQuery({
    ...courseOptions(id, viewer),
    ...(options.retry === false ? { retry: false } : {}),
    ...(refetchInterval
      ? {
          refetchInterval: (query: { state: { data: CourseWithLessons | undefined } }) =>
            refetchInterval(query.state.data),
        }
      : {}),
  });
}
