import { supportAdminApi, supportApi } from '@ishuri/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../lib/api-client';
import { useSession } from '../lib/auth';

/** Priority support (issue 34, point 3): one's requests, asking, and the admins' queue. */
export const SUPPORT_PAGE_SIZE = 10;

export const supportKeys = {
  all: ['support'] as const,
  mine: (viewer: string | null, page: number) => ['support', 'mine', viewer ?? '', page] as const,
  queue: (page: number) => ['support', 'queue', page] as const,
};

export function useMySupportRequests(page: number) {
  const viewer = useSession()?.id ?? null;
  return useQuery({
    queryKey: supportKeys.mine(viewer, page),
    enabled: viewer !== null,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      call(supportApi.mine, { query: { page, pageSize: SUPPORT_PAGE_SIZE }, signal }),
  });
}

export function useSupportQueue(page: number) {
  return useQuery({
    queryKey: supportKeys.queue(page),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      call(supportAdminApi.queue, { query: { page, pageSize: SUPPORT_PAGE_SIZE }, signal }),
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: supportKeys.all });
}

export function useAskSupport() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({
      subject,
      text,
      screenshot,
    }: {
      subject: string;
      text: string;
      screenshot: File | null;
    }) => {
      const body = new FormData();
      body.set('subject', subject);
      body.set('text', text);
      if (screenshot) body.set('screenshot', screenshot);
      return call(supportApi.ask, { body });
    },
    onSuccess: refresh,
  });
}

export function useSetSupportStatus() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'closed' | 'open' }) =>
      status === 'closed'
        ? call(supportApi.close, { params: { id } })
        : call(supportApi.reopen, { params: { id } }),
    onSuccess: refresh,
  });
}

export function useAnswerSupport() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) =>
      call(supportAdminApi.answer, { params: { id }, body: { text } }),
    onSuccess: refresh,
  });
}

/** The screenshot of a request (read with the token), as a Blob. */
export function supportScreenshot(id: string) {
  return call(supportApi.screenshot, { params: { id } });
}
