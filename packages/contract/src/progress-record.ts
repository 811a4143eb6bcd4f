import { z } from 'zod';
import { idSchema } from './common';

/** `lessonId` names an item of the course: a lesson or a sub-lesson. */
export const progressRecordSchema = z.object({
  lessonId: idSchema,
  progress: z.number().min(0).max(100),
  completed: z.boolean(),
});
export type ProgressRecord = z.infer<typeof progressRecordSchema>;
