import { enrolmentApi } from '@ishuri/contract/routes';
import { useMutation } from '@tanstack/react-query';
import { call } from '../lib/api-client';
import { courseKeys } from './courses';
import { enrolmentKeys } from './enrolments';
import { useRefresh } from './refresh';

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
