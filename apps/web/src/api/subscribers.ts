import { subscriberApi } from '@ishuri/contract/routes';
import type { ListQuery } from '@ishuri/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../lib/api-client';
import { useRefresh } from './refresh';

/** The newsletter: its mailed links and the admin's list (subscribing: ./subscribe). */
export const subscriberKeys = {
  all: ['subscribers'] as const,
  list: (query: ListQuery = {}) => ['subscribers', 'list', query] as const,
};

export const useConfirmSubscription = () =>
  useMutation({
    mutationFn: (token: string) => call(subscriberApi.confirm, { params: { token }, auth: false }),
  });

/** The same endpoint mail providers call (RFC 8058), after the visitor pressed the button. */
export const useUnsubscribe = () =>
  useMutation({
    mutationFn: (token: string) =>
      call(subscriberApi.unsubscribeOneClick, { params: { token }, auth: false }),
  });

/** One page of the subscribers (admin), filtered and sorted by the server. */
export const listSubscribers = (query: ListQuery, signal?: AbortSignal) =>
  call(subscriberApi.list, { query, signal });

export const subscriberListOptions = (query: ListQuery = {}) =>
  queryOptions({
    queryKey: subscriberKeys.list(query),
    queryFn: ({ signal }) => listSubscribers(query, signal),
    placeholderData: keepPreviousData,
  });

export const useSubscribers = (query: ListQuery) => useQuery(subscriberListOptions(query));

export function useRemoveSubscriber() {
  const refresh = useRefresh(subscriberKeys.all);
  return useMutation({
    mutationFn: (email: string) => call(subscriberApi.remove, { params: { email } }),
    onSuccess: refresh,
  });
}
