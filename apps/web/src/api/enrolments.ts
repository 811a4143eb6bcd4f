import { enrolmentApi } from '@ishuri/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../lib/api-client';
import { useSession } from '../lib/auth';
import { courseKeys } from './courses';
import { useRefresh } from './refresh';

/**
 * Enrolments: the signed-in user's list, under one key every screen reads (the learn page, the
 * premium courses, the dashboard), so enrolling anywhere shows "Continue" everywhere at once.
 */
export const enrolmentKeys = {
  all: ['enrolments'] as const,
  mine: (viewer: string | null) => ['enrolments', 'mine', viewer ?? 'guest'] as const,
};

/** `viewer`: the signed-in user's id (what the answer depends on). */
export const myEnrolmentsOptions = (viewer: string | null) =>
  queryOptions({
    queryKey: enrolmentKeys.mine(viewer),
    queryFn: ({ signal }) => call(enrolmentApi.mine, { signal }),
  });

export function useMyEnrolments(options: { enabled?: boolean; retry?: boolean } = {}) {
  const viewer = useSession()?.id ?? null;
  return useQuery({
    ...myEnrolmentsOptions(viewer),
    enabled: (options.enabled ?? true) && viewer !== null,
    ...(options.retry === false ? { retry: false } : {}),
  });
}

/**
 * Enrols (an empty POST; enrolling twice is harmless), then refreshes the courses first (their
 * content is now readable) and the enrolments that unlock it second.
 */
export function useEnrol() {
  const refreshCourses = useRefresh(courseKeys.all);
  const refreshEnrolments = useRefresh(enrolmentKeys.all);
  return useMutation({
    mutationFn: (courseId: string) => call(enrolmentApi.create, { params: { courseId } }),
    onSuccess: async () => {
      await refreshCourses();
      await refreshEnrolments();
    },
  });
}
