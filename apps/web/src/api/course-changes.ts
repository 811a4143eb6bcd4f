import { courseApi } from '@ishuri/contract/routes';
import type { CreateCourseFields, UpdateCourseFields } from '@ishuri/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../lib/api-client';
import { courseKeys } from './courses';
import { useRefresh } from './refresh';

// Creating, changing and deleting courses: the course manager's, apart from the reads in
// ./courses that the public pages load (a module goes into one file whole).

export interface CreateCourseInput extends CreateCourseFields {
  image?: File | null;
}

export interface UpdateCourseInput extends UpdateCourseFields {
  id: string;
  image?: File | null;
}

/** A course's multipart body: the fields given (strings as they are, yes/no as true/false). */
function courseFormData(fields: Record<string, string | boolean | undefined>, image?: File | null) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) body.set(name, String(value));
  }
  if (image) body.set('imageUrl', image);
  return body;
}

export function useCreateCourse() {
  const refresh = useRefresh(courseKeys.all);
  return useMutation({
    mutationFn: ({ image, ...fields }: CreateCourseInput) =>
      call(courseApi.create, { body: courseFormData(fields, image) }),
    onSuccess: refresh,
  });
}

/** Changes a course (any of its fields, a new image, publishing it or making it a draft). */
export function useUpdateCourse() {
  const refresh = useRefresh(courseKeys.all);
  return useMutation({
    mutationFn: ({ id, image, ...fields }: UpdateCourseInput) =>
      call(courseApi.update, { params: { id }, body: courseFormData(fields, image) }),
    onSuccess: refresh,
  });
}

export function useDeleteCourse() {
  const refresh = useRefresh(courseKeys.all);
  return useMutation({
    mutationFn: (id: string) => call(courseApi.delete, { params: { id } }),
    onSuccess: refresh,
  });
}
