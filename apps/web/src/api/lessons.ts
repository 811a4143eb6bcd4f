import { lessonApi } from '@ishuri/contract';
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
  /** Upload progress from 0 to 1. */
  onProgress?: (fraction: number) => void;
  /** Aborts the request (the form's Cancel during an upload). */
  signal?: AbortSignal;
}

/** The multipart body of a lesson or sub-lesson: the text fields first, then the video. */
function itemFormData({ title, description, contentType, content, video }: ItemInput) {
  const form = new FormData();
  form.set('title', title);
  form.set('description', description);
  form.set('contentType', contentType);
  if (contentType === 'text') form.set('content', content);
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
