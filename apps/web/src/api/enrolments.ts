import { enrolmentApi } from '@ishuri/contract/routes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../lib/api-client';
import { useSession } from '../lib/auth';

/**
 * Enrolments: the signed-in user's, asked for the courses a screen shows (the learn page's one,
 * a page of premium courses), all under one key prefix, so enrolling anywhere refreshes every
 * screen and shows "Continue" everywhere at once.
 */
export const enrolmentKeys = {
  all: ['enrolments'] as const,
  mine: (viewer: string | null, courseIds: readonly string[]) =>
    ['enrolments', 'mine', viewer ?? 'guest', ...courseIds] as const,
};

/**
 * `viewer`: the signed-in user's id (what the answer depends on); `courseIds`: the courses the
 * screen shows (at most MAX_COURSE_IDS), whose enrolments are all it asks for.
 */
export const myEnrolmentsOptions = (viewer: string | null, courseIds: readonly string[]) =>
  queryOptions({
    queryKey: enrolmentKeys.mine(viewer, courseIds),
    queryFn: ({ signal }) =>
      call(enrolmentApi.mine, { query: { courseIds: courseIds.join(',') }, signal }),
  });

/**
 * The caller's enrolments in `courseIds` (nothing is asked while the list is empty).
 * `keepPrevious`: a list's next page keeps showing the last answer until its own arrives.
 */
export function useMyEnrolments(
  courseIds: readonly string[],
  options: { enabled?: boolean; retry?: boolean; keepPrevious?: boolean } = {},
) {
  const viewer = useSession()?.id ?? null;
  return useQuery({
    ...myEnrolmentsOptions(viewer, courseIds),
    enabled: (options.enabled ?? true) && viewer !== null && courseIds.length > 0,
    ...(options.keepPrevious ? { placeholderData: keepPreviousData } : {}),
    ...(options.retry === false ? { retry: false } : {}),
  });
}
