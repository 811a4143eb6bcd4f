import { lessonApi } from '@ishuri/contract/routes';
import type { ContentType } from '@ishuri/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../lib/api-client';
import { UPLOAD_TIMEOUT_MS } from '../lib/delays';
import { courseKeys } from './courses';
import { useRefresh } from './refresh';

/** A course's lessons and sub-lessons: a change refreshes the course they belong to. */

/** A lesson or a sub-lesson as the form sends it. */
export interface ItemInput {
  title: string;
  description: string;
  contentType: ContentType;
  /** The text of a text item. */
  content: string;
  /** The file of a video item (sent as the `videoUrl` part). */
  video: File | null;
  /** Instead of the file: the id of its finished resumable upload (the `videoUpload` field). */
  videoUpload?: string | null;
  /** The quiz of a quiz item (sent as JSON in the `quiz` field; the server checks it). */
  quiz?: unknown;
  /** Upload progress from 0 to 1. */
  onProgress?: (fraction: number) => void;
  /** Aborts the request (the form's Cancel during an upload). */
  signal?: AbortSignal;
}

/**
 * The multipart body of a lesson or sub-lesson: the text fields first, then the video. On an
 * edit, a video item without a new file keeps its video (the server changes what is sent).
 */
function itemFormData({
  title,
  description,
  contentType,
  content,
  video,
  videoUpload,
  quiz,
}: ItemInput) {
  const form = new FormData();
  form.set('title', title);
  form.set('description', description);
  form.set('contentType', contentType);
  if (contentType === 'text') form.set('content', content);
  else if (contentType === 'quiz') form.set('quiz', JSON.stringify(quiz ?? null));
  else if (videoUpload) form.set('videoUpload', videoUpload);
  else if (video) form.set('videoUrl', video);
  return form;
}

/** Upload options: progress for a video, and the 5-minute limit (product.md §9). */
const uploadOptions = (input: ItemInput) => ({
  timeoutMs: UPLOAD_TIMEOUT_MS,
  ...(input.signal ? { signal: input.signal } : {}),
  ...(input.contentType === 'video' && input.onProgress
    ? { onUploadProgress: input.onProgress }
    : {}),
});

export function useCreateLesson(courseId: string) {
  const refresh = useRefresh(courseKeys.oneForAnyViewer(courseId));
  return useMutation({
    mutationFn: (input: ItemInput) =>
      call(lessonApi.create, {
        params: { courseId },
        body: itemFormData(input),
        ...uploadOptions(input),
      }),
    onSuccess: refresh,
  });
}

export function useCreateSubLesson(courseId: string) {
  const refresh = useRefresh(courseKeys.oneForAnyViewer(courseId));
  return useMutation({
    mutationFn: ({ lessonId, ...input }: ItemInput & { lessonId: string }) =>
      call(lessonApi.createSub, {
        params: { lessonId },
        body: itemFormData(input),
        ...uploadOptions(input),
      }),
    onSuccess: refresh,
  });
}

export function useDeleteLesson(courseId: string) {
  const refresh = useRefresh(courseKeys.oneForAnyViewer(courseId));
  return useMutation({
    mutationFn: (id: string) => call(lessonApi.delete, { params: { id } }),
    onSuccess: refresh,
  });
}

export function useDeleteSubLesson(courseId: string) {
  const refresh = useRefresh(courseKeys.oneForAnyViewer(courseId));
  return useMutation({
    mutationFn: (id: string) => call(lessonApi.deleteSub, { params: { id } }),
    onSuccess: refresh,
  });
}

export function useUpdateLesson(courseId: string) {
  const refresh = useRefresh(courseKeys.oneForAnyViewer(courseId));
  return useMutation({
    mutationFn: ({ id, ...input }: ItemInput & { id: string }) =>
      call(lessonApi.update, {
        params: { id },
        body: itemFormData(input),
        ...uploadOptions(input),
      }),
    onSuccess: refresh,
  });
}

export function useUpdateSubLesson(courseId: string) {
  const refresh = useRefresh(courseKeys.oneForAnyViewer(courseId));
  return useMutation({
    mutationFn: ({ id, ...input }: ItemInput & { id: string }) =>
      call(lessonApi.updateSub, {
        params: { id },
        body: itemFormData(input),
        ...uploadOptions(input),
      }),
    onSuccess: refresh,
  });
}

/**
 * A new order of a course's lessons (`parent` undefined) or of one lesson's sub-lessons: every
 * id once. The server refuses (409) an order that no longer matches the list.
 */
export function useReorder(courseId: string) {
  const refresh = useRefresh(courseKeys.oneForAnyViewer(courseId));
  return useMutation({
    mutationFn: ({ lessonId, ids }: { lessonId?: string; ids: string[] }) =>
      lessonId
        ? call(lessonApi.reorderSub, { params: { lessonId }, body: { ids } })
        : call(lessonApi.reorder, { params: { courseId }, body: { ids } }),
    onSettled: refresh,
  });
}
