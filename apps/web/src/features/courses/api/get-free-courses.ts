import type { Course } from '@ishuri/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/course/free: every free course. */
export const getFreeCourses = (signal?: AbortSignal) =>
  api.get<Course[]>('/course/free', { unwrap: true, auth: false, signal });

export const useFreeCourses = () =>
  useQuery({ queryKey: ['courses', 'free'], queryFn: ({ signal }) => getFreeCourses(signal) });
