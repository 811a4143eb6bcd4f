import type { ProgressRecord } from '@ishuri/contract';
import { api } from '../../../lib/api-client';

export interface UpsertProgressAnswer {
  message: string;
  data: {
    /** True exactly when this call completed the course's last item. */
    completed: boolean;
    record: ProgressRecord;
    /** The certificate issued by this call (a premium course the learner is enrolled in). */
    certificateId: string | null;
  };
}

/** POST /api/progress/upsert: completes an item (progress 100, as the product always sends). */
export const upsertProgress = (courseId: string, lessonId: string) =>
  api.post<UpsertProgressAnswer>('/progress/upsert', { courseId, lessonId, progress: 100 });
