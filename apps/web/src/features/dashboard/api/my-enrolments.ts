import type { Enrolment } from '@ishuri/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { keys } from './keys';

/** GET /api/enroll/byUser: the courses the signed-in user is enrolled in. */
export const getMyEnrolments = (signal?: AbortSignal) =>
  api.get<Enrolment[]>('/enroll/byUser', { unwrap: true, signal });

export const useMyEnrolments = () =>
  useQuery({ queryKey: keys.myEnrolments, queryFn: ({ signal }) => getMyEnrolments(signal) });
