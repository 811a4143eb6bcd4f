import { progressApi } from '@ishuri/contract/routes';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { call } from '../lib/api-client';
import { useSession } from '../lib/auth';
import { nextPageOf } from '../lib/paging';

/** A learner's progress through a course (decisions.md §4). */
export const progressKeys = {
  all: ['progress'] as const,
  course: (courseId: string, viewer: string | null) =>
    ['progress', courseId, viewer ?? 'guest'] as const,
  myCourses: (viewer: string, pageSize: number) =>
    ['progress', 'my-courses', viewer, pageSize] as const,
};

/**
 * The signed-in learner's courses (started or enrolled), most recently active first, a page at
 * a time ("Show more" asks for the next). Read again whenever a screen showing them opens: the
 * learner may have moved on in another tab or on another device.
 */
export const myCoursesOptions = (viewer: string, pageSize: number) =>
  infiniteQueryOptions({
    queryKey: progressKeys.myCourses(viewer, pageSize),
    queryFn: ({ pageParam, signal }) =>
      call(progressApi.myCourses, { query: { page: pageParam, pageSize }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf(pageSize),
    staleTime: 0,
  });

/** Six at a time: two rows of cards on a wide screen, a short scroll on a phone. */
const MY_COURSES_PAGE_SIZE = 6;

export function useMyCourses(enabled = true) {
  const viewer = useSession()?.id ?? '';
  return useInfiniteQuery({
    ...myCoursesOptions(viewer, MY_COURSES_PAGE_SIZE),
    enabled: enabled && viewer !== '',
  });
}

/** The learner's own records for the course's items. */
export const progressOptions = (courseId: string, viewer: string | null) =>
  queryOptions({
    queryKey: progressKeys.course(courseId, viewer),
    queryFn: ({ signal }) => call(progressApi.mine, { params: { courseId }, signal }),
    retry: false,
    // Another device may have moved on: read it again whenever the player opens.
    staleTime: 0,
  });

export function useProgress(courseId: string, enabled: boolean) {
  const viewer = useSession()?.id ?? null;
  return useQuery({ ...progressOptions(courseId, viewer), enabled });
}

/** Completes one item; the server answers 409 while an earlier item is not complete. */
export const completeItem = (courseId: string, lessonId: string) =>
  call(progressApi.complete, { body: { courseId, lessonId, progress: 100 } });

/** Completes an item and says whether that completed the course (and its certificate). */
export const upsertProgress = (courseId: string, lessonId: string) =>
  call(progressApi.upsert, { body: { courseId, lessonId, progress: 100 } });
