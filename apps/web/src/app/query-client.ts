import { QueryClient } from '@tanstack/react-query';
import { ApiError, NetworkError } from '../lib/api-client';

/**
 * One cache for the app. Client errors (4xx) are not retried: asking again will not help; nor
 * is a read without a network (the device says it is offline): the screen shows what the
 * device has, and reads are asked again when the network returns.
 * `offlineFirst`: offline, a read is still tried once, so that the service worker can answer
 * it with the copy kept on the device (issue 15).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      networkMode: 'offlineFirst',
      retry: (failures, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) &&
        !(error instanceof NetworkError && !navigator.onLine) &&
        failures < 2,
    },
    mutations: { retry: false },
  },
});
