import type { ContentType, Lesson } from '@ishuri/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { UPLOAD_TIMEOUT_MS } from '../../../lib/delays';
import { useInvalidate } from './invalidate';
import { keys } from './keys';
import type { MessageResponse } from './keys';

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
}

/** The multipart body of a lesson or sub-lesson: the text fields first, then the video. */
export function itemFormData({ title, description, contentType, content, video }: ItemInput) {
  const form = new FormData();
  form.set('title', title);
  form.set('description', description);
  form.set('contentType', contentType);
  if (contentType === 'text') form.set('content', content);
  else if (video) form.set('videoUrl', video);
  return form;
}

/** Upload options: progress for a video, and the 5-minute limit (product.md §9). */
export const uploadOptions = (input: ItemInput) => ({
  timeoutMs: UPLOAD_TIMEOUT_MS,
  ...(input.contentType === 'video' && input.onProgress
    ? { onUploadProgress: input.onProgress }
    : {}),
});

/** POST /api/lesson/create/{courseId} (multipart). */
export const createLesson = ({ courseId, ...input }: ItemInput & { courseId: string }) =>
  api.post<MessageResponse<Lesson>>(
    `/lesson/create/${encodeURIComponent(courseId)}`,
    itemFormData(input),
    uploadOptions(input),
  );

export const useCreateLesson = (courseId: string) => {
  const invalidate = useInvalidate(keys.course(courseId));
  return useMutation({
    mutationFn: (input: ItemInput) => createLesson({ ...input, courseId }),
    onSuccess: invalidate,
  });
};
