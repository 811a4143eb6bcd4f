import type { Certificate, ListQuery, ListResponse } from '@ishuri/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { keys } from './keys';

/** GET /api/certificate/all (admin): one page of every certificate. */
export const listAllCertificates = (query: ListQuery, signal?: AbortSignal) =>
  api.get<ListResponse<Certificate>>('/certificate/all', { query: { ...query }, signal });

export const useAllCertificates = (query: ListQuery) =>
  useQuery({
    queryKey: keys.allCertificates(query),
    queryFn: ({ signal }) => listAllCertificates(query, signal),
    placeholderData: keepPreviousData,
  });
