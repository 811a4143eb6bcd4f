import type { ContactMessage, ListQuery, ListResponse } from '@ishuri/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { keys } from './keys';

/** GET /api/contact/all (admin): one page of the messages, newest first by default. */
export const listContacts = (query: ListQuery, signal?: AbortSignal) =>
  api.get<ListResponse<ContactMessage>>('/contact/all', { query: { ...query }, signal });

export const useContacts = (query: ListQuery, enabled = true) =>
  useQuery({
    queryKey: keys.contacts(query),
    queryFn: ({ signal }) => listContacts(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
