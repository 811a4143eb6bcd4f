import type { CourseWithLessons } from '@ishuri/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * GET /api/course/single/{id}: the course with its lessons and their sub-lessons, in order
 * (404 for an unknown id). The stored token is sent: the owner, an enrolled learner or an admin
 * may see more of a premium course.
 */
export const getCourse = (id: string, signal?: AbortSignal) =>
  api.get<CourseWithLessons>(`/course/single/${encodeURIComponent(id)}`, {
    unwrap: true,
    signal,
  });

export const useCourse = (id: string) =>
  useQuery({ queryKey: ['courses', 'single', id], queryFn: ({ signal }) => getCourse(id, signal) });
