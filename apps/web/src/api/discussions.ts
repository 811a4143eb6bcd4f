import { discussionApi } from '@ishuri/contract/routes';
import type { CreateDiscussionRequest } from '@ishuri/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../lib/api-client';

/** Course discussions (issue 34, point 2): threads, replies, moderation, reports. */
export const discussionKeys = {
  all: ['discussions'] as const,
  list: (courseId: string, itemId: string | null, page: number) =>
    ['discussions', 'list', courseId, itemId ?? 'all', page] as const,
  thread: (id: string, page: number) => ['discussions', 'thread', id, page] as const,
  reports: (page: number) => ['discussions', 'reports', page] as const,
};

export const PAGE_SIZE = 10;

export const discussionsOptions = (courseId: string, itemId: string | null, page: number) =>
  queryOptions({
    queryKey: discussionKeys.list(courseId, itemId, page),
    // Beside the page's own content: offline, its absence never replaces the page.
    meta: { optional: true },
    queryFn: ({ signal }) =>
      call(discussionApi.list, {
        params: { id: courseId },
        query: { page, pageSize: PAGE_SIZE, ...(itemId ? { itemId } : {}) },
        signal,
      }),
  });

export const useDiscussions = (courseId: string, itemId: string | null, page: number) =>
  useQuery({ ...discussionsOptions(courseId, itemId, page), retry: false });

export const useDiscussion = (id: string, page: number) =>
  useQuery({
    queryKey: discussionKeys.thread(id, page),
    queryFn: ({ signal }) =>
      call(discussionApi.read, { params: { id }, query: { page, pageSize: 20 }, signal }),
    retry: false,
  });

export const useDiscussionReports = (page: number) =>
  useQuery({
    queryKey: discussionKeys.reports(page),
    queryFn: ({ signal }) =>
      call(discussionApi.reports, { query: { page, pageSize: PAGE_SIZE }, signal }),
  });

/** A mutation after which every discussion read is asked again. */
function useDiscussionMutation<T, R>(run: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discussionKeys.all }),
  });
}

export const useAsk = (courseId: string) =>
  useDiscussionMutation((body: CreateDiscussionRequest) =>
    call(discussionApi.create, { params: { id: courseId }, body }),
  );

export const useReply = (id: string) =>
  useDiscussionMutation((text: string) =>
    call(discussionApi.reply, { params: { id }, body: { text } }),
  );

export const useMarkAnswer = (id: string) =>
  useDiscussionMutation((replyId: string | null) =>
    call(discussionApi.markAnswer, { params: { id }, body: { replyId } }),
  );

export const usePin = (id: string) =>
  useDiscussionMutation((pinned: boolean) =>
    call(discussionApi.pin, { params: { id }, body: { pinned } }),
  );

export const useClose = (id: string) =>
  useDiscussionMutation((closed: boolean) =>
    call(discussionApi.close, { params: { id }, body: { closed } }),
  );

export const useHide = () =>
  useDiscussionMutation(({ id, hidden }: { id: string; hidden: boolean }) =>
    call(discussionApi.hide, { params: { id }, body: { hidden } }),
  );

export const useReport = () =>
  useDiscussionMutation(({ id, reason }: { id: string; reason: string }) =>
    call(discussionApi.report, { params: { id }, body: { reason } }),
  );

export const useFollow = (id: string) =>
  useDiscussionMutation((following: boolean) =>
    call(discussionApi.follow, { params: { id }, body: { following } }),
  );

export const unfollowByLink = (token: string) =>
  call(discussionApi.unfollowByLink, { params: { token }, auth: false });
