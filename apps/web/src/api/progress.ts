import { progressApi } from '@ishuri/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../lib/api-client';
import { useSession } from '../lib/auth';

/** A learner's progress through a course (decisions.md §4). */
export const progressKeys = {
  all: ['progress'] as const,
  course: (courseId: string, viewer: string | null) =>
    ['progress', courseId, viewer ?? 'guest'] as const,
};

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
