import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

/** One cache for the app. Client errors (4xx) are not retried: asking again will not help. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failures, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
    },
    mutations: { retry: false },
  },
});
