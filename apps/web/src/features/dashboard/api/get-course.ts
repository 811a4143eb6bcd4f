import type { CourseWithLessons } from '@ishuri/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { keys } from './keys';

/** GET /api/course/single/{id}: the course with its lessons and their sub-lessons, in order. */
export const getCourse = (id: string, signal?: AbortSignal) =>
  api.get<CourseWithLessons>(`/course/single/${encodeURIComponent(id)}`, { unwrap: true, signal });

export const useCourse = (id: string) =>
  useQuery({ queryKey: keys.course(id), queryFn: ({ signal }) => getCourse(id, signal) });
