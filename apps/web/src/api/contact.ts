import { contactApi } from '@ishuri/contract/routes';
import type { ListQuery } from '@ishuri/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../lib/api-client';
import { useRefresh } from './refresh';

/** Contact messages: the admin's list (the public form's one call: ./send-contact). */
export const contactKeys = {
  all: ['contacts'] as const,
  list: (query: ListQuery = {}) => ['contacts', 'list', query] as const,
  one: (id: string) => ['contacts', 'one', id] as const,
};

export const contactListOptions = (query: ListQuery = {}) =>
  queryOptions({
    queryKey: contactKeys.list(query),
    queryFn: ({ signal }) => call(contactApi.list, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const useContacts = (query: ListQuery, enabled = true) =>
  useQuery({ ...contactListOptions(query), enabled });

export const contactOptions = (id: string) =>
  queryOptions({
    queryKey: contactKeys.one(id),
    queryFn: ({ signal }) => call(contactApi.get, { params: { id }, signal }),
  });

export const useContact = (id: string) => useQuery(contactOptions(id));

export function useDeleteContact() {
  const refresh = useRefresh(contactKeys.all);
  return useMutation({
    mutationFn: (id: string) => call(contactApi.delete, { params: { id } }),
    onSuccess: refresh,
  });
}
