import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { keys } from './keys';

/**
 * GET /api/certificate/download/{id} with the token (the owner or an admin): the raw answer, so
 * that the screen can check its status and type before using it.
 */
export const fetchCertificate = (id: string, signal?: AbortSignal) =>
  apiRequest<Response>(`/certificate/download/${encodeURIComponent(id)}`, {
    responseType: 'response',
    signal,
  });

/** The PDF as a Blob, only when the answer is a 200 with a PDF type. */
export async function certificatePdf(id: string, signal?: AbortSignal): Promise<Blob> {
  const response = await fetchCertificate(id, signal);
  if (!isPdfResponse(response)) throw new NotPdfError();
  return response.blob();
}

export class NotPdfError extends Error {
  override readonly name = 'NotPdfError';
}

export function isPdfResponse(response: Response): boolean {
  const type = response.headers.get('Content-Type') ?? '';
  return response.status === 200 && type.toLowerCase().includes('application/pdf');
}

/** The PDF of one certificate for the preview and the viewer (fetched once, kept a while). */
export const useCertificatePdf = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: keys.certificateFile(id),
    queryFn: ({ signal }) => certificatePdf(id, signal),
    enabled,
    staleTime: 5 * 60_000,
    gcTime: 5 * 60_000,
  });
