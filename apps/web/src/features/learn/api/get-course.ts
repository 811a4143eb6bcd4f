import type { CourseWithLessons } from '@ishuri/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * GET /api/course/single/{id}: the course with its lessons and sub-lessons. The stored token
 * goes with it, so an enrolled learner gets the content of a premium course.
 */
export const getCourse = (courseId: string, signal?: AbortSignal) =>
  api.get<CourseWithLessons>(`/course/single/${encodeURIComponent(courseId)}`, {
    unwrap: true,
    signal,
  });

export const learnCourseKey = (courseId: string, viewer: string | null) =>
  ['learn', 'course', courseId, viewer ?? 'guest'] as const;

/** `viewer` is the signed-in user's id (null for a visitor): what the answer depends on. */
export const useLearnCourse = (courseId: string, viewer: string | null) =>
  useQuery({
    queryKey: learnCourseKey(courseId, viewer),
    queryFn: ({ signal }) => getCourse(courseId, signal),
    // A failed load shows the error with a Retry button (product.md §8) instead of waiting.
    retry: false,
  });
