import type { Enrolment } from '@ishuri/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/enroll/create/{courseId}: enrols the signed-in user (enrolling twice is harmless). */
export const enrol = (courseId: string) =>
  api.post<{ message: string; data: Enrolment }>(`/enroll/create/${encodeURIComponent(courseId)}`);

export const useEnrol = () => useMutation({ mutationFn: enrol });
