import type { CreateWebinarRequest, UpdateWebinarRequest } from '@ishuri/contract';
import { webinarApi } from '@ishuri/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../lib/api-client';
import { useSession } from '../lib/auth';
import { saveFile } from '../lib/save-file';

/** Exclusive webinars (issue 34, point 4). */
export const WEBINAR_PAGE_SIZE = 5;

export const webinarKeys = {
  all: ['webinars'] as const,
  list: (viewer: string | null, when: 'upcoming' | 'past', page: number) =>
    ['webinars', 'list', viewer ?? '', when, page] as const,
  reminders: (viewer: string | null) => ['webinars', 'reminders', viewer ?? ''] as const,
};

export function useWebinars(when: 'upcoming' | 'past', page: number) {
  const viewer = useSession()?.id ?? null;
  return useQuery({
    queryKey: webinarKeys.list(viewer, when, page),
    // Beside the page's own content: offline, its absence never replaces the page.
    meta: { optional: true },
    enabled: viewer !== null,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      call(webinarApi.list, { query: { when, page, pageSize: WEBINAR_PAGE_SIZE }, signal }),
  });
}

export function useWebinarReminders() {
  const viewer = useSession()?.id ?? null;
  return useQuery({
    queryKey: webinarKeys.reminders(viewer),
    enabled: viewer !== null,
    queryFn: ({ signal }) => call(webinarApi.reminders, { signal }),
  });
}

export function useSetWebinarReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => call(webinarApi.setReminders, { body: { enabled } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['webinars', 'reminders'] }),
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['webinars', 'list'] });
}

export function useCreateWebinar() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreateWebinarRequest) => call(webinarApi.create, { body }),
    onSuccess: refresh,
  });
}

export function useUpdateWebinar() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateWebinarRequest }) =>
      call(webinarApi.update, { params: { id }, body }),
    onSuccess: refresh,
  });
}

export function useDeleteWebinar() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => call(webinarApi.delete, { params: { id } }),
    onSuccess: refresh,
  });
}

/** The calendar file (read with the token), handed to the browser to keep. */
export async function downloadWebinarCalendar(id: string, title: string) {
  const blob = await call(webinarApi.calendar, { params: { id } });
  const name = title
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  saveFile(blob, `${name || 'webinar'}.ics`);
}
