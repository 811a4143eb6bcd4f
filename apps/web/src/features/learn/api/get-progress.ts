import type { ProgressRecord } from '@ishuri/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/progress/{courseId}: the signed-in learner's own records for the course's items. */
export const getProgress = (courseId: string, signal?: AbortSignal) =>
  api.get<ProgressRecord[]>(`/progress/${encodeURIComponent(courseId)}`, { unwrap: true, signal });

export const progressKey = (courseId: string, viewer: string | null) =>
  ['learn', 'progress', courseId, viewer ?? 'guest'] as const;

export const useProgress = (courseId: string, viewer: string | null, enabled: boolean) =>
  useQuery({
    queryKey: progressKey(courseId, viewer),
    queryFn: ({ signal }) => getProgress(courseId, signal),
    enabled,
    retry: false,
    // Another device may have moved on: read it again whenever the player opens.
    staleTime: 0,
  });
