import type { CertificateVerification } from '@ishuri/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/certificate/verify/{code}: public; 404 for an unknown code. */
export const verifyCertificate = (code: string, signal?: AbortSignal) =>
  api.get<CertificateVerification>(`/certificate/verify/${encodeURIComponent(code)}`, {
    unwrap: true,
    auth: false,
    signal,
  });

export const useCertificateVerification = (code: string) =>
  useQuery({
    queryKey: ['certificate', 'verify', code],
    queryFn: ({ signal }) => verifyCertificate(code, signal),
    retry: false,
  });
