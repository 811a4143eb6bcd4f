import { useQuery } from '@tanstack/react-query';
import type { ProgressRecord } from '@ishuri/contract';
import { waiting } from './outbox';

export const outboxKeys = {
  all: ['outbox'] as const,
  course: (userId: string | null, courseId: string) => ['outbox', userId, courseId] as const,
};

/** The learner's completions of a course made offline and not yet sent, in the order made. */
export function useWaitingProgress(userId: string | null, courseId: string, enabled: boolean) {
  return useQuery({
    queryKey: outboxKeys.course(userId, courseId),
    queryFn: () => waiting(userId!, courseId).catch(() => []),
    enabled: enabled && userId !== null,
    staleTime: 0,
    networkMode: 'always',
  });
}

/** The server's records with the waiting completions added (they count as complete here). */
export function withWaiting(
  records: readonly ProgressRecord[] | undefined,
  waitingIds: readonly string[],
): ProgressRecord[] | undefined {
  if (!records) return records;
  const known = new Set(records.filter((r) => r.completed).map((r) => r.lessonId));
  const added = waitingIds
    .filter((id) => !known.has(id))
    .map((lessonId) => ({ lessonId, progress: 100, completed: true }));
  return added.length === 0 ? [...records] : [...records, ...added];
}
