import { announcementApi } from '@ishuri/contract/routes';
import type { CreateAnnouncementRequest } from '@ishuri/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../lib/api-client';

/** Announcements (issue 34, point 5): a course's, the dashboard's, and one's mail choice. */
export const announcementKeys = {
  all: ['announcements'] as const,
  course: (courseId: string, page: number) => ['announcements', 'course', courseId, page] as const,
  mine: (page: number) => ['announcements', 'mine', page] as const,
  preference: ['announcements', 'preference'] as const,
};

const PAGE_SIZE = 5;

export const useCourseAnnouncements = (courseId: string, page: number) =>
  useQuery({
    queryKey: announcementKeys.course(courseId, page),
    // Beside the page's own content: offline, its absence never replaces the page.
    meta: { optional: true },
    queryFn: ({ signal }) =>
      call(announcementApi.listForCourse, {
        params: { id: courseId },
        query: { page, pageSize: PAGE_SIZE },
        signal,
      }),
    retry: false,
  });

export const useMyAnnouncements = (page: number) =>
  useQuery({
    queryKey: announcementKeys.mine(page),
    // Beside the page's own content: offline, its absence never replaces the page.
    meta: { optional: true },
    queryFn: ({ signal }) =>
      call(announcementApi.mine, { query: { page, pageSize: PAGE_SIZE }, signal }),
  });

export const useAnnouncementPreference = () =>
  useQuery({
    queryKey: announcementKeys.preference,
    queryFn: ({ signal }) => call(announcementApi.preference, { signal }),
  });

function useAnnouncementMutation<T, R>(run: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}

export const useSetAnnouncementPreference = () =>
  useAnnouncementMutation((mail: boolean) =>
    call(announcementApi.setPreference, { body: { mail } }),
  );

/** To a course's learners (courseId), or to everyone (null, admins). */
export const usePostAnnouncement = (courseId: string | null) =>
  useAnnouncementMutation((body: CreateAnnouncementRequest) =>
    courseId
      ? call(announcementApi.postToCourse, { params: { id: courseId }, body })
      : call(announcementApi.postToAll, { body }),
  );
