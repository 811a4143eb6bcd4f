import type { ProgressRecord } from '@ishuri/contract';
import { api } from '../../../lib/api-client';

/**
 * POST /api/progress/complete: completes one item (lesson or sub-lesson). The server answers 409
 * while an earlier item is not complete.
 */
export const completeItem = (courseId: string, lessonId: string) =>
  api.post<{ message: string; data: ProgressRecord }>('/progress/complete', {
    courseId,
    lessonId,
    progress: 100,
  });
