import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useInvalidate } from './invalidate';
import { keys } from './keys';
import type { MessageResponse } from './keys';

/** DELETE /api/lesson/delete/{id}: the lesson and its sub-lessons. */
export const deleteLesson = (id: string) =>
  api.delete<MessageResponse>(`/lesson/delete/${encodeURIComponent(id)}`);

export const useDeleteLesson = (courseId: string) => {
  const invalidate = useInvalidate(keys.course(courseId));
  return useMutation({ mutationFn: deleteLesson, onSuccess: invalidate });
};
