import { blogApi, certificateApi, enrolmentApi } from '@ishuri/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../lib/api-client';
import { listCourses } from './courses';
import { countKeys } from './refresh';
import { listSubscribers } from './subscribers';
import { listUsers } from './users';

/** The total of a paged list, asked with a page of one row. */
const firstPage = { page: 1, pageSize: 1 };
const totalOf = (page: { data: unknown[]; total?: number }) => page.total ?? page.data.length;

/** The numbers of the dashboard's stat cards, by name (each from its resource's endpoint). */
const counters = {
  users: (signal: AbortSignal) => listUsers(firstPage, signal).then(totalOf),
  courses: (signal: AbortSignal) => listCourses(firstPage, signal).then(totalOf),
  subscribers: (signal: AbortSignal) => listSubscribers(firstPage, signal).then(totalOf),
  enrolments: (signal: AbortSignal) =>
    call(enrolmentApi.countAll, { signal }).then((data) => data.count),
  certificates: (signal: AbortSignal) =>
    call(certificateApi.countAll, { signal }).then((data) => data.count),
  blogs: (signal: AbortSignal) => call(blogApi.count, { signal }).then((data) => data.count),
  myEnrolments: (signal: AbortSignal) =>
    call(enrolmentApi.countMine, { signal }).then((data) => data.count),
  myCertificates: (signal: AbortSignal) =>
    call(certificateApi.countMine, { signal }).then((data) => data.count),
} as const;

export type CounterName = keyof typeof counters;

export const countOptions = (name: CounterName) =>
  queryOptions({
    queryKey: [...countKeys.all, name],
    queryFn: ({ signal }) => counters[name](signal),
  });

export const useCount = (name: CounterName) => useQuery(countOptions(name));
