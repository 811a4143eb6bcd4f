import { certificateApi } from '@ishuri/contract/routes';
import type { ListQuery } from '@ishuri/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, call } from '../lib/api-client';
import { useRefresh } from './refresh';

/** Certificates: the caller's, everyone's (admin), their PDFs and pictures, the public check. */
export const certificateKeys = {
  all: ['certificates'] as const,
  list: (query: ListQuery = {}) => ['certificates', 'list', query] as const,
  mine: ['certificates', 'mine'] as const,
  image: (id: string) => ['certificates', 'image', id] as const,
  verify: (code: string) => ['certificates', 'verify', code] as const,
};

/** The signed-in user's certificates (the whole list). */
export const getMyCertificates = (signal?: AbortSignal) =>
  call(certificateApi.mine, { signal }).then((page) => page.data);

export const myCertificatesOptions = () =>
  queryOptions({
    queryKey: certificateKeys.mine,
    queryFn: ({ signal }) => getMyCertificates(signal),
  });

export const useMyCertificates = () => useQuery(myCertificatesOptions());

/**
 * After a course's last item is completed: a premium course's certificate is issued then, so the
 * learner's certificates (and the totals) are asked again.
 */
export const useRefreshCertificates = () => useRefresh(certificateKeys.all);

export const certificateListOptions = (query: ListQuery = {}) =>
  queryOptions({
    queryKey: certificateKeys.list(query),
    queryFn: ({ signal }) => call(certificateApi.listAll, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const useAllCertificates = (query: ListQuery) => useQuery(certificateListOptions(query));

/** The answer was not the PDF the contract promises. */
export class NotPdfError extends Error {
  override readonly name = 'NotPdfError';
}

/** The PDF as a Blob (the owner or an admin); anything but a PDF is a NotPdfError. */
export async function certificatePdf(id: string, signal?: AbortSignal): Promise<Blob> {
  try {
    return await call(certificateApi.download, { params: { id }, signal });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'INVALID_RESPONSE') throw new NotPdfError();
    throw error;
  }
}

/**
 * The picture (WebP) of one certificate for the preview and the viewer: phones without a PDF
 * viewer show it too. Fetched once and kept a while.
 */
export const certificateImageOptions = (id: string) =>
  queryOptions({
    queryKey: certificateKeys.image(id),
    queryFn: ({ signal }) => call(certificateApi.image, { params: { id }, signal }),
    staleTime: 5 * 60_000,
    gcTime: 5 * 60_000,
  });

export const useCertificateImage = (id: string, enabled: boolean) =>
  useQuery({ ...certificateImageOptions(id), enabled });

/** Public verification by code (404 for an unknown one). */
export const certificateVerificationOptions = (code: string) =>
  queryOptions({
    queryKey: certificateKeys.verify(code),
    queryFn: ({ signal }) => call(certificateApi.verify, { params: { code }, signal, auth: false }),
    retry: false,
  });

export const useCertificateVerification = (code: string) =>
  useQuery(certificateVerificationOptions(code));
