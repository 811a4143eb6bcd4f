import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useInvalidate } from './invalidate';
import { keys } from './keys';
import type { MessageResponse } from './keys';

/** DELETE /api/course/delete/{id}: an admin, or the instructor who owns it. */
export const deleteCourse = (id: string) =>
  api.delete<MessageResponse>(`/course/delete/${encodeURIComponent(id)}`);

export const useDeleteCourse = () => {
  const invalidate = useInvalidate(keys.courses);
  return useMutation({ mutationFn: deleteCourse, onSuccess: invalidate });
};
