import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useInvalidate } from './invalidate';
import { keys } from './keys';
import type { MessageResponse } from './keys';

/** DELETE /api/sublesson/delete/{id}. */
export const deleteSubLesson = (id: string) =>
  api.delete<MessageResponse>(`/sublesson/delete/${encodeURIComponent(id)}`);

export const useDeleteSubLesson = (courseId: string) => {
  const invalidate = useInvalidate(keys.course(courseId));
  return useMutation({ mutationFn: deleteSubLesson, onSuccess: invalidate });
};
