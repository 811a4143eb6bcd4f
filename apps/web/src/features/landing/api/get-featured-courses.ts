import type { Course } from '@ishuri/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/course/free (the same cache entry as the free course list). */
export const getFreeCourses = (signal?: AbortSignal) =>
  api.get<Course[]>('/course/free', { unwrap: true, auth: false, signal });

/** The first free courses, for the landing page. */
export const useFeaturedCourses = (count: number) =>
  useQuery({
    queryKey: ['courses', 'free'],
    queryFn: ({ signal }) => getFreeCourses(signal),
    select: (courses) => courses.slice(0, count),
  });
