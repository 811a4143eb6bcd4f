import type { Enrolment } from '@ishuri/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/enroll/byUser: the signed-in user's enrolments. */
export const getMyEnrolments = (signal?: AbortSignal) =>
  api.get<Enrolment[]>('/enroll/byUser', { unwrap: true, signal });

export const myEnrolmentsKey = (viewer: string | null) =>
  ['learn', 'enrolments', viewer ?? 'guest'] as const;

export const useMyEnrolments = (viewer: string | null, enabled: boolean) =>
  useQuery({
    queryKey: myEnrolmentsKey(viewer),
    queryFn: ({ signal }) => getMyEnrolments(signal),
    enabled,
    retry: false,
  });
