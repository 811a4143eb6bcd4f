import { z } from 'zod';
import { idField, idSchema } from './common';
import { messages } from './messages';

/** `lessonId` names an item of the course: a lesson or a sub-lesson. */
export const progressRecordSchema = z.object({
  lessonId: idSchema,
  progress: z.number().min(0).max(100),
  completed: z.boolean(),
});
export type ProgressRecord = z.infer<typeof progressRecordSchema>;

/** GET /api/progress/{courseId}: the caller's records, in the course's order. */
export const progressListResponseSchema = z.object({ data: z.array(progressRecordSchema) });

/**
 * POST /api/progress/complete and /upsert. `complete` always completes the item. `upsert`
 * completes it when `progress` is 100 or absent (the web app always sends 100); a lower value
 * only saves how far the learner got (it never goes down, and never completes anything).
 * Either way the item must be the next one: every earlier item of the course complete.
 */
export const progressRequestSchema = z.object({
  courseId: idField(messages.progressIdsRequired),
  lessonId: idField(messages.progressIdsRequired),
  progress: z
    .number({ error: messages.progressValueInvalid })
    .min(0, { error: messages.progressValueInvalid })
    .max(100, { error: messages.progressValueInvalid })
    .optional(),
});
export type ProgressRequest = z.infer<typeof progressRequestSchema>;

/**
 * `completed` is true exactly when this call completed the last item of the course (the server
 * decides from its own records). `certificateId` is then the learner's certificate for the
 * course (premium courses the learner is enrolled in), else null.
 */
export const progressUpsertResponseSchema = z.object({
  message: z.string(),
  data: z.object({
    completed: z.boolean(),
    record: progressRecordSchema,
    certificateId: idSchema.nullable(),
  }),
});
export type ProgressUpsertResponse = z.infer<typeof progressUpsertResponseSchema>;

export const progressCompleteResponseSchema = z.object({
  message: z.string(),
  data: progressRecordSchema,
});
