import { z } from 'zod';
import { idSchema } from './common';

/** `lessonId` names an item of the course: a lesson or a sub-lesson. */
export const progressRecordSchema = z.object({
  lessonId: idSchema,
  progress: z.number().min(0).max(100),
  completed: z.boolean(),
});
export type ProgressRecord = z.infer<typeof progressRecordSchema>;

export const progressListResponseSchema = z.object({ data: z.array(progressRecordSchema) });

export const progressRequestSchema = z.object({
  courseId: z.string(),
  lessonId: z.string(),
  /** Accepted for compatibility; the server decides completion itself. */
  progress: z.number().min(0).max(100).optional(),
});
export type ProgressRequest = z.infer<typeof progressRequestSchema>;

/** `completed` is true exactly when this call completed the last item of the course. */
export const progressUpsertResponseSchema = z.object({
  message: z.string(),
  data: z.object({
    completed: z.boolean(),
    record: progressRecordSchema,
    certificateId: idSchema.nullable(),
  }),
});
export const progressCompleteResponseSchema = z.object({
  message: z.string(),
  data: progressRecordSchema,
});
