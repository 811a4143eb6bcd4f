import { systemApi } from '@ishuri/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../lib/api-client';

/** The admin's System screen: jobs, storage used, database, Redis and the server process. */
const systemKeys = { all: ['system'] as const };

const systemOptions = () =>
  queryOptions({
    queryKey: systemKeys.all,
    queryFn: ({ signal }) => call(systemApi.read, { signal }),
    // The server keeps its file count a minute: asking more often shows nothing new.
    staleTime: 30_000,
  });

export const useSystem = () => useQuery(systemOptions());
