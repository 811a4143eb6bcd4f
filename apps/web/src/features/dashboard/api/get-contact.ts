import type { ContactMessage } from '@ishuri/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { keys } from './keys';

/** GET /api/contact/single/{id} (admin). */
export const getContact = (id: string, signal?: AbortSignal) =>
  api.get<ContactMessage>(`/contact/single/${encodeURIComponent(id)}`, { unwrap: true, signal });

export const useContact = (id: string) =>
  useQuery({ queryKey: keys.contact(id), queryFn: ({ signal }) => getContact(id, signal) });
