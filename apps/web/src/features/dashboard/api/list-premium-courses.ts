import type { Course } from '@ishuri/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { keys } from './keys';

/** GET /api/course/premium (signed in): every premium course. */
export const listPremiumCourses = (signal?: AbortSignal) =>
  api.get<Course[]>('/course/premium', { unwrap: true, signal });

export const usePremiumCourses = () =>
  useQuery({ queryKey: keys.premiumCourses, queryFn: ({ signal }) => listPremiumCourses(signal) });
