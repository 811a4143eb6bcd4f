import { messages } from '@ishuri/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSession } from '../lib/auth';
import { toastLater as toast } from '../lib/toast';
import { removeSaved, savedCourse, savedCourses } from './saved-store';

// The saved courses as the screens ask for them (the learning page, Saved courses, Save for
// offline, the offline screen), apart from those screens.

export const savedCoursesKey = (userId: string | null) => ['saved-courses', userId] as const;

/** The signed-in user's courses saved on this device. */
export function useSavedCourses() {
  const userId = useSession()?.id ?? null;
  return useQuery({
    queryKey: savedCoursesKey(userId),
    queryFn: () => savedCourses(userId!).catch(() => []),
    enabled: userId !== null,
    staleTime: 0,
    networkMode: 'always',
  });
}

export const savedCourseKey = (userId: string | null, courseId: string) =>
  ['saved-course', userId, courseId] as const;

/** The signed-in user's saved copy of a course on this device (null when not saved). */
export function useSavedCourse(courseId: string) {
  const userId = useSession()?.id ?? null;
  return useQuery({
    queryKey: savedCourseKey(userId, courseId),
    queryFn: async () => (await savedCourse(userId!, courseId).catch(() => undefined)) ?? null,
    enabled: userId !== null && typeof indexedDB !== 'undefined',
    networkMode: 'always',
    staleTime: 0,
  });
}

/** Reads the user's saved courses (the list and the one course) again after a change. */
export function useRefreshSaved() {
  const userId = useSession()?.id ?? null;
  const queryClient = useQueryClient();
  return useCallback(
    (courseId: string) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: savedCourseKey(userId, courseId) }),
        queryClient.invalidateQueries({ queryKey: savedCoursesKey(userId) }),
      ]),
    [queryClient, userId],
  );
}

/** Remove: the saved course leaves the device, and the learner is told. */
export function useRemoveSaved() {
  const userId = useSession()?.id ?? null;
  const refresh = useRefreshSaved();
  return useCallback(
    async (courseId: string, title: string) => {
      if (!userId) return;
      await removeSaved(userId, courseId).catch(() => undefined);
      toast.success(messages.savedRemoved(title));
      await refresh(courseId);
    },
    [refresh, userId],
  );
}
