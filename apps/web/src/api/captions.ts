import { captionsApi } from '@ishuri/contract/routes';
import type { CaptionLanguage } from '@ishuri/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../lib/api-client';
import { courseKeys } from './courses';
import { useRefresh } from './refresh';

/**
 * Captions of a video lesson or sub-lesson (WebVTT, one file per language). Each change answers
 * the item's captions as they now are, and refreshes the course pages that list them.
 */

export interface CaptionsTarget {
  kind: 'lesson' | 'sub-lesson';
  id: string;
  language: CaptionLanguage;
}

/** Every course page (the item's course among them): a sub-lesson does not name its course. */
const coursePages = [...courseKeys.all, 'one'] as const;

export function usePutCaptions() {
  const refresh = useRefresh(coursePages);
  return useMutation({
    mutationFn: ({ kind, id, language, file }: CaptionsTarget & { file: File }) => {
      const body = new FormData();
      body.set('captions', file);
      return kind === 'lesson'
        ? call(captionsApi.putLesson, { params: { lessonId: id, language }, body })
        : call(captionsApi.putSubLesson, { params: { subLessonId: id, language }, body });
    },
    onSuccess: refresh,
  });
}

export function useDeleteCaptions() {
  const refresh = useRefresh(coursePages);
  return useMutation({
    mutationFn: ({ kind, id, language }: CaptionsTarget) =>
      kind === 'lesson'
        ? call(captionsApi.deleteLesson, { params: { lessonId: id, language } })
        : call(captionsApi.deleteSubLesson, { params: { subLessonId: id, language } }),
    onSuccess: refresh,
  });
}
