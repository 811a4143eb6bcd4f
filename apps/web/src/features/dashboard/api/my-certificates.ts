import type { Certificate } from '@ishuri/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { keys } from './keys';

/** GET /api/certificate/byUser: the signed-in user's certificates. */
export const getMyCertificates = (signal?: AbortSignal) =>
  api.get<Certificate[]>('/certificate/byUser', { unwrap: true, signal });

export const useMyCertificates = () =>
  useQuery({ queryKey: keys.myCertificates, queryFn: ({ signal }) => getMyCertificates(signal) });
