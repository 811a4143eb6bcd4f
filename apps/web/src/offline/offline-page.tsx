import { messages } from '@ishuri/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toastLater as toast } from '../lib/toast';
import { WifiOff } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../components/button';
import { useSession } from '../lib/auth';
import { removeSaved, savedCourse, savedCourses } from './saved-courses';
import { fileSize } from '../lib/format';

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

/**
 * Offline, a page never opened on this device: what is available instead (the courses saved
 * here), never the error screen. It gives way to the page once the network is back.
 */
export function OfflinePage({ onRetry }: { onRetry?: () => void }) {
  const saved = useSavedCourses();
  const signedIn = useSession() !== null;
  return (
    <div className="mx-auto max-w-xl space-y-6 px-4 py-12">
      <title>{messages.pageTitleOf(messages.offlinePageTitle)}</title>
      <div className="space-y-3 text-center">
        <WifiOff className="mx-auto size-12 text-slate-500" aria-hidden="true" />
        <h1 className="text-2xl font-bold text-slate-900">{messages.offlinePageTitle}</h1>
        <p className="text-slate-700">{messages.offlinePageText}</p>
        {onRetry && (
          <Button variant="secondary" onClick={onRetry}>
            {messages.tryAgain}
          </Button>
        )}
      </div>
      {signedIn && (
        <section aria-labelledby="offline-saved" className="space-y-3">
          <h2 id="offline-saved" className="text-lg font-semibold text-slate-900">
            {messages.offlineSavedCourses}
          </h2>
          {saved.data && saved.data.length > 0 ? (
            <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
              {saved.data.map((course) => (
                <li key={course.key} className="flex items-center justify-between gap-3 p-3">
                  <Link
                    to={`/learn/${course.courseId}`}
                    className="font-medium text-blue-800 underline-offset-2 hover:underline"
                  >
                    {course.title}
                  </Link>
                  <span className="shrink-0 text-sm text-slate-600">{fileSize(course.bytes)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-slate-700">{messages.noSavedCourses}</p>
          )}
        </section>
      )}
    </div>
  );
}
