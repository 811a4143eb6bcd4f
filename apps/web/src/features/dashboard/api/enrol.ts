import type { Enrolment } from '@ishuri/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useInvalidate } from './invalidate';
import { keys } from './keys';
import type { MessageResponse } from './keys';

/** POST /api/enroll/create/{courseId} with an empty body (enrolling twice is harmless). */
export const enrol = (courseId: string) =>
  api.post<MessageResponse<Enrolment>>(`/enroll/create/${encodeURIComponent(courseId)}`);

export const useEnrol = () => {
  const invalidate = useInvalidate(keys.myEnrolments);
  return useMutation({ mutationFn: enrol, onSuccess: invalidate });
};
