import type { Certificate } from '@ishuri/contract';
import { api } from '../../../lib/api-client';

/** GET /api/certificate/byUser: the signed-in user's certificates (the whole list). */
export const getMyCertificates = (signal?: AbortSignal) =>
  api.get<Certificate[]>('/certificate/byUser', { unwrap: true, signal });
