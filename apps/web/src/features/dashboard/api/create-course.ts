import type { Course, CreateCourseFields } from '@ishuri/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useInvalidate } from './invalidate';
import { keys } from './keys';
import type { MessageResponse } from './keys';

export interface CreateCourseInput extends CreateCourseFields {
  image?: File | null;
}

/** POST /api/course/create (multipart: title, description, courseType, the `imageUrl` file). */
export function createCourse({ title, description, courseType, image }: CreateCourseInput) {
  const form = new FormData();
  form.set('title', title);
  form.set('description', description);
  form.set('courseType', courseType);
  if (image) form.set('imageUrl', image);
  return api.post<MessageResponse<Course>>('/course/create', form);
}

export const useCreateCourse = () => {
  const invalidate = useInvalidate(keys.courses);
  return useMutation({ mutationFn: createCourse, onSuccess: invalidate });
};
