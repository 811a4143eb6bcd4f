import type { CountResponse, ListResponse } from '@ishuri/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { keys } from './keys';

/** A count endpoint (`{ data: { count } }`, decisions.md §1). */
const countOf = (path: string) => (signal?: AbortSignal) =>
  api.get<CountResponse>(path, { signal }).then((body) => body.data.count);

/** The total of a paged list, asked with a page of one row. */
const totalOf = (path: string) => (signal?: AbortSignal) =>
  api
    .get<ListResponse<unknown>>(path, { signal, query: { page: 1, pageSize: 1 } })
    .then((body) => body.total ?? body.data.length);

/** The numbers of the stat cards, by name. */
export const counters = {
  users: totalOf('/user/all'),
  courses: totalOf('/course/all'),
  subscribers: totalOf('/sub/subscribers'),
  enrolments: countOf('/enroll/number'),
  certificates: countOf('/certificate/number'),
  blogs: countOf('/blog/number'),
  myEnrolments: countOf('/enroll/length'),
  myCertificates: countOf('/certificate/numberByUser'),
} as const;

export type CounterName = keyof typeof counters;

export const useCount = (name: CounterName) =>
  useQuery({ queryKey: keys.count(name), queryFn: ({ signal }) => counters[name](signal) });
