import { reportApi } from '@ishuri/contract/routes';
import type { ListQuery } from '@ishuri/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../lib/api-client';

/** A course's reports, for its owner and admins (issue 17). Always read afresh. */
const reportKeys = {
  learners: (courseId: string, query: ListQuery) =>
    ['report', courseId, 'learners', query] as const,
  funnel: (courseId: string) => ['report', courseId, 'funnel'] as const,
};

export const useReportLearners = (courseId: string, query: ListQuery) =>
  useQuery(
    queryOptions({
      queryKey: reportKeys.learners(courseId, query),
      queryFn: ({ signal }) => call(reportApi.learners, { params: { courseId }, query, signal }),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  );

export const useReportFunnel = (courseId: string) =>
  useQuery(
    queryOptions({
      queryKey: reportKeys.funnel(courseId),
      queryFn: ({ signal }) => call(reportApi.funnel, { params: { courseId }, signal }),
      staleTime: 0,
    }),
  );

/** The learners table as a CSV file (the same filter and order as on screen). */
export const downloadReportCsv = (courseId: string, query: Pick<ListQuery, 'q' | 'sort'>) =>
  call(reportApi.csv, { params: { courseId }, query });

/**
 * The dashboard home of instructors (their own courses) and admins (every course): issue 32,
 * point 14. Read afresh on each visit of the home.
 */
export const useReportOverview = () =>
  useQuery(
    queryOptions({
      queryKey: ['report', 'overview'] as const,
      queryFn: ({ signal }) => call(reportApi.overview, { signal }),
      staleTime: 0,
    }),
  );
