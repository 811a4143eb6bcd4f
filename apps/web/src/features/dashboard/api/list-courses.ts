import type { Course, ListQuery, ListResponse } from '@ishuri/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { keys } from './keys';

/**
 * GET /api/course/all: one page of the courses; with `mine`, only the caller's own (what an
 * instructor manages).
 */
export const listCourses = (query: ListQuery & { mine?: boolean }, signal?: AbortSignal) =>
  api.get<ListResponse<Course>>('/course/all', { query: { ...query }, signal });

export const useManagedCourses = (mine: boolean, query: ListQuery) =>
  useQuery({
    queryKey: keys.managedCourses(mine, query),
    queryFn: ({ signal }) => listCourses(mine ? { ...query, mine: true } : query, signal),
    placeholderData: keepPreviousData,
  });

/** The first 5 courses of the list (the dashboard home). */
export const LATEST_COURSES = 5;

export const useLatestCourses = () =>
  useQuery({
    queryKey: keys.latestCourses,
    queryFn: ({ signal }) =>
      listCourses({ page: 1, pageSize: LATEST_COURSES }, signal).then((body) =>
        body.data.slice(0, LATEST_COURSES),
      ),
  });
