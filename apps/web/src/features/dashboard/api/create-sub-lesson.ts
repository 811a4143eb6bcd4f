import type { SubLesson } from '@ishuri/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { itemFormData, uploadOptions } from './create-lesson';
import type { ItemInput } from './create-lesson';
import { useInvalidate } from './invalidate';
import { keys } from './keys';
import type { MessageResponse } from './keys';

/** POST /api/sublesson/create/{lessonId} (multipart, the same fields as a lesson). */
export const createSubLesson = ({ lessonId, ...input }: ItemInput & { lessonId: string }) =>
  api.post<MessageResponse<SubLesson>>(
    `/sublesson/create/${encodeURIComponent(lessonId)}`,
    itemFormData(input),
    uploadOptions(input),
  );

export const useCreateSubLesson = (courseId: string) => {
  const invalidate = useInvalidate(keys.course(courseId));
  return useMutation({
    mutationFn: (input: ItemInput & { lessonId: string }) => createSubLesson(input),
    onSuccess: invalidate,
  });
};
